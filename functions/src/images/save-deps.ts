/**
 * The dependencies of saving a transformation's result as an image, bound to the table and the
 * buckets: one definition for the app's POST /api/images/... and the public API's POST /api/v1/...
 * routes (issue 25), and for the workflow's Complete step, which files the result of a start that
 * named a project (decision 122).
 */
import { tableDeps, type TableDeps } from '../lib/aws/dynamodb';
import { resultsBucket, uploadsBucket } from '../lib/aws/buckets';
import { putObjectTags, type PutObjectTags } from '../lib/aws/s3-tagging';
import { type Buckets, transformationState } from '../image-processing/stored-objects';
import { projectAcceptsImages } from '../projects/project-store';
import { markTransformationSaved } from '../transformations/transformation-history';
import { getTransformation } from '../transformations/transformation-store';
import { getUpload } from '../uploads/upload-store';
import { keepObjects } from './keep-objects';
import type { SaveImageDeps } from './save-image';

/** Where saving reads and writes: the table, the two buckets, and how objects are re-tagged. */
export interface SaveStores extends TableDeps {
  buckets: Buckets;
  putTags: PutObjectTags;
}

export const saveDepsFor = ({ buckets, putTags, ...table }: SaveStores): SaveImageDeps => ({
  ...table,
  findTransformation: async (orgId, id) => {
    const record = await getTransformation(table, orgId, id);
    if (!record) return undefined;
    const upload = record.uploadId ? await getUpload(table, orgId, record.uploadId) : undefined;
    const state = transformationState(record, buckets);
    return {
      ...state,
      options: record.options ?? {},
      simulated: state.simulated ?? false,
      fileName: upload?.fileName ?? record.id,
      thumbnailKey: record.thumbnailKey,
      originalThumbnailKey: record.originalThumbnailKey,
    };
  },
  projectExists: (orgId, projectId) => projectAcceptsImages(table, orgId, projectId),
  keepObjects: (objects) => keepObjects(putTags, objects),
  markSaved: (orgId, transformationId, at, imageId) =>
    markTransformationSaved(table, orgId, transformationId, at, imageId),
});

/** This Lambda's: its table, buckets and tagger, from its environment. */
export const saveDeps = (): SaveImageDeps =>
  saveDepsFor({
    ...tableDeps(),
    buckets: { uploads: uploadsBucket(), results: resultsBucket() },
    putTags: putObjectTags,
  });
