/**
 * The record-steps Lambda of transformation.asl.json (StartProcessing, ReserveCredit, StoreResult,
 * Complete, RefundCredit, MarkFailed): DynamoDB and, for a start that named a project, the save's
 * re-tagging (a signed request, no S3 client: decisions 122 and 127), no sharp, so it runs on ARM64
 * without the sharp layer. It dispatches on the payload's `step`.
 */
import type { Context } from 'aws-lambda';
import { tableDeps } from '../lib/aws/dynamodb';
import { resultsBucket, uploadsBucket } from '../lib/aws/buckets';
import { putObjectTags } from '../lib/aws/s3-tagging';
import { containerWebhookQueue } from '../lib/aws/sqs';
import { ENV } from '../lib/env';
import { withLogContext } from '../lib/logger';
import type { StepPayload } from '../workflow/step-payload';
import { runRecordStep, type RecordStepDeps } from '../workflow/steps';

let deps: RecordStepDeps | undefined;

/** Built on the first invocation, so configuration set after import (local stack, tests) applies. */
function recordStepDeps(): RecordStepDeps {
  // The webhook queue where the stack has one (WEBHOOK_QUEUE_URL): AWS and the local stack both do.
  deps ??= {
    ...tableDeps(),
    uploadsBucket: uploadsBucket(),
    resultsBucket: resultsBucket(),
    putTags: putObjectTags,
    ...(process.env[ENV.webhookQueueUrl] ? { sendToQueue: containerWebhookQueue() } : {}),
  };
  return deps;
}

export const handler = (payload: StepPayload, context?: Pick<Context, 'awsRequestId'>): Promise<unknown> =>
  withLogContext({ service: 'record-steps', requestId: context?.awsRequestId }, () =>
    runRecordStep(recordStepDeps(), payload),
  );
