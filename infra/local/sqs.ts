/**
 * The local stand-in for the webhook queue (decision 114), on its own port: the functions send with
 * the same signed AWS JSON 1.0 request as in AWS (functions/src/lib/aws/sqs.ts: `POST /`,
 * `X-Amz-Target: AmazonSQS.SendMessage`), pointed here by AWS_ENDPOINT_URL_SQS, and the queue
 * does what Lambda's SQS event source mapping does in AWS: after the message's DelaySeconds it
 * invokes the consumer Lambda with an SQS event, receives again a message reported in
 * `batchItemFailures` (or whose invocation threw) after the visibility timeout, and moves it to the
 * dead-letter list after maxReceiveCount receives. It serves SendMessage only, the one call the
 * code makes; messages live in memory (a restart loses queued retries; their deliveries stay
 * 'pending' in the table and can be resent from Paramètres > API).
 */
import { randomUUID, createHash } from 'node:crypto';
import * as http from 'node:http';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { closeServer, listen } from './ports';

/** As the CDK queue (infra/lib/constructs/webhook-queue.ts). */
export const LOCAL_QUEUE_SETTINGS = { maxReceiveCount: 5, visibilityTimeoutSeconds: 30, maxDelaySeconds: 900 };

export type QueueConsumer = (event: SQSEvent) => Promise<SQSBatchResponse | void>;

export interface LocalQueue {
  endpoint: string;
  queueUrl: string;
  port: number;
  /** Messages that exhausted their receives, as the dead-letter queue keeps them. */
  deadLetters: { messageId: string; body: string }[];
  /** Resolves once no message is waiting or being processed (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

interface Message {
  messageId: string;
  body: string;
  receiveCount: number;
  sentAtMs: number;
}

function fail(response: http.ServerResponse, status: number, type: string, message: string): void {
  response.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-query-error': `${type};Sender` });
  response.end(JSON.stringify({ __type: `com.amazonaws.sqs#${type}`, message }));
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startLocalQueue(options: {
  port: number;
  region: string;
  queueName: string;
  consumer: () => Promise<QueueConsumer>;
  log: (line: string) => void;
  /** Shorter in tests. */
  visibilityTimeoutSeconds?: number;
}): Promise<LocalQueue> {
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const deadLetters: LocalQueue['deadLetters'] = [];
  let closed = false;
  const visibility = (options.visibilityTimeoutSeconds ?? LOCAL_QUEUE_SETTINGS.visibilityTimeoutSeconds) * 1000;

  const schedule = (message: Message, delayMs: number) => {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run = receive(message).finally(() => running.delete(run));
      running.add(run);
    }, delayMs);
    timers.add(timer);
  };

  async function receive(message: Message): Promise<void> {
    message.receiveCount += 1;
    const record: SQSRecord = {
      messageId: message.messageId,
      receiptHandle: `${message.messageId}#${message.receiveCount}`,
      body: message.body,
      attributes: {
        ApproximateReceiveCount: String(message.receiveCount),
        SentTimestamp: String(message.sentAtMs),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: createHash('md5').update(message.body).digest('hex'),
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:${options.region}:000000000000:${options.queueName}`,
      awsRegion: options.region,
    };
    let failed: boolean;
    try {
      const answer = await (await options.consumer())({ Records: [record] });
      failed = (answer?.batchItemFailures ?? []).some((item) => item.itemIdentifier === message.messageId);
    } catch (error) {
      options.log(`[sqs] consumer failed: ${String(error)}`);
      failed = true;
    }
    if (!failed) return;
    if (message.receiveCount >= LOCAL_QUEUE_SETTINGS.maxReceiveCount) {
      deadLetters.push({ messageId: message.messageId, body: message.body });
      options.log(`[sqs] message ${message.messageId} moved to the dead-letter queue`);
      return;
    }
    schedule(message, visibility);
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => fail(response, 500, 'InternalError', String(error)));
  });
  const port = await listen(server, options.port);
  const endpoint = `http://127.0.0.1:${port}`;
  const queueUrl = `${endpoint}/000000000000/${options.queueName}`;

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const target = request.headers['x-amz-target'];
    if (request.method !== 'POST' || request.url !== '/' || target !== 'AmazonSQS.SendMessage') {
      fail(response, 400, 'UnsupportedOperation', `${String(target)} is not served by the local queue`);
      return;
    }
    if (
      !/^AWS4-HMAC-SHA256 Credential=[^/]+\/\d{8}\/[^/]+\/sqs\/aws4_request/.test(request.headers.authorization ?? '')
    ) {
      fail(response, 403, 'AccessDenied', 'Missing or malformed SigV4 authorization for service sqs');
      return;
    }
    if (!String(request.headers['content-type']).startsWith('application/x-amz-json-1.0')) {
      fail(response, 400, 'InvalidParameterValue', 'Content-Type must be application/x-amz-json-1.0');
      return;
    }
    let body: { QueueUrl?: unknown; MessageBody?: unknown; DelaySeconds?: unknown };
    try {
      body = JSON.parse(await readBody(request)) as typeof body;
    } catch {
      fail(response, 400, 'InvalidParameterValue', 'Body is not JSON');
      return;
    }
    if (body.QueueUrl !== queueUrl) {
      fail(response, 400, 'QueueDoesNotExist', `No queue ${String(body.QueueUrl)}`);
      return;
    }
    if (typeof body.MessageBody !== 'string' || body.MessageBody.length === 0) {
      fail(response, 400, 'InvalidParameterValue', 'MessageBody is required');
      return;
    }
    const delay = body.DelaySeconds ?? 0;
    if (
      typeof delay !== 'number' ||
      !Number.isInteger(delay) ||
      delay < 0 ||
      delay > LOCAL_QUEUE_SETTINGS.maxDelaySeconds
    ) {
      fail(response, 400, 'InvalidParameterValue', 'DelaySeconds must be an integer from 0 to 900');
      return;
    }
    const message: Message = { messageId: randomUUID(), body: body.MessageBody, receiveCount: 0, sentAtMs: Date.now() };
    schedule(message, delay * 1000);
    response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
    response.end(
      JSON.stringify({
        MessageId: message.messageId,
        MD5OfMessageBody: createHash('md5').update(message.body).digest('hex'),
      }),
    );
  }

  return {
    endpoint,
    queueUrl,
    port,
    deadLetters,
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([...running]);
      await closeServer(server);
    },
  };
}
