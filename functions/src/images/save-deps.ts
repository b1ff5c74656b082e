/**
 * The dependencies of saving a transformation's result as an image, bound to the table and the
 * buckets: one definition for the app's POST /api/images/... and the public API's POST /api/v1/...
 * routes (issue 25).
 */
import { tableDeps } from '../lib/aws/dynamodb';
import { resultsBucket, uploadsBucket } from '../lib/aws/buckets';
import { putObjectTags } from '../lib/aws/s3-tagging';
import { transformationState } from '../image-processing/stored-objects';
import { getProjectRecord } from '../projects/project-store';
import { markTransformationSaved } from '../transformations/transformation-history';
import { getTransformation } from '../transformations/transformation-store';
import { getUpload } from '../uploads/upload-store';
import { keepObjects } from './keep-objects';
import type { SaveImageDeps } from './save-image';

const table = tableDeps;

/** A project of the organization that accepts images (not being deleted). */
const openProject = async (orgId: string, projectId: string) => {
  const project = await getProjectRecord(table(), orgId, projectId);
  return project !== undefined && !project.deletingAt;
};

export const saveDeps = (): SaveImageDeps => ({
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
