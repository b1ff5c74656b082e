/**
 * POST /api/image-processing/{type} (start a transformation job) and GET /api/transformations/{id}
 * (poll it), scoped to the caller's organization.
 */
import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import { MESSAGES } from '@vitrine/shared';
import { envGetter } from '../lib/config';
import { ddb, tableName } from '../lib/aws/dynamodb';
import { presignGetUrl, resultsBucket, uploadsBucket } from '../lib/aws/s3';
import { sfn } from '../lib/aws/sfn';
import { NotFound } from '../lib/errors';
import { createHttpHandler, json } from '../lib/http';
import { transformationState } from '../image-processing/stored-objects';
import { startTransformation, type StartTransformationDeps } from '../image-processing/start-transformation';
import { transformationView } from '../image-processing/transformation-status';
import { organizationCaller } from '../scope/organization-caller';
import { createTransformation, getTransformation, markFailed } from '../transformations/transformation-store';
import { getUpload } from '../uploads/upload-store';
import { getOrganizationRecord } from '../users/user-store';

const stateMachineArn = envGetter('STATE_MACHINE_ARN');
const table = () => ({ ddb, tableName: tableName() });
const balanceOf = async (orgId: string) => (await getOrganizationRecord(orgId))?.creditBalance ?? 0;

const startDeps: StartTransformationDeps = {
  findUpload: (orgId, uploadId) => getUpload(table(), orgId, uploadId),
  creditBalance: balanceOf,
  createQueued: async (t) => {
    await createTransformation(table(), {
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
        input: JSON.stringify({ transformationId: t.id, orgId: t.orgId }),
      }),
    );
  },
  markNotStarted: (t, message) => markFailed(table(), t.orgId, t.id, message),
};

export const handler = createHttpHandler({
  'POST /api/image-processing/{type}': async ({ event, body }) => {
    const caller = await organizationCaller(event);
    return json(202, await startTransformation(startDeps, caller, event.pathParameters?.type, body));
  },

  'GET /api/transformations/{id}': async ({ event }) => {
    const { orgId } = await organizationCaller(event);
    const record = await getTransformation(table(), orgId, event.pathParameters?.id ?? '');
    if (!record) throw new NotFound(MESSAGES.processing.transformationNotFound);
    const state = transformationState(record, { uploads: uploadsBucket(), results: resultsBucket() });
    return json(200, await transformationView(state, await balanceOf(orgId), presignGetUrl));
  },
});
