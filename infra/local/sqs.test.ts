import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { SQSEvent } from 'aws-lambda';
import { sqsSendMessage } from '../../functions/src/lib/aws/sqs';
import { TEMPORARY_SUFFIX } from './atomic-file';
import { recoverLocalData } from './recovery';
import { startLocalQueue, type LocalQueue, type QueueConsumer } from './sqs';

const credentials = async () => ({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
let queue: LocalQueue;
let dataDir: string;
let directory: string;
let received: { body: string; receiveCount: string; at: number }[];
let failUntil: number;

const consumer: QueueConsumer = async (event: SQSEvent) => {
  const [record] = event.Records;
  received.push({ body: record!.body, receiveCount: record!.attributes.ApproximateReceiveCount, at: Date.now() });
  return {
    batchItemFailures: received.length <= failUntil ? [{ itemIdentifier: record!.messageId }] : [],
  };
};

/** A queue on `directory` (`<dataDir>/sqs` in the stack), as the stack starts it: stored messages delivered once wired. */
async function startQueue(visibilityTimeoutSeconds = 0.05): Promise<LocalQueue> {
  const started = await startLocalQueue({
    port: 0,
    region: 'eu-west-3',
    queueName: 'test-queue',
    directory,
    consumer: async () => consumer,
    log: () => undefined,
    visibilityTimeoutSeconds,
  });
  started.deliverStored();
  return started;
}

beforeEach(async () => {
  received = [];
  failUntil = 0;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-sqs-'));
  directory = path.join(dataDir, 'sqs');
  queue = await startQueue();
});
afterEach(async () => {
  await queue.close();
  await rm(dataDir, { recursive: true, force: true });
});

const storedFiles = async () => (await readdir(directory)).filter((name) => name.endsWith('.json'));

const send = () =>
  sqsSendMessage({ region: 'eu-west-3', endpoint: queue.endpoint, queueUrl: () => queue.queueUrl, credentials });

const until = async (condition: () => boolean) => {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('the local webhook queue', () => {
  it('answers the signed SendMessage and invokes the consumer after the delay', async () => {
    const sentAt = Date.now();
    await expect(send()({ body: '{"a":1}', delaySeconds: 1 })).resolves.toMatch(/^[0-9a-f-]{36}$/);
    await until(() => received.length === 1);
    expect(received[0]).toMatchObject({ body: '{"a":1}', receiveCount: '1' });
    expect(received[0]!.at - sentAt).toBeGreaterThanOrEqual(950);
  });

  it('receives a failed message again, then keeps it as a dead letter after 5 receives', async () => {
    failUntil = 100;
    await send()({ body: 'x' });
    await until(() => queue.deadLetters.length === 1);
    expect(received.map((item) => item.receiveCount)).toEqual(['1', '2', '3', '4', '5']);
    expect(queue.deadLetters[0]?.body).toBe('x');
  });

  it('refuses an unsigned call and another queue, as SQS does; the sender caps the delay at 15 minutes', async () => {
    const unsigned = await fetch(queue.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.SendMessage' },
      body: JSON.stringify({ QueueUrl: queue.queueUrl, MessageBody: 'x' }),
    });
    expect(unsigned.status).toBe(403);
    await expect(
      sqsSendMessage({
        region: 'eu-west-3',
        endpoint: queue.endpoint,
        queueUrl: () => `${queue.queueUrl}-other`,
        credentials,
      })({
        body: 'x',
      }),
    ).rejects.toMatchObject({ name: 'QueueDoesNotExist' });
    // Accepted with the delay capped at 900 s: still waiting when the test ends.
    await expect(send()({ body: 'late', delaySeconds: 5000 })).resolves.toBeTruthy();
    expect(received).toHaveLength(0);
  });

  it('keeps an acknowledged message across a restart and delivers it when due (decision 123)', async () => {
    await send()({ body: '{"late":1}', delaySeconds: 1 });
    // Stopped before its delay ran out; closing writes nothing (a SIGKILL leaves the same files).
    await queue.close();
    expect(received).toHaveLength(0);
    expect(await storedFiles()).toHaveLength(1);

    queue = await startQueue();
    await until(() => received.length === 1);
    expect(received[0]).toMatchObject({ body: '{"late":1}', receiveCount: '1' });
    await queue.idle();
    expect(await storedFiles()).toEqual([]);
  });

  it('keeps a retry across a restart with its receive count, and a dead letter as a dead letter', async () => {
    failUntil = 1;
    await queue.close();
    // A visibility timeout long enough that the retry is still waiting when the queue stops.
    queue = await startQueue(0.5);
    await send()({ body: 'retry' });
    await until(() => received.length === 1);
    await queue.idle();
    await queue.close();

    queue = await startQueue(0.5);
    await until(() => received.length === 2);
    expect(received.map((item) => item.receiveCount)).toEqual(['1', '2']);
    await queue.idle();
    expect(await storedFiles()).toEqual([]);

    failUntil = 100;
    await send()({ body: 'poison' });
    await until(() => queue.deadLetters.length === 1);
    await queue.close();
    queue = await startQueue();
    expect(queue.deadLetters).toEqual([expect.objectContaining({ body: 'poison' })]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.filter((item) => item.body === 'poison')).toHaveLength(5);
  });

  it('starts after a stop mid-write: the next start repairs the directory and delivers what was acknowledged', async () => {
    await send()({ body: 'kept', delaySeconds: 1 });
    await queue.close();
    // What a write cut short (before decision 123's atomic writes, or a full disk) could leave.
    await mkdir(directory, { recursive: true });
    await writeFile(path.join(directory, `cut.json.1${TEMPORARY_SUFFIX}`), '{"messageId":');
    await writeFile(path.join(directory, 'cut.json'), '{"messageId":"cut","bo');

    const repairs = await recoverLocalData(dataDir, 'vitrine-local');
    expect(repairs.sort()).toEqual([
      expect.stringMatching(/^sqs: cut\.json could not be read .*set aside as cut\.json\.corrupt-/),
      `sqs: removed an unfinished write (cut.json.1${TEMPORARY_SUFFIX})`,
    ]);
    queue = await startQueue();
    await until(() => received.length === 1);
    expect(received[0]).toMatchObject({ body: 'kept' });
  });
});
