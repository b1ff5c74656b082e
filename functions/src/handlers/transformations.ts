/** GET /api/transformations/{id}: the status of a job of the caller's organization, with signed URLs. */
import { TRANSFORMATION_MESSAGES } from '@vitrine/shared';
import { tableDeps } from '../lib/aws/dynamodb';
import { resultsBucket, uploadsBucket } from '../lib/aws/buckets';
import { presignGetUrl } from '../lib/aws/presign-get';
import { NotFound } from '../lib/errors';
import { createHttpHandler, json } from '../lib/http';
import { transformationState } from '../image-processing/stored-objects';
import { transformationView } from '../image-processing/transformation-status';
import { readOrganizationView } from '../organizations/organization-record';
import { organizationCaller } from '../scope/organization-caller';
import { getTransformation } from '../transformations/transformation-store';

export const handler = createHttpHandler({
  'GET /api/transformations/{id}': async ({ event }) => {
    const { orgId } = await organizationCaller(event);
    const record = await getTransformation(tableDeps(), orgId, event.pathParameters?.id ?? '');
    if (!record) throw new NotFound(TRANSFORMATION_MESSAGES.transformationNotFound);
    const state = transformationState(record, { uploads: uploadsBucket(), results: resultsBucket() });
    const balance = (await readOrganizationView(tableDeps(), orgId))?.creditBalance ?? 0;
    return json(200, await transformationView(state, balance, presignGetUrl));
  },
});
