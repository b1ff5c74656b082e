/**
 * Tells a transformation's end to the organization's webhooks (decision 114): from the workflow's
 * Complete and MarkFailed steps, and from the reconciler, which ends the transformations whose
 * execution never will (a crash, a timeout). Emitting is idempotent (the event id is derived from
 * the transformation), so a retried step or a reconciler racing a late step emits nothing twice;
 * an emission that fails is logged and fails nothing: the job is done and charged or refunded
 * either way.
 */
import type { TableDeps } from '../lib/aws/dynamodb';
import type { SendQueueMessage } from '../lib/aws/sqs';
import { logger } from '../lib/logger';
import { readOrganizationFields } from '../organizations/organization-record';
import { getTransformation } from '../transformations/transformation-store';
import { emitCreditsLowIfBelow, emitTransformationEnded } from '../webhooks/webhook-events';
import type { TransformationRef } from './transformation-closing';

export interface EndWebhookDeps extends TableDeps {
  /** The webhook queue, where the stack has one: without it nothing is told. */
  sendToQueue?: SendQueueMessage;
}

export async function tellWebhooks(deps: EndWebhookDeps, ref: TransformationRef): Promise<void> {
  const { sendToQueue } = deps;
  if (!sendToQueue) return;
  try {
    const record = await getTransformation(deps, ref.orgId, ref.transformationId);
    if (record) await emitTransformationEnded({ ...deps, sendToQueue }, record);
    if (record?.status === 'succeeded') {
      const organization = await readOrganizationFields(deps, ref.orgId, ['creditBalance', 'creditPeriodStart']);
      if (organization) await emitCreditsLowIfBelow({ ...deps, sendToQueue }, { orgId: ref.orgId, ...organization });
    }
  } catch (error) {
    logger.error('Webhook event not emitted', { transformationId: ref.transformationId, error });
  }
}
