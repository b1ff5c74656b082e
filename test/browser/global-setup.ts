import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LocalStackOptions } from '../../infra/local/stack';
import { BASE_URL_ENV, DATA_DIR_ENV } from './fixtures/base-url';
import type { StackWorkerMessage } from './stack-worker';

const repoRoot = path.resolve(__dirname, '../..');
const STARTUP_TIMEOUT_MS = 60_000;

/** Worker entry: registers tsx's CommonJS and ESM hooks (as `tsx` does for `npm start`), then loads the script. */
function bootstrap(script: string): string {
  const url = pathToFileURL(script).href;
  return `
    (async () => {
      const esm = await import('tsx/esm/api');
      esm.register();
      const cjs = await import('tsx/cjs/api');
      cjs.register();
      await import(${JSON.stringify(url)});
    })().catch((error) => {
      require('node:worker_threads').parentPort.postMessage({ type: 'error', message: String(error && error.stack || error) });
    });
  `;
}

function nextMessage(worker: Worker, timeoutMs: number): Promise<StackWorkerMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`local stack: no answer within ${timeoutMs} ms`)), timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
    };
    const onMessage = (message: StackWorkerMessage) => {
      cleanup();
      resolve(message);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
  });
}

/**
 * Starts the whole local stack in-process (a worker thread, see stack-worker.ts) on a free
 * port with a fresh data directory, serving web/dist; hands its URL to the tests through
 * the environment and returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(path.join(repoRoot, 'web/dist/index.html')))
    throw new Error('web/dist is missing: run `npm run build -w web` (npm run test:browser does).');

  const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-browser-'));
  const options: LocalStackOptions = { port: 0, dataDir, web: 'dist', seedDemo: true };
  const worker = new Worker(bootstrap(path.join(__dirname, 'stack-worker.ts')), { eval: true, workerData: options });
  const started = await nextMessage(worker, STARTUP_TIMEOUT_MS).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  if (started.type !== 'ready') {
    await worker.terminate();
    await rm(dataDir, { recursive: true, force: true });
    throw new Error(`local stack failed to start: ${started.type === 'error' ? started.message : started.type}`);
  }
  process.env[BASE_URL_ENV] = started.url;
  process.env[DATA_DIR_ENV] = dataDir;

  return async () => {
    const stopped = nextMessage(worker, 20_000);
    worker.postMessage('stop');
    await stopped.finally(() => worker.terminate());
    await rm(dataDir, { recursive: true, force: true });
  };
}
