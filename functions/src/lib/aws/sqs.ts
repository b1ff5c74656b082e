/**
 * SQS SendMessage as one signed request (./signed-fetch.ts), not the SDK client, whose schemas
 * would weigh on the bundle (decisions 32 and 39). The same wire call as @aws-sdk/client-sqs:
 * the AWS JSON 1.0 protocol, `POST /` with `X-Amz-Target: AmazonSQS.SendMessage`, signed for `sqs`
 * (https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-making-api-requests-json.html).
 * Locally AWS_ENDPOINT_URL_SQS points at the stack's queue (infra/local/sqs.ts), which speaks it.
 */
import { ENV } from '../env';
import { awsServiceCaller, type AwsServiceTarget } from './signed-fetch';

export interface QueueMessage {
  body: string;
  /** 0 to 900 seconds (SQS's maximum message delay). */
  delaySeconds?: number;
}

/** Sends one message; resolves with SQS's message id. */
export type SendQueueMessage = (message: QueueMessage) => Promise<string>;

/** SendMessage's maximum DelaySeconds. */
export const SQS_MAX_DELAY_SECONDS = 900;

export interface SqsConfig extends Partial<Pick<AwsServiceTarget, 'credentials' | 'fetch'>> {
  region: string | undefined;
  endpoint?: string;
  /** Read on the first send (the local stack sets the environment after modules load). */
  queueUrl: () => string;
}

export function sqsSendMessage(config: SqsConfig): SendQueueMessage {
  const call = awsServiceCaller({ ...config, service: 'sqs', endpointPrefix: 'sqs' });
  return async (message) => {
    const bytes = await call({
      method: 'POST',
      path: '/',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.SendMessage' },
      body: JSON.stringify({
        QueueUrl: config.queueUrl(),
        MessageBody: message.body,
        ...(message.delaySeconds
          ? { DelaySeconds: Math.min(SQS_MAX_DELAY_SECONDS, Math.max(0, Math.ceil(message.delaySeconds))) }
          : {}),
      }),
    });
    const { MessageId } = JSON.parse(new TextDecoder().decode(bytes)) as { MessageId?: string };
    return MessageId ?? '';
  };
}

/** This container's sender to the webhook queue (WEBHOOK_QUEUE_URL), configured on the first send. */
export function containerWebhookQueue(): SendQueueMessage {
  let send: SendQueueMessage | undefined;
  return (message) => {
    send ??= sqsSendMessage({
      region: process.env.AWS_REGION,
      endpoint: process.env[ENV.sqsEndpointUrl] || undefined,
      queueUrl: () => {
        const url = process.env[ENV.webhookQueueUrl];
        if (!url) throw new Error(`${ENV.webhookQueueUrl} is not set`);
        return url;
      },
    });
    return send(message);
  };
}
