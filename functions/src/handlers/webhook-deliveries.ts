/**
 * The webhook queue's consumer Lambda (decision 114), triggered by SQS with batches of delivery
 * messages. A failed attempt is recorded and re-queued by the consumer itself; only a message whose
 * processing throws is reported as a batch item failure, so SQS receives it again and, after
 * maxReceiveCount, moves it to the dead-letter queue (its alarm tells the operator).
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { envGetter } from '../lib/config';
import { tableDeps } from '../lib/aws/dynamodb';
import { containerSendMail } from '../lib/aws/ses';
import { containerWebhookQueue } from '../lib/aws/sqs';
import { ENV } from '../lib/env';
import { logger, withLogContext } from '../lib/logger';
import { containerAddressPolicy } from '../webhooks/webhook-address';
import { parseDeliveryMessage, processDeliveryMessage, type WebhookConsumerDeps } from '../webhooks/webhook-consumer';

const sendToQueue = containerWebhookQueue();
const sendMail = containerSendMail();
const appUrl = envGetter(ENV.appUrl);
const deps = (): WebhookConsumerDeps => ({
  ...tableDeps(),
  sendToQueue,
  sendMail,
  appUrl,
  policy: containerAddressPolicy(),
});

export const handler = (event: SQSEvent, context?: { awsRequestId?: string }): Promise<SQSBatchResponse> =>
  withLogContext({ service: 'webhook-deliveries', requestId: context?.awsRequestId }, async () => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      const message = parseDeliveryMessage(record.body);
      if (!message) {
        // Not ours to retry: a malformed message would only reach the dead-letter queue later.
        logger.error('Webhook queue message unreadable', { messageId: record.messageId });
        continue;
      }
      try {
        await processDeliveryMessage(deps(), message);
      } catch (error) {
        logger.error('Webhook delivery message failed', { messageId: record.messageId, error });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  });
