/**
 * POST /api/image-processing/{type}: records a transformation job for the caller's organization,
 * reserves its credit and starts its workflow execution. Polling is the transformations group's job.
 */
import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import {
  IDEMPOTENCY_KEY,
  isSubscriptionActive,
  type StartedTransformations,
  TRANSFORMATION_LIMITS,
} from '@vitrine/shared';
import { envGetter } from '../lib/config';
import { ENV } from '../lib/env';
import { tableDeps } from '../lib/aws/dynamodb';
import { sfn } from '../lib/aws/sfn';
import { createHttpHandler, json } from '../lib/http';
import { refundCredit, reserveCredit } from '../credits/credits';
import { claimIdempotencyKey, markKeyStarted, releaseIdempotencyKey } from '../image-processing/idempotency';
import { startTransformation, type StartTransformationDeps } from '../image-processing/start-transformation';
import { readOrganizationView } from '../organizations/organization-record';
import { organizationCaller } from '../scope/organization-caller';
import { createTransformation, getTransformation, markFailed } from '../transformations/transformation-store';
import { getUpload } from '../uploads/upload-store';
import { readUploadSignature } from '../uploads/upload-signature';

const stateMachineArn = envGetter(ENV.stateMachineArn);

const startDeps: StartTransformationDeps = {
  findUpload: (orgId, uploadId) => getUpload(tableDeps(), orgId, uploadId),
  readUploadSignature: (upload) => readUploadSignature(upload),
  findTransformation: (orgId, id) => getTransformation(tableDeps(), orgId, id),
  organizationState: async (orgId) => {
    const organization = await readOrganizationView(tableDeps(), orgId);
    return {
      subscriptionActive: isSubscriptionActive(organization?.subscription),
      creditBalance: organization?.creditBalance ?? 0,
      openReservations: Object.keys(organization?.reservations ?? {}).length,
    };
  },
  createQueued: async (t) => {
    await createTransformation(tableDeps(), {
      id: t.id,
      orgId: t.orgId,
      userId: t.userId,
      type: t.type,
      options: t.options,
      ...t.source,
      seed: t.seed,
      groupId: t.groupId,
      variant: t.variant,
      variantCount: t.variantCount,
    });
  },
  reserveCredit: async (t) => {
    await reserveCredit(tableDeps(), t.orgId, t.id, { maxOpen: TRANSFORMATION_LIMITS.maxInFlightPerOrganization });
  },
  refundCredit: async (t) => {
    await refundCredit(tableDeps(), t.orgId, t.id);
  },
  startExecution: async (t) => {
    await sfn.send(
      new StartExecutionCommand({
        stateMachineArn: stateMachineArn(),
        // The name makes a start idempotent: Step Functions refuses a second execution of one id.
        name: t.id,
        input: JSON.stringify({ transformationId: t.id, orgId: t.orgId, correlationId: t.correlationId }),
      }),
    );
  },
  markFailed: async (t, failure) => {
    await markFailed(tableDeps(), t.orgId, t.id, failure);
  },
  idempotency: {
    claim: (orgId, key, claim) => claimIdempotencyKey(tableDeps(), orgId, key, claim),
    markStarted: (orgId, key, id) => markKeyStarted(tableDeps(), orgId, key, id),
    release: (orgId, key, id) => releaseIdempotencyKey(tableDeps(), orgId, key, id),
  },
};

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
