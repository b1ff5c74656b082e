/**
 * The reconciler Lambda (workflow/reconciler.ts), run on a schedule by EventBridge Scheduler in AWS
 * and by the local stack at start and periodically: DynamoDB, DescribeExecution and the save's
 * re-tagging of objects (a signed request, decision 122) and the webhook queue's SendMessage only,
 * no sharp, ARM64. An invocation with a record it could not reconcile fails, so the errors alarm sees it.
 */
import { DescribeExecutionCommand } from '@aws-sdk/client-sfn';
import type { Context } from 'aws-lambda';
import { tableDeps } from '../lib/aws/dynamodb';
import { sfn } from '../lib/aws/sfn';
import { containerWebhookQueue } from '../lib/aws/sqs';
import { envGetter } from '../lib/config';
import { saveDeps } from '../images/save-deps';
import { ENV } from '../lib/env';
import { withLogContext } from '../lib/logger';
import {
  executionArn,
  reconcileTransformations,
  type ReconcileOptions,
  type ReconcileReport,
  type ReconcilerDeps,
} from '../workflow/reconciler';

const stateMachineArn = envGetter(ENV.stateMachineArn);

let deps: ReconcilerDeps | undefined;

/** Built on the first invocation, so configuration set after import (local stack, tests) applies. */
function reconcilerDeps(): ReconcilerDeps {
  deps ??= {
    ...tableDeps(),
    save: saveDeps(),
    // The webhook queue where the stack has one (WEBHOOK_QUEUE_URL): AWS and the local stack both do.
    ...(process.env[ENV.webhookQueueUrl] ? { sendToQueue: containerWebhookQueue() } : {}),
    describeExecution: async (transformationId) => {
      try {
        const execution = await sfn.send(
          new DescribeExecutionCommand({ executionArn: executionArn(stateMachineArn(), transformationId) }),
        );
        return { status: execution.status ?? 'RUNNING', startDate: execution.startDate };
      } catch (error) {
        if (error instanceof Error && error.name === 'ExecutionDoesNotExist') return undefined;
        throw error;
      }
    },
  };
  return deps;
}

/** The scheduled event carries nothing we read; the local stack passes `{ everyOpen: true }` at start. */
export const handler = (
  event: ReconcileOptions | undefined,
  context?: Pick<Context, 'awsRequestId'>,
): Promise<ReconcileReport> =>
  withLogContext({ service: 'reconciler', requestId: context?.awsRequestId }, async () => {
    const report = await reconcileTransformations(reconcilerDeps(), { everyOpen: event?.everyOpen === true });
    if (report.errors > 0) throw new Error(`${report.errors} transformation(s) could not be reconciled`);
    return report;
  });
