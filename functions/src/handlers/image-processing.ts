/**
 * POST /api/image-processing/{type}: records a transformation job for the caller's organization,
 * reserves its credit and starts its workflow execution. Polling is the transformations group's job.
 */
import { IDEMPOTENCY_KEY, type StartedTransformations } from '@vitrine/shared';
import { createHttpHandler, json } from '../lib/http';
import { startDeps } from '../image-processing/start-deps';
import { startTransformation } from '../image-processing/start-transformation';
import { organizationCaller } from '../scope/organization-caller';

export const handler = createHttpHandler({
  'POST /api/image-processing/{type}': async ({ event, body, correlationId }) => {
    const caller = await organizationCaller(event);
    const { replayed, ...started } = await startTransformation(startDeps, caller, {
      type: event.pathParameters?.type,
      body,
      correlationId,
      // HTTP API v2 lower-cases header names.
      idempotencyKey: event.headers?.[IDEMPOTENCY_KEY.header.toLowerCase()],
    });
    const response = json(202, started satisfies StartedTransformations);
    // As Stripe and the IETF draft do: the client can tell an answer replayed for its key.
    return replayed ? { ...response, headers: { ...response.headers, 'idempotent-replayed': 'true' } } : response;
  },
});
