/**
 * Issue 12, part 1: the local stack killed (SIGKILL) while transformations run, then started again
 * on the same data. Every job must end succeeded and charged, or failed and refunded; the balance
 * must be the starting one minus the successes; the ledger must add up (reserves - refunds =
 * successes); and the stack must become healthy although the kill left a half-written object
 * (s3rver used to answer 500 to the results bucket's HEAD for good). The stack runs in a child
 * process, as `npm start` does, so that it can really be killed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import * as net from 'node:net';
import * as path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DEMO_ACCOUNT, TRANSFORMATION_MESSAGES, type Transformation, type User } from '@vitrine/shared';
import { encodeJpeg, houseScene, renderHouseScene } from '../../functions/src/engines/fixtures/synthetic-photos';
import { keys, OPEN_TRANSFORMATIONS } from '../../functions/src/lib/keys';
import type { OrganizationRecord } from '../../functions/src/lib/records';
import { REPO_ROOT } from '../../infra/lib/bundling';
import type { LocalStack } from '../../infra/local/stack';
import { newDataDir } from './helpers/stack';
import { READY_PREFIX } from './helpers/stack-ready';
import { api, signIn } from './helpers/users';
import { ledger, start, upload } from './transformations-fixtures';

const JOBS = 16;
/**
 * Half the jobs are small photos that end quickly, half 12 MP ones that take seconds even on a fast
 * machine: some have succeeded and others still run when the kill comes, however fast CI is (with
 * sixteen small ones, a fast machine ended them all between the last read and the signal).
 */
const LARGE_JOBS = JOBS / 2;

interface RunningStack {
  stack: LocalStack;
  child: ChildProcess;
  stderr: string[];
}

