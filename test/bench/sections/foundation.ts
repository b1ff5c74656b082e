/**
 * Foundation figures: `npm start` to healthy; GET /api/users/me latency at 20 concurrent
 * connections beside the bare dynalite GetItem latency measured in the same run. Bundle sizes and
 * cold loads are the `bundles` section's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEMO_ACCOUNT, type RuntimeConfig } from '@vitrine/shared';
import { keys } from '../../../functions/src/lib/keys';
import { REPO_ROOT } from '../../../infra/lib/bundling';
import { TABLE_NAME } from '../../../infra/local/stack';
import { READINESS_PATH } from '../../../infra/local/readiness';
import type { BenchSection } from '../run';
import { measureConcurrent, percentile, type Reporter } from '../report';

const TARGETS = { healthySeconds: 15, p99Ms: 50 };
const HEALTH_TIMEOUT_MS = 60_000;
const CONCURRENCY = 20;
const SIZES = { full: { requests: 2000, warmup: 200 }, quick: { requests: 100, warmup: 20 } };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitHealthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}${READINESS_PATH}`);
      if (response.ok) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      // Not listening yet.
      last = `${String(error)} ${String((error as Error).cause)}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`npm start did not become healthy in time (last: ${last})`);
}

/**
 * Stops the whole process group started for npm start (npm, tsx, node) and waits until every member
 * has exited: npm can exit before the stack it started has finished writing its data directory.
 */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (!child.pid) return;
  const group = -child.pid;
  const alive = () => {
    try {
      process.kill(group, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(group, 'SIGTERM');
  // Bounded: a zombie no one reaps still answers signal 0.
  const started = performance.now();
  let killed = false;
  while (alive() && performance.now() - started < 12_000) {
    if (!killed && performance.now() - started > 10_000) {
      process.kill(group, 'SIGKILL');
      killed = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function latency(
  report: Reporter,
  url: string,
  dataDir: string,
  { requests: REQUESTS, warmup: WARMUP }: (typeof SIZES)['full'],
): Promise<void> {
  const config = (await (await fetch(`${url}/config.json`)).json()) as RuntimeConfig;
  const cognito = new CognitoIdentityProviderClient({
    endpoint: config.userPoolEndpoint,
    region: config.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const { AuthenticationResult } = await cognito.send(
    new InitiateAuthCommand({
      ClientId: config.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: DEMO_ACCOUNT.email, PASSWORD: DEMO_ACCOUNT.password },
    }),
  );
  cognito.destroy();
  const token = AuthenticationResult?.AccessToken;
  if (!token) throw new Error('demo sign-in returned no token');

  const getMe = async () => {
    const response = await fetch(`${url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET /api/users/me answered ${response.status}`);
  };
  await measureConcurrent(WARMUP, CONCURRENCY, getMe);
  const api = await measureConcurrent(REQUESTS, CONCURRENCY, getMe);

  // The same emulator the handlers use, found through the stack's saved state.
  const state = JSON.parse(await readFile(path.join(dataDir, 'stack.json'), 'utf8')) as { ports: { dynamodb: number } };
  const sub = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string };
  const ddb = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: `http://127.0.0.1:${state.ports.dynamodb}`,
      region: config.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const getItem = async () => {
    await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.user(sub.sub) }));
  };
  await measureConcurrent(WARMUP, CONCURRENCY, getItem);
  const bare = await measureConcurrent(REQUESTS, CONCURRENCY, getItem);
  ddb.destroy();

  const apiP50 = percentile(api, 50);
  const apiP99 = percentile(api, 99);
  const bareP50 = percentile(bare, 50);
  const bareP99 = percentile(bare, 99);
  report.line(`latency at ${CONCURRENCY} concurrent connections, ${REQUESTS} requests each (after ${WARMUP} warm-up):`);
  report.figure({
    name: 'GET /api/users/me p50',
    value: apiP50,
    unit: 'ms',
    note: `${(apiP50 / bareP50).toFixed(1)}x GetItem p50`,
  });
  report.figure({
    name: 'GET /api/users/me p99',
    value: apiP99,
    unit: 'ms',
    target: TARGETS.p99Ms,
    note: `${(apiP99 / bareP99).toFixed(1)}x GetItem p99`,
  });
  report.figure({ name: 'dynalite GetItem p50 (baseline)', value: bareP50, unit: 'ms' });
  report.figure({ name: 'dynalite GetItem p99 (baseline)', value: bareP99, unit: 'ms' });
}

export const foundation: BenchSection = {
  async run(report, { quick }) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-'));
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const started = performance.now();
    const child = spawn('npm', ['start'], {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: String(port), VITRINE_DATA_DIR: dataDir },
      stdio: 'ignore',
      detached: true,
    });
    try {
      await waitHealthy(url, child);
      report.figure({
        name: 'npm start to healthy (fresh data dir)',
        value: (performance.now() - started) / 1000,
        unit: 's',
        target: TARGETS.healthySeconds,
      });
      await latency(report, url, dataDir, quick ? SIZES.quick : SIZES.full);
    } finally {
      await stopGroup(child);
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    }
  },
};
