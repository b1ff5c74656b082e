/**
 * The public API's transformations (issue 25): POST /api/v1/transformations starts one (or up to 4
 * variants) through the app's own start, credits and workflow, with the app's `Idempotency-Key`;
 * GET /api/v1/transformations/{id} answers what the app's status call answers.
 */
import type { StartedTransformations } from '@vitrine/shared';
import { withApiKey } from '../api-keys/api-key-access';
import { createHttpHandler, json } from '../lib/http';
import { startDeps } from '../image-processing/start-deps';
import { startTransformation } from '../image-processing/start-transformation';
import { transformationAnswer } from '../image-processing/transformation-answer';
import { idempotencyKeyOf } from '../public-api/idempotency-header';
import { tableDeps } from '../lib/aws/dynamodb';
import { endpointForStart } from '../webhooks/webhook-endpoints';

export const handler = createHttpHandler({
  'POST /api/v1/transformations': withApiKey('transform', async ({ event, body, correlationId }, caller) => {
    // The app's start checks everything (type, photo, options, variants) with its French messages;
    // publicStartSchema documents the same body.
    const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const type = fields.type;
    // A webhook named by URL must be one the organization registered (decision 114).
    const webhookEndpointId = await endpointForStart(tableDeps(), caller.orgId, fields.webhookUrl);
    const { replayed, ...started } = await startTransformation(startDeps, caller, {
      type: typeof type === 'string' ? type : undefined,
      body,
      correlationId,
      idempotencyKey: idempotencyKeyOf(event),
      ...(webhookEndpointId ? { webhookEndpointId } : {}),
    });
    const response = json(202, started satisfies StartedTransformations);
    return replayed ? { ...response, headers: { ...response.headers, 'idempotent-replayed': 'true' } } : response;
  }),

  'GET /api/v1/transformations/{id}': withApiKey('read', async ({ event }, caller) =>
    json(200, await transformationAnswer(caller.orgId, event.pathParameters?.id ?? '')),
  ),
});
