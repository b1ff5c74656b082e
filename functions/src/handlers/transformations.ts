/** GET /api/transformations/{id}: the status of a job of the caller's organization, with signed URLs. */
import { createHttpHandler, json } from '../lib/http';
import { transformationAnswer } from '../image-processing/transformation-answer';
import { organizationCaller } from '../scope/organization-caller';

export const handler = createHttpHandler({
  'GET /api/transformations/{id}': async ({ event }) => {
    const { orgId } = await organizationCaller(event);
    return json(200, await transformationAnswer(orgId, event.pathParameters?.id ?? ''));
  },
});
