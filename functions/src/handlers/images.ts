/**
 * Saved images: save a finished transformation to a project or without one (no re-upload: the
 * image refers to the stored objects), list them a page at a time with signed URLs (full size and
 * thumbnails), delete one, and the organization's transformation count. Organization-scoped.
 */
import * as z from 'zod/mini';
import { API_TEXTS, TRANSFORMATION_MESSAGES } from '@vitrine/shared';
import { tableDeps } from '../lib/aws/dynamodb';
import { presignGetUrl } from '../lib/aws/presign-get';
import { NotFound } from '../lib/errors';
import { resourceIdSchema } from '../lib/ids';
import { createHttpHandler, json, noContent, parseBody, type HttpEvent } from '../lib/http';
import { deleteImage, getImage } from '../images/image-store';
import { imagePage } from '../images/image-page';
import { saveDeps } from '../images/save-deps';
import { saveImage } from '../images/save-image';
import { toImage } from '../images/to-image';
import { organizationCaller, requireMayChange } from '../scope/organization-caller';
import { removeImageFromShareLinks } from '../shares/share-store';
import { imageStats } from '../stats/organization-stats';

const saveSchema = z.object({
  transformationId: resourceIdSchema(TRANSFORMATION_MESSAGES.transformationNotFound),
});

const table = tableDeps;

async function save(event: HttpEvent, body: unknown, projectId: string | null) {
  const caller = await organizationCaller(event);
  const { transformationId } = parseBody(saveSchema, body);
  const { record, created } = await saveImage(saveDeps(), { ...caller, transformationId, projectId });
  return json(created ? 201 : 200, await toImage(record, presignGetUrl));
}

async function list(event: HttpEvent, projectId: string | null) {
  const { orgId } = await organizationCaller(event);
  return json(200, await imagePage(orgId, projectId, event));
}

/** Deletes the item only: the stored objects may back the same result saved elsewhere. */
async function remove(event: HttpEvent, imageId: string, projectId?: string) {
  const caller = await organizationCaller(event);
  const { orgId } = caller;
  const image = await getImage(table(), orgId, imageId);
  if (image && (projectId === undefined || image.projectId === projectId)) requireMayChange(caller, image.userId);
  if (!(await deleteImage(table(), orgId, imageId, projectId))) {
    throw new NotFound(API_TEXTS.imageNotFound);
  }
  // A deleted image leaves every share link (decision 098).
  await removeImageFromShareLinks(table(), orgId, imageId);
  return noContent();
}

export const handler = createHttpHandler({
  'POST /api/images/no-project': ({ event, body }) => save(event, body, null),
  'POST /api/images/project/{projectId}': ({ event, body }) => save(event, body, event.pathParameters?.projectId ?? ''),
  'GET /api/images/no-project': ({ event }) => list(event, null),
  'GET /api/images/project/{projectId}': ({ event }) => list(event, event.pathParameters?.projectId ?? ''),
  'GET /api/images/stats/total-transformed': async ({ event }) => {
    const { orgId } = await organizationCaller(event);
    return json(200, await imageStats(table(), orgId));
  },
  'DELETE /api/images/{imageId}': ({ event }) => remove(event, event.pathParameters?.imageId ?? ''),
  'DELETE /api/images/project/{projectId}/{imageId}': ({ event }) =>
    remove(event, event.pathParameters?.imageId ?? '', event.pathParameters?.projectId ?? ''),
});
