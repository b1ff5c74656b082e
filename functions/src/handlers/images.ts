/**
 * Saved images: save a finished transformation to a project or without one (no re-upload: the
 * image refers to the stored objects), list them with signed URLs, delete one. Organization-scoped.
 */
import * as z from 'zod/mini';
import { PROCESSING_TEXTS } from '@vitrine/shared';
import { tableDeps } from '../lib/aws/dynamodb';
import { presignGetUrl, resultsBucket, s3, uploadsBucket } from '../lib/aws/s3';
import { NotFound } from '../lib/errors';
import { resourceIdSchema } from '../lib/ids';
import { createHttpHandler, json, noContent, parseBody, type HttpEvent } from '../lib/http';
import { deleteImage, listImages } from '../images/image-store';
import { keepObjects } from '../images/keep-objects';
import { saveImage, type SaveImageDeps } from '../images/save-image';
import { toImage } from '../images/to-image';
import { transformationState } from '../image-processing/stored-objects';
import { getProject } from '../projects/project-store';
import { organizationCaller } from '../scope/organization-caller';
import { getTransformation } from '../transformations/transformation-store';
import { getUpload } from '../uploads/upload-store';

const saveSchema = z.object({
  transformationId: resourceIdSchema(PROCESSING_TEXTS.transformationNotFound),
});

const table = tableDeps;
const sign = (bucket: string, key: string) => presignGetUrl(bucket, key);

const saveDeps = (): SaveImageDeps => ({
  ...table(),
  findTransformation: async (orgId, id) => {
    const record = await getTransformation(table(), orgId, id);
    if (!record) return undefined;
    const upload = record.uploadId ? await getUpload(table(), orgId, record.uploadId) : undefined;
    const state = transformationState(record, { uploads: uploadsBucket(), results: resultsBucket() });
    return { ...state, simulated: state.simulated ?? false, fileName: upload?.fileName ?? `${record.id}.png` };
  },
  projectExists: async (orgId, projectId) => (await getProject(table(), orgId, projectId)) !== undefined,
  keepObjects: (objects) => keepObjects(s3, objects),
});

async function save(event: HttpEvent, body: unknown, projectId: string | null) {
  const caller = await organizationCaller(event);
  const { transformationId } = parseBody(saveSchema, body);
  const { record, created } = await saveImage(saveDeps(), { ...caller, transformationId, projectId });
  return json(created ? 201 : 200, await toImage(record, sign));
}

async function list(event: HttpEvent, projectId: string | null) {
  const { orgId } = await organizationCaller(event);
  if (projectId !== null && !(await getProject(table(), orgId, projectId))) {
    throw new NotFound(PROCESSING_TEXTS.projectNotFound);
  }
  const records = await listImages(table(), orgId, projectId);
  return json(200, await Promise.all(records.map((record) => toImage(record, sign))));
}

/** Deletes the item only: the stored objects may back the same result saved elsewhere. */
async function remove(event: HttpEvent, imageId: string, projectId?: string) {
  const { orgId } = await organizationCaller(event);
  if (!(await deleteImage(table(), orgId, imageId, projectId))) {
    throw new NotFound(PROCESSING_TEXTS.imageNotFound);
  }
  return noContent();
}

export const handler = createHttpHandler({
  'POST /api/images/no-project': ({ event, body }) => save(event, body, null),
  'POST /api/images/project/{projectId}': ({ event, body }) => save(event, body, event.pathParameters?.projectId ?? ''),
  'GET /api/images/no-project': ({ event }) => list(event, null),
  'GET /api/images/project/{projectId}': ({ event }) => list(event, event.pathParameters?.projectId ?? ''),
  'DELETE /api/images/{imageId}': ({ event }) => remove(event, event.pathParameters?.imageId ?? ''),
  'DELETE /api/images/project/{projectId}/{imageId}': ({ event }) =>
    remove(event, event.pathParameters?.imageId ?? '', event.pathParameters?.projectId ?? ''),
});
