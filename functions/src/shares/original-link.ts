/**
 * The public link to an image's original that an export's QR code holds (decision 118). The
 * token is a share token (decision 098: 32 random bytes, base64url, found by its SHA-256 through
 * gsi1); one link per transformation, made at its first export with a QR code and kept, so every
 * export of the image prints the same code. Opening it redirects to a short-lived signed URL of the
 * original while the image exists; a deleted image's link answers the share page's 'gone'.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { firstOnGsi1, isConditionalCheckFailed, type TableDeps } from '../lib/aws/dynamodb';
import { gsi1Keys, keys } from '../lib/keys';
import type { ImageRecord, OriginalLinkRecord } from '../lib/records';
import { ShareGone, resolveSharedImage } from './public-share';
import { hashShareToken, isShareTokenShape, newShareToken } from './share-token';

/** The path of the public original route (functions/src/routes.ts), the QR code's URL after the origin. */
export const originalLinkPath = (token: string) => `/api/public/originals/${token}`;

async function getOriginalLink({ ddb, tableName }: TableDeps, orgId: string, transformationId: string) {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName, Key: keys.originalLink(orgId, transformationId), ConsistentRead: true }),
  );
  return Item as OriginalLinkRecord | undefined;
}

/** The token of the image's original link, made once (a concurrent first export reads the winner's). */
export async function originalLinkToken(deps: TableDeps, image: ImageRecord, now = new Date()): Promise<string> {
  const existing = await getOriginalLink(deps, image.organizationId, image.transformationId);
  if (existing) return existing.token;
  const { token, tokenHash } = newShareToken();
  const record: OriginalLinkRecord = {
    ...keys.originalLink(image.organizationId, image.transformationId),
    ...gsi1Keys.originalToken(tokenHash),
    organizationId: image.organizationId,
    transformationId: image.transformationId,
    imageId: image.id,
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
    return (await getOriginalLink(deps, image.organizationId, image.transformationId))!.token;
  }
}

/** The image whose original a token opens; ShareGone for a malformed or unknown token, or a deleted image. */
export async function imageOfOriginalLink(deps: TableDeps, token: string): Promise<ImageRecord> {
  if (!isShareTokenShape(token)) throw new ShareGone();
  const tokenHash = hashShareToken(token);
  const found = await firstOnGsi1<OriginalLinkRecord>(deps, gsi1Keys.originalToken(tokenHash).gsi1pk);
  const link = found && (await getOriginalLink(deps, found.organizationId, found.transformationId));
  if (!link || link.tokenHash !== tokenHash) throw new ShareGone();
  const image = await resolveSharedImage(deps, link.organizationId, link.imageId, link.transformationId);
  if (!image) throw new ShareGone();
  return image;
}
