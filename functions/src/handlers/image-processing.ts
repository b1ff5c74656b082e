/**
 * POST /api/image-processing/{type}: records a transformation job for the caller's organization
 * and starts its workflow execution. Polling is the transformations group's job.
 */
import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import { isSubscriptionActive } from '@vitrine/shared';
import { envGetter } from '../lib/config';
import { ENV } from '../lib/env';
import { tableDeps } from '../lib/aws/dynamodb';
import { sfn } from '../lib/aws/sfn';
import { createHttpHandler, json } from '../lib/http';
import { startTransformation, type StartTransformationDeps } from '../image-processing/start-transformation';
import { organizationCaller } from '../scope/organization-caller';
import { createTransformation, markFailed } from '../transformations/transformation-store';
import { getUpload } from '../uploads/upload-store';
import { getOrganizationRecord } from '../users/user-store';

const stateMachineArn = envGetter(ENV.stateMachineArn);

const startDeps: StartTransformationDeps = {
  findUpload: (orgId, uploadId) => getUpload(tableDeps(), orgId, uploadId),
  creditBalance: async (orgId) => (await getOrganizationRecord(tableDeps(), orgId))?.creditBalance ?? 0,
  subscriptionActive: async (orgId) =>
    isSubscriptionActive((await getOrganizationRecord(tableDeps(), orgId))?.subscription),
  createQueued: async (t) => {
    await createTransformation(tableDeps(), {
      id: t.id,
      orgId: t.orgId,
      userId: t.userId,
      type: t.type,
      options: t.options,
      uploadId: t.upload.id,
      uploadKey: t.upload.key,
    });
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
  markNotStarted: async (t, failure) => {
    await markFailed(tableDeps(), t.orgId, t.id, failure);
  },
};

export const handler = createHttpHandler({
  'POST /api/image-processing/{type}': async ({ event, body, correlationId }) => {
    const caller = await organizationCaller(event);
    return json(202, await startTransformation(startDeps, caller, event.pathParameters?.type, body, correlationId));
  },
});
