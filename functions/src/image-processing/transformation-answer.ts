/**
 * A transformation of an organization as its readers get it (status, options, signed URLs of the
 * validated original and the result, the credit balance): one answer for the app's
 * GET /api/transformations/{id} and the public API's GET /api/v1/transformations/{id} (issue 25).
 */
import { type Transformation, TRANSFORMATION_MESSAGES } from '@vitrine/shared';
import { tableDeps } from '../lib/aws/dynamodb';
import { resultsBucket, uploadsBucket } from '../lib/aws/buckets';
import { presignGetUrl } from '../lib/aws/presign-get';
import { NotFound } from '../lib/errors';
import { readOrganizationView } from '../organizations/organization-record';
import { getTransformation } from '../transformations/transformation-store';
import { transformationState } from './stored-objects';
import { transformationView } from './transformation-status';

export async function transformationAnswer(orgId: string, id: string): Promise<Transformation> {
  const record = await getTransformation(tableDeps(), orgId, id);
  if (!record) throw new NotFound(TRANSFORMATION_MESSAGES.transformationNotFound);
  const state = transformationState(record, { uploads: uploadsBucket(), results: resultsBucket() });
  const balance = (await readOrganizationView(tableDeps(), orgId))?.creditBalance ?? 0;
  return transformationView(state, balance, presignGetUrl);
}
