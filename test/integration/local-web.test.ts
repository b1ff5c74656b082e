/**
 * The local port as CloudFront serves the app in AWS (decision 082): the same security headers
 * on every answer (app, API, config), from the definition the CDK policy uses, and Vite's dev
 * server reading the web app only: no file of the repository or of `.local/` through `/@fs/`.
 * The stack runs in a process of its own: jest cannot load Vite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from '../../infra/lib/bundling';
import { CUSTOM_SECURITY_HEADERS } from '../../infra/lib/constructs/security-headers';
import type { LocalStack } from '../../infra/local/stack';
import { READY_PREFIX } from './helpers/stack-ready';

jest.setTimeout(120_000);

let child: ChildProcess | undefined;
let stack: Pick<LocalStack, 'url' | 'services'>;
let dataDir: string;
const probeDir = path.join(REPO_ROOT, '.local', `probe-${randomUUID()}`);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-web-'));
  await mkdir(probeDir, { recursive: true });
  await writeFile(path.join(probeDir, 'pool.json'), '{"Password":"secret"}');
  const started = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'helpers/stack-process.ts'), dataDir, '0', 'dev'],
    { cwd: REPO_ROOT, env: { ...process.env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child = started;
  const stderr: string[] = [];
  stack = await new Promise((resolve, reject) => {
    let buffered = '';
    started.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith(READY_PREFIX)) resolve(JSON.parse(line.slice(READY_PREFIX.length)));
    });
    started.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
    started.once('exit', (code) => reject(new Error(`The stack exited (${code}): ${stderr.join('').slice(-2000)}`)));
  });
});
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await rm(probeDir, { recursive: true, force: true });
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const get = (pathname: string) => fetch(`${stack.url}${pathname}`);

it.each(['/', '/dashboard', '/api/health', '/config.json'])(
  'answers %s with the security headers',
  async (pathname) => {
    const { headers } = await get(pathname);
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(headers.get('content-security-policy')).toContain(`connect-src 'self' ${stack.url}/_local/cognito`);
    expect(headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('permissions-policy')).toBe(CUSTOM_SECURITY_HEADERS['Permissions-Policy']);
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  },
);

it('serves the web app in dev mode', async () => {
  const page = await get('/');
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('/src/main.tsx');
});

it.each([
  ['the emulators’ data', () => path.join(probeDir, 'pool.json')],
  ['the repository’s files', () => path.join(REPO_ROOT, 'package.json')],
  ['another workspace’s sources', () => path.join(REPO_ROOT, 'infra', 'local', 'stack.ts')],
])('refuses %s through /@fs/', async (_what, file) => {
  const response = await get(`/@fs${file()}`);
  expect(response.status).toBe(403);
  expect(await response.text()).not.toContain('secret');
});
