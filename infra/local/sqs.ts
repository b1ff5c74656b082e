/**
 * The local stand-in for the webhook queue (decision 114), on its own port: the functions send with
 * the same signed AWS JSON 1.0 request as in AWS (functions/src/lib/aws/sqs.ts: `POST /`,
 * `X-Amz-Target: AmazonSQS.SendMessage`), pointed here by AWS_ENDPOINT_URL_SQS, and the queue
 * does what Lambda's SQS event source mapping does in AWS: after the message's DelaySeconds it
 * invokes the consumer Lambda with an SQS event, receives again a message reported in
 * `batchItemFailures` (or whose invocation threw) after the visibility timeout, and moves it to the
 * dead-letter list after maxReceiveCount receives. It serves SendMessage only, the one call the
 * code makes.
 *
 * Messages are durable as the other emulators' data is (decision 123): each one is a JSON file under
 * the stack's data directory (`.local/sqs`), written atomically before SendMessage answers and
 * rewritten at each receive with its count and the time it becomes visible again, deleted once the
 * consumer succeeded; a dead letter stays, marked. A start (after any stop, SIGKILL included)
 * schedules every message found at its remaining delay: an acknowledged message, a delayed retry
 * or one in flight when the process stopped is delivered, at least once, as SQS would.
 */
import { randomUUID, createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import * as http from 'node:http';
import * as path from 'node:path';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { writeFileAtomic } from './atomic-file';
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
  /**
   * Schedules the messages a previous run left, each at its remaining delay: called once the
   * consumer can run (the stack has set its Lambdas' environment).
   */
  deliverStored(): void;
  /** Resolves once no message is being processed (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** One message as stored: `<directory>/<messageId>.json`. */
interface Message {
  messageId: string;
  body: string;
  receiveCount: number;
  sentAtMs: number;
  /** When it may be received (again): after its delay, or a receive's visibility timeout. */
  visibleAtMs: number;
  /** It used up its receives: kept as the dead-letter queue keeps it, never received again. */
  deadLetter?: true;
}

/** The messages a previous run left, each a file of `directory` (atomic writes: never half of one). */
async function storedMessages(directory: string): Promise<Message[]> {
  const names = (await readdir(directory)).filter((name) => name.endsWith('.json'));
  const messages = await Promise.all(
    names.map(async (name) => JSON.parse(await readFile(path.join(directory, name), 'utf8')) as Message),
  );
  return messages.sort((a, b) => a.sentAtMs - b.sentAtMs);
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
  /** Where the messages are kept across restarts (the stack's `<dataDir>/sqs`). */
  directory: string;
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
  const { directory } = options;
  await mkdir(directory, { recursive: true });
  const fileOf = (message: Message) => path.join(directory, `${message.messageId}.json`);
  const store = (message: Message) => writeFileAtomic(fileOf(message), JSON.stringify(message));

  const schedule = (message: Message) => {
    if (closed) return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        const run = receive(message)
          .catch((error: unknown) => {
            // Its file could not be written or removed: it stays due, as after a stop.
            options.log(`[sqs] message ${message.messageId}: ${String(error)}`);
            schedule(message);
          })
          .finally(() => running.delete(run));
        running.add(run);
      },
      Math.max(0, message.visibleAtMs - Date.now()),
    );
    timers.add(timer);
  };

  async function receive(message: Message): Promise<void> {
    // As ReceiveMessage: counted, and invisible for the visibility timeout, on disk before the
    // consumer runs, so a stop during its run delivers it again once that timeout has passed.
    message.receiveCount += 1;
    message.visibleAtMs = Date.now() + visibility;
    await store(message);
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
    if (!failed) {
      await rm(fileOf(message), { force: true });
      return;
    }
    if (message.receiveCount >= LOCAL_QUEUE_SETTINGS.maxReceiveCount) {
      await store({ ...message, deadLetter: true });
      deadLetters.push({ messageId: message.messageId, body: message.body });
      options.log(`[sqs] message ${message.messageId} moved to the dead-letter queue`);
      return;
    }
    schedule(message);
  }

  const stored = await storedMessages(directory);
  for (const message of stored.filter((candidate) => candidate.deadLetter)) {
    deadLetters.push({ messageId: message.messageId, body: message.body });
  }
  let kept = stored.filter((message) => !message.deadLetter);

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
    const sentAtMs = Date.now();
    const message: Message = {
      messageId: randomUUID(),
      body: body.MessageBody,
      receiveCount: 0,
      sentAtMs,
      visibleAtMs: sentAtMs + delay * 1000,
    };
    // Stored before it is acknowledged: a stop after the answer never loses it.
    await store(message);
    schedule(message);
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
    deliverStored() {
      if (kept.length > 0) options.log(`[sqs] ${kept.length} message(s) kept from the last run, delivered when due`);
      for (const message of kept) schedule(message);
      kept = [];
    },
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
