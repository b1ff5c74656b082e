/**
 * Webhook deliveries in AWS (decision 114): an SQS queue that the emitters (the webhooks API group,
 * the workflow's record steps) send delivery messages to, its consumer Lambda (webhook-deliveries,
 * which also re-queues each retry), and a dead-letter queue for the messages whose processing kept
 * throwing; Monitoring alarms as soon as one lands there. Both queues refuse plain-HTTP access and
 * are encrypted with SQS-managed keys; the consumer may send to its own queue, read and write the
 * table, and e-mail the owner of an endpoint it disables, nothing else.
 */
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { StageConfig } from '../../config/stages';
import { WEBHOOK_CONSUMER_ENTRY } from '../bundling';
import { ENV } from '../endpoint-groups';
import { VitrineFunction } from './vitrine-function';

/** As the local queue (infra/local/sqs.ts LOCAL_QUEUE_SETTINGS). */
const MAX_RECEIVE_COUNT = 5;
/** Up to 5 attempts of at most 10 s each per batch, and the table writes around them. */
const CONSUMER_TIMEOUT = Duration.seconds(60);

export interface WebhookQueueProps {
  config: StageConfig;
  table: ITable;
  appUrl: string;
}

export class WebhookQueue extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly consumer: VitrineFunction;

  constructor(scope: Construct, id: string, props: WebhookQueueProps) {
    super(scope, id);
    const { config } = props;
    const removalPolicy = config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy,
    });
    Validations.of(this.deadLetterQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'It is the dead-letter queue of the webhook queue; its messages raise an alarm (decision 114).',
    });
    this.queue = new sqs.Queue(this, 'Deliveries', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // AWS recommends at least six times the consumer's timeout for an event source mapping.
      visibilityTimeout: Duration.seconds(CONSUMER_TIMEOUT.toSeconds() * 6),
      // Retries are new messages (at most 15 minutes of delay each): four days is ample.
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAX_RECEIVE_COUNT },
      removalPolicy,
    });

    this.consumer = new VitrineFunction(this, 'Consumer', {
      handlerName: WEBHOOK_CONSUMER_ENTRY,
      logRetention: config.logRetention,
      timeout: CONSUMER_TIMEOUT,
      // Deliveries go to the internet with a bounded rate: a small pool protects the table and receivers.
      reservedConcurrentExecutions: 5,
    });
    this.consumer.bindTable(props.table, 'readWrite', ENV.table).bindMailSender(config.mail);
    this.consumer.addEnvironment(ENV.appUrl, props.appUrl);
    this.grantSend(this.consumer);
    this.consumer.addEventSource(
      new SqsEventSource(this.queue, { batchSize: 5, reportBatchItemFailures: true, maxConcurrency: 5 }),
    );
  }

  /**
   * SendMessage on the delivery queue, and its URL as WEBHOOK_QUEUE_URL. Only that action:
   * senders sign one SendMessage to the URL they are given (grantSendMessages would add
   * GetQueueUrl and GetQueueAttributes, which nothing calls).
   */
  grantSend(fn: VitrineFunction): void {
    this.queue.grant(fn, 'sqs:SendMessage');
    fn.addEnvironment(ENV.webhookQueueUrl, this.queue.queueUrl);
  }
}
