/**
 * The public link to a transformation's original that an export's QR code holds (decisions 118
 * and 130). The token is a share token (decision 098: 32 random bytes, base64url, found by its
 * SHA-256 through gsi1); one link per transformation, made at its first export with a QR code and
 * kept, so every export of the result prints the same code. Opening it redirects to a short-lived
 * signed URL of the original while what it was exported from is there: the saved image (a deleted
 * image's link answers the share page's 'gone'), or, for a result exported before anyone saved it,
 * the transformation until it is deleted from the history, then the image its first save made.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { firstOnGsi1, isConditionalCheckFailed, type TableDeps } from '../lib/aws/dynamodb';
import type { PutObjectTags } from '../lib/aws/s3-tagging';
import { gsi1Keys, keys } from '../lib/keys';
import type { OriginalLinkRecord, TransformationRecord } from '../lib/records';
import { keepObjects } from '../images/keep-objects';
import { getTransformation } from '../transformations/transformation-store';
import { ShareGone, resolveSharedImage } from './public-share';
import { hashShareToken, isShareTokenShape, newShareToken } from './share-token';

/** The path of the public original route (functions/src/routes.ts), the QR code's URL after the origin. */
export const originalLinkPath = (token: string) => `/api/public/originals/${token}`;

/** An original in its bucket. */
export interface OriginalObject {
  bucket: string;
  key: string;
}

/**
 * What a link is made for: a saved image (decision 118), or a result nobody saved yet, whose
 * original must then be kept out of the unsaved objects' expiry before a code can point at it
 * (decision 130).
 */
export type OriginalLinkSubject = { organizationId: string; transformationId: string } & (
  { imageId: string } | { imageId?: undefined; original: OriginalObject }
);

export interface OriginalLinkDeps extends TableDeps {
  /** Re-tags an unsaved result's original kept (decision 52's tag), as saving does. */
  putTags: PutObjectTags;
}

async function getOriginalLink({ ddb, tableName }: TableDeps, orgId: string, transformationId: string) {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName, Key: keys.originalLink(orgId, transformationId), ConsistentRead: true }),
  );
  return Item as OriginalLinkRecord | undefined;
}

/** The token of the transformation's original link, made once (a concurrent first export reads the winner's). */
export async function originalLinkToken(
  deps: OriginalLinkDeps,
  subject: OriginalLinkSubject,
  now = new Date(),
): Promise<string> {
  const { organizationId, transformationId } = subject;
  const existing = await getOriginalLink(deps, organizationId, transformationId);
  if (existing) return existing.token;
  // Kept before the link exists: no code ever points at an original the lifecycle may still expire.
  if (subject.imageId === undefined) await keepObjects(deps.putTags, [subject.original]);
  const { token, tokenHash } = newShareToken();
  const record: OriginalLinkRecord = {
    ...keys.originalLink(organizationId, transformationId),
    ...gsi1Keys.originalToken(tokenHash),
    organizationId,
    transformationId,
    ...(subject.imageId === undefined ? {} : { imageId: subject.imageId }),
    token,
    tokenHash,
    createdAt: now.toISOString(),
  };
  try {
    await deps.ddb.send(
      new PutCommand({ TableName: deps.tableName, Item: record, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    return token;
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    return (await getOriginalLink(deps, organizationId, transformationId))!.token;
  }
}

/** A transformation's validated original while it is in its organization's history with a result. */
export function originalOfUnsavedResult(
  transformation: TransformationRecord | undefined,
  uploadsBucket: string,
): OriginalObject | undefined {
  if (!transformation || transformation.status !== 'succeeded' || transformation.discardedAt) return undefined;
  if (!transformation.normalisedKey) return undefined;
  return { bucket: uploadsBucket, key: transformation.normalisedKey };
}

/**
 * The original a token opens; ShareGone for a malformed or unknown token, a deleted image, or a
 * result deleted from the history before anyone saved it.
 */
export async function originalOfLink(deps: TableDeps, uploadsBucket: string, token: string): Promise<OriginalObject> {
  if (!isShareTokenShape(token)) throw new ShareGone();
  const tokenHash = hashShareToken(token);
  const found = await firstOnGsi1<OriginalLinkRecord>(deps, gsi1Keys.originalToken(tokenHash).gsi1pk);
  const link = found && (await getOriginalLink(deps, found.organizationId, found.transformationId));
  if (!link || link.tokenHash !== tokenHash) throw new ShareGone();
  const transformation =
    link.imageId === undefined ? await getTransformation(deps, link.organizationId, link.transformationId) : undefined;
  const imageId = link.imageId ?? transformation?.savedImageId;
  if (imageId === undefined) {
    const original = originalOfUnsavedResult(transformation, uploadsBucket);
    if (!original) throw new ShareGone();
    return original;
  }
  const image = await resolveSharedImage(deps, link.organizationId, imageId, link.transformationId);
  if (!image) throw new ShareGone();
  return { bucket: image.originalBucket, key: image.originalFilePath };
}
