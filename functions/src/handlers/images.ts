/**
 * Saved images: save a finished transformation to a project or without one (no re-upload: the
 * image refers to the stored objects), list them a page at a time with signed URLs (full size and
 * thumbnails), delete one, and the organization's transformation count. Organization-scoped.
 */
import * as z from 'zod/mini';
import { type Page, type Image, API_TEXTS, PROJECTS_TEXTS, TRANSFORMATION_MESSAGES } from '@vitrine/shared';
import { tableDeps } from '../lib/aws/dynamodb';
import { resultsBucket, uploadsBucket } from '../lib/aws/buckets';
import { presignGetUrl } from '../lib/aws/presign-get';
import { putObjectTags } from '../lib/aws/s3-tagging';
import { NotFound } from '../lib/errors';
import { resourceIdSchema } from '../lib/ids';
import { createHttpHandler, json, noContent, parseBody, type HttpEvent } from '../lib/http';
import { pageRequest } from '../lib/paging';
import { deleteImage, getImage, listImagePage } from '../images/image-store';
import { keepObjects } from '../images/keep-objects';
import { saveImage, type SaveImageDeps } from '../images/save-image';
import { toImage } from '../images/to-image';
import { transformationState } from '../image-processing/stored-objects';
import { getProjectRecord } from '../projects/project-store';
import { organizationCaller, requireMayChange } from '../scope/organization-caller';
import { imageStats } from '../stats/organization-stats';
import { markTransformationSaved } from '../transformations/transformation-history';
import { getTransformation } from '../transformations/transformation-store';
import { getUpload } from '../uploads/upload-store';

const saveSchema = z.object({
  transformationId: resourceIdSchema(TRANSFORMATION_MESSAGES.transformationNotFound),
});

const table = tableDeps;

/** A project of the organization that accepts images (not being deleted). */
const openProject = async (orgId: string, projectId: string) => {
  const project = await getProjectRecord(table(), orgId, projectId);
  return project !== undefined && !project.deletingAt;
};

const saveDeps = (): SaveImageDeps => ({
  ...table(),
  findTransformation: async (orgId, id) => {
    const record = await getTransformation(table(), orgId, id);
    if (!record) return undefined;
    const upload = record.uploadId ? await getUpload(table(), orgId, record.uploadId) : undefined;
    const state = transformationState(record, { uploads: uploadsBucket(), results: resultsBucket() });
    return {
      ...state,
      options: record.options ?? {},
      simulated: state.simulated ?? false,
      fileName: upload?.fileName ?? record.id,
      thumbnailKey: record.thumbnailKey,
      originalThumbnailKey: record.originalThumbnailKey,
    };
  },
  projectExists: openProject,
  keepObjects: (objects) => keepObjects(putObjectTags, objects),
  markSaved: (orgId, transformationId, at) => markTransformationSaved(table(), orgId, transformationId, at),
});

async function save(event: HttpEvent, body: unknown, projectId: string | null) {
  const caller = await organizationCaller(event);
  const { transformationId } = parseBody(saveSchema, body);
  const { record, created } = await saveImage(saveDeps(), { ...caller, transformationId, projectId });
  return json(created ? 201 : 200, await toImage(record, presignGetUrl));
}

async function list(event: HttpEvent, projectId: string | null) {
  const { orgId } = await organizationCaller(event);
  if (projectId !== null && !(await getProjectRecord(table(), orgId, projectId))) {
    throw new NotFound(PROJECTS_TEXTS.notFoundOrDenied);
  }
  const { records, nextCursor } = await listImagePage(table(), orgId, projectId, pageRequest(event));
  const page: Page<Image> = {
    items: await Promise.all(records.map((record) => toImage(record, presignGetUrl))),
    nextCursor,
  };
  return json(200, page);
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
