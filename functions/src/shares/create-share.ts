/**
 * POST /api/shares (decision 098): a link to one image, a selection or a project's images. The
 * link names the images (a project's as they are now); it never copies them.
 */
import {
  API_TEXTS,
  PROJECTS_TEXTS,
  SHARE_LINK,
  SHARES_API_TEXTS,
  type CreateShareInput,
  type ShareScope,
} from '@vitrine/shared';
import type { TableDeps } from '../lib/aws/dynamodb';
import { BadRequest, NotFound } from '../lib/errors';
import { timeOrderedId } from '../lib/ids';
import { gsi1Keys, keys } from '../lib/keys';
import type { ImageRecord, ShareLinkRecord } from '../lib/records';
import { getImage, listImagePage } from '../images/image-store';
import { getProjectRecord } from '../projects/project-store';
import { newShareToken } from './share-token';
import { putShareLink } from './share-store';

const DAY_MS = 86_400_000;

export function validUntil(now: Date, days: number = SHARE_LINK.defaultDays): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString();
}

async function projectImages(deps: TableDeps, orgId: string, projectId: string): Promise<ImageRecord[]> {
  const project = await getProjectRecord(deps, orgId, projectId);
  if (!project || project.deletingAt) throw new NotFound(PROJECTS_TEXTS.notFoundOrDenied);
  const images: ImageRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await listImagePage(deps, orgId, projectId, { limit: 100, cursor });
    images.push(...page.records);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && images.length < SHARE_LINK.maxImages);
  // The index lags the table: keep only the images still in the project.
  const current = await Promise.all(images.map((image) => getImage(deps, orgId, image.id)));
  return current.filter((image): image is ImageRecord => image?.projectId === projectId).slice(0, SHARE_LINK.maxImages);
}

async function namedImages(deps: TableDeps, orgId: string, imageIds: readonly string[]): Promise<ImageRecord[]> {
  const unique = [...new Set(imageIds)];
  const images = await Promise.all(unique.map((id) => getImage(deps, orgId, id)));
  if (images.some((image) => !image)) throw new NotFound(API_TEXTS.imageNotFound);
  return images as ImageRecord[];
}

export async function createShareLink(
  deps: TableDeps,
  caller: { orgId: string; userId: string },
  input: CreateShareInput,
  now = new Date(),
): Promise<{ record: ShareLinkRecord; token: string }> {
  let scope: ShareScope;
  let images: ImageRecord[];
  if (input.projectId) {
    scope = 'project';
    images = await projectImages(deps, caller.orgId, input.projectId);
  } else if (input.imageIds && input.imageIds.length > 0) {
    images = await namedImages(deps, caller.orgId, input.imageIds);
    scope = images.length === 1 ? 'image' : 'selection';
  } else {
    throw new BadRequest(SHARES_API_TEXTS.imagesRequired);
  }
  if (images.length === 0) throw new BadRequest(SHARES_API_TEXTS.nothingToShare);
  const { token, tokenHash } = newShareToken();
  const id = timeOrderedId(now.getTime());
  const record: ShareLinkRecord = {
    ...keys.shareLink(caller.orgId, id),
    ...gsi1Keys.shareToken(tokenHash),
    id,
    organizationId: caller.orgId,
    scope,
    projectId: input.projectId ?? null,
    imageIds: images.map((image) => image.id),
    transformationIds: images.map((image) => image.transformationId),
    tokenHash,
    createdBy: caller.userId,
    createdAt: now.toISOString(),
    validUntil: validUntil(now, input.expiresInDays),
  };
  await putShareLink(deps, record);
  return { record, token };
}
