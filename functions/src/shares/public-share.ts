/**
 * GET /api/public/shares/{token} (decision 098), unauthenticated: the agency's name and each pair
 * with short-lived signed URLs. An unknown, malformed, expired or revoked token gets one and the
 * same answer (no oracle); the answer names no id, no file name, no project and no person.
 */
import {
  DISCLOSURE_LEVELS,
  SHARE_LINK,
  SHARES_API_TEXTS,
  type PublicShare,
  type PublicShareItem,
} from '@vitrine/shared';
import type { TableDeps } from '../lib/aws/dynamodb';
import type { SignGetUrl } from '../lib/aws/presign-get';
import { NotFound } from '../lib/errors';
import type { ImageRecord, ShareLinkRecord } from '../lib/records';
import { getImage, imageIdFor } from '../images/image-store';
import { readOrganizationView } from '../organizations/organization-record';
import { getTransformation } from '../transformations/transformation-store';
import { hashShareToken, isShareTokenShape } from './share-token';
import { countShareView, findShareLinkByToken, shareStatus } from './share-store';

export class ShareGone extends NotFound {
  constructor() {
    super(SHARES_API_TEXTS.gone);
  }
}

/** The link a token opens while it is active; ShareGone otherwise. */
export async function activeShareLink(deps: TableDeps, token: string, now: Date): Promise<ShareLinkRecord> {
  if (!isShareTokenShape(token)) throw new ShareGone();
  const record = await findShareLinkByToken(deps, hashShareToken(token));
  if (!record || shareStatus(record, now) !== 'active') throw new ShareGone();
  return record;
}

/**
 * The image an entry names, read now: by its id, or, when a project's deletion moved it out, under
 * its unclassified id (decision 80: the move rewrites the image under that id).
 */
export async function resolveSharedImage(
  deps: TableDeps,
  orgId: string,
  imageId: string,
  transformationId: string,
): Promise<ImageRecord | undefined> {
  const image = await getImage(deps, orgId, imageId);
  if (image) return image;
  const unclassifiedId = imageIdFor(transformationId, null);
  return unclassifiedId === imageId ? undefined : getImage(deps, orgId, unclassifiedId);
}

export async function publicShare(
  deps: TableDeps,
  sign: SignGetUrl,
  token: string,
  now = new Date(),
): Promise<PublicShare> {
  const link = await activeShareLink(deps, token, now);
  const orgId = link.organizationId;
  const [organization, images] = await Promise.all([
    readOrganizationView(deps, orgId),
    Promise.all(link.imageIds.map((id, index) => resolveSharedImage(deps, orgId, id, link.transformationIds[index]!))),
  ]);
  const signed = (bucket: string, key: string) =>
    sign(bucket, key, { expiresIn: SHARE_LINK.urlSeconds, signingDate: now });
  const items = await Promise.all(
    images
      .filter((image): image is ImageRecord => image !== undefined)
      .map(async (image): Promise<PublicShareItem> => {
        const thumbnail = (key: string | undefined) => (key ? signed(image.resultBucket, key) : null);
        const [transformation, originalUrl, resultUrl, originalThumbnailUrl, resultThumbnailUrl] = await Promise.all([
          getTransformation(deps, orgId, image.transformationId),
          signed(image.originalBucket, image.originalFilePath),
          signed(image.resultBucket, image.transformedFilePath),
          thumbnail(image.originalThumbnailFilePath),
          thumbnail(image.thumbnailFilePath),
        ]);
        return {
          type: image.type,
          disclosure: DISCLOSURE_LEVELS[image.type],
          width: transformation?.width ?? null,
          height: transformation?.height ?? null,
          originalUrl,
          resultUrl,
          originalThumbnailUrl,
          resultThumbnailUrl,
        };
      }),
  );
  await countShareView(deps, link, now.toISOString());
  return { agencyName: organization?.name ?? '', expiresAt: link.validUntil, items };
}
