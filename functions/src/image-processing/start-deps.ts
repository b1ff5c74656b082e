/**
 * The dependencies of a transformation start, bound to the table, the credits and the workflow:
 * one definition for every door that starts one (the app's POST /api/image-processing/{type} and
 * the public API's POST /api/v1/transformations, issue 25), so a transformation is one thing
 * whichever door it came through.
 */
import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import { isSubscriptionActive, TRANSFORMATION_LIMITS } from '@vitrine/shared';
import { envGetter } from '../lib/config';
import { ENV } from '../lib/env';
import { tableDeps } from '../lib/aws/dynamodb';
import { sfn } from '../lib/aws/sfn';
import { refundCredit, reserveCredit } from '../credits/credits';
import { claimIdempotencyKey, markKeyStarted, releaseIdempotencyKey } from './idempotency';
import type { StartTransformationDeps } from './start-transformation';
import { readOrganizationView } from '../organizations/organization-record';
import { projectAcceptsImages } from '../projects/project-store';
import { createTransformation, getTransformation, markFailed } from '../transformations/transformation-store';
import { getUpload } from '../uploads/upload-store';
import { readUploadSignature } from '../uploads/upload-signature';

const stateMachineArn = envGetter(ENV.stateMachineArn);

export const startDeps: StartTransformationDeps = {
  findUpload: (orgId, uploadId) => getUpload(tableDeps(), orgId, uploadId),
  readUploadSignature: (upload) => readUploadSignature(upload),
  findTransformation: (orgId, id) => getTransformation(tableDeps(), orgId, id),
  projectAcceptsImages: (orgId, projectId) => projectAcceptsImages(tableDeps(), orgId, projectId),
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
      ...(t.webhookEndpointId ? { webhookEndpointId: t.webhookEndpointId } : {}),
      ...(t.projectId ? { projectId: t.projectId } : {}),
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