/** Starts the stack in a child process and resolves once it serves requests. */
function startStackProcess(dataDir: string, port: number): Promise<RunningStack> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'helpers/stack-process.ts'), dataDir, String(port)],
    { cwd: REPO_ROOT, env: { ...process.env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stderr: string[] = [];
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith(READY_PREFIX))
          resolve({ stack: JSON.parse(line.slice(READY_PREFIX.length)), child, stderr });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => stderr.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    child.once('exit', (code) => reject(new Error(`The stack exited (${code}): ${stderr.slice(-20).join('\n')}`)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const terminal = (status: string) => status === 'succeeded' || status === 'failed';

async function transformation(stack: LocalStack, token: string, id: string): Promise<Transformation> {
  const { status, body } = await api<Transformation>(stack, `/api/transformations/${id}`, { token });
  if (status !== 200) throw new Error(`GET /api/transformations/${id}: ${status}`);
  return body;
}

describe('a stack killed while transformations run', () => {
  let dataDir: string;
  let running: RunningStack | undefined;
  let ddb: DynamoDBDocumentClient | undefined;

  beforeAll(async () => {
    dataDir = await newDataDir();
    // The SDK clients of this process (Cognito sign-in) need some credentials; the emulators take any.
    process.env.AWS_ACCESS_KEY_ID ??= 'local';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  });
  afterAll(async () => {
    ddb?.destroy();
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGTERM');
      await new Promise((resolve) => running!.child.once('exit', resolve));
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('ends every job succeeded and charged, or failed and refunded, and starts healthy again', async () => {
    const port = await freePort();
    running = await startStackProcess(dataDir, port);
    let { stack } = running;
    let token = (await signIn(stack, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)).accessToken;
    const me = await api<User>(stack, '/api/users/me', { token });
    const orgId = me.body.organization!.id;
    const startingBalance = me.body.organization!.creditBalance;

    const small = await encodeJpeg(renderHouseScene(houseScene(960, 720)), 960, 720);
    const large = await encodeJpeg(renderHouseScene(houseScene(4000, 3000)), 4000, 3000);
    const photos = Array.from({ length: JOBS }, (_, index) => (index < LARGE_JOBS ? large : small));
    const uploads = await Promise.all(photos.map((photo) => upload(stack, token, photo)));
    const starts = await Promise.all(uploads.map((uploadId) => start(stack, token, 'enhance', { uploadId })));
    expect(starts.map((response) => response.status)).toEqual(Array(JOBS).fill(202));
    const ids = starts.map((response) => response.body.transformationId!);

    // Killed once some jobs are done and enough others are not that some are still running at the
    // kill (the last few can all end between this read and the signal).
    for (;;) {
      const states = await Promise.all(ids.map((id) => transformation(stack, token, id)));
      const unfinished = states.filter((t) => !terminal(t.status)).length;
      if (states.some((t) => t.status === 'succeeded') && unfinished >= JOBS / 4) break;
      if (states.every((t) => terminal(t.status))) throw new Error('Every job ended before the kill: use more jobs');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    running.child.kill('SIGKILL');
    await new Promise((resolve) => running!.child.once('exit', resolve));

    // What a kill during a result's write leaves: the object without its metadata.
    const half = path.join(dataDir, 's3', stack.env.RESULTS_BUCKET!, 'results', orgId);
    await mkdir(half, { recursive: true });
    await writeFile(path.join(half, 'half-written.png._S3rver_object'), 'half a PNG');

    running = await startStackProcess(dataDir, port);
    stack = running.stack;
    expect((await api(stack, '/api/health')).status).toBe(200);
    expect(running.stderr).toContainEqual(expect.stringContaining('half-written.png, written without its metadata'));
    expect(running.stderr).toContainEqual(expect.stringMatching(/\[recovery\] transformations: [1-9]\d* interrupted/));

    // Settled at start, before the first request: no job is left running or queued.
    token = (await signIn(stack, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)).accessToken;
    const results = await Promise.all(ids.map((id) => transformation(stack, token, id)));
    expect(results.filter((t) => !terminal(t.status))).toEqual([]);
    const succeeded = results.filter((t) => t.status === 'succeeded');
    const failed = results.filter((t) => t.status === 'failed');
    expect(succeeded.length).toBeGreaterThan(0);
    expect(failed.length).toBeGreaterThan(0);
    // Those the kill interrupted say so in French (under heavy load another may have timed out).
    expect(failed.filter((job) => job.message === TRANSFORMATION_MESSAGES.interrupted).length).toBeGreaterThan(0);
    for (const job of failed) expect(job).toMatchObject({ code: 'ENGINE_FAILED', message: expect.any(String) });
    for (const job of succeeded) expect((await fetch(job.resultUrl!)).status).toBe(200);

    ddb = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: stack.services.dynamodb,
        region: stack.config.region,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    const tableName = stack.env.TABLE_NAME!;
    const { Item } = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.organization(orgId) }));
    const organization = Item as OrganizationRecord;
    expect(organization.creditBalance).toBe(startingBalance - succeeded.length);
    expect(organization.reservations ?? {}).toEqual({});
    expect(organization.refundsToLog ?? {}).toEqual({});

    const entries = (await ledger(stack, ddb, orgId)).filter((entry) => ids.includes(entry.transformationId ?? ''));
    const reserves = entries.filter((entry) => entry.kind === 'reserve');
    const refunds = entries.filter((entry) => entry.kind === 'refund');
    expect(reserves.length - refunds.length).toBe(succeeded.length);
    for (const job of succeeded) {
      expect(entries.filter((entry) => entry.transformationId === job.id).map((entry) => entry.kind)).toEqual([
        'reserve',
      ]);
    }
    for (const job of failed) {
      const kinds = entries.filter((entry) => entry.transformationId === job.id).map((entry) => entry.kind);
      expect([[], ['refund', 'reserve']]).toContainEqual(kinds.sort());
    }

    // Every transformation is closed: nothing is left for the reconciler.
    const { Items } = await ddb.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :open',
        ExpressionAttributeValues: { ':open': OPEN_TRANSFORMATIONS },
      }),
    );
    expect(Items).toEqual([]);
    expect(await readdir(half)).not.toContain('half-written.png._S3rver_object');
  }, 240_000);
});
