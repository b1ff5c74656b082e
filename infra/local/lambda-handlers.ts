/**
 * Where the local stack takes each Lambda's code from: the TypeScript sources (default: `npm start`
 * and the integration tests, with tsx or jest), or the bundles esbuild builds exactly as CDK does
 * (infra/lib/bundling.ts), which is what AWS runs (the bundled test tier, test/bundled).
 *
 * A bundle runs in its own worker thread, as each Lambda runs in its own process in AWS: bundles
 * loaded side by side would share `globalThis`, and state a library keeps there (zod's global
 * config, for one) would leak from one Lambda into another and hide its defects. Events, results
 * and errors cross a structured-clone boundary, as they cross JSON with Lambda.
 */
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SHARE_ENV, Worker } from 'node:worker_threads';
import type { Context } from 'aws-lambda';
import { handlerEntry } from '../lib/bundling';

/** 'source', or the directory holding `<name>.mjs` for every Lambda (bundleLambdas). */
export type HandlerSource = 'source' | { bundleDir: string };

type AnyHandler = (event: never, context: never) => Promise<unknown>;

/**
 * Loads a Lambda's `handler` export. Sources are imported in this process (modules are cached, so
 * each loads once, as in a warm Lambda); a bundle gets one worker, started on first use.
 */
export async function loadLambdaHandler<Handler extends AnyHandler>(
  name: string,
  source: HandlerSource = 'source',
): Promise<Handler> {
  if (source === 'source') {
    const module = (await import(handlerEntry(name))) as { handler?: Handler };
    if (typeof module.handler !== 'function') throw new Error(`Lambda ${name} exports no handler`);
    return module.handler;
  }
  return bundleWorker(path.join(source.bundleDir, `${name}.mjs`)).invoke as unknown as Handler;
}

/** Stops the bundles' workers (the local stack's stop). */
export async function stopLambdaWorkers(): Promise<void> {
  const running = [...workers.values()];
  workers.clear();
  await Promise.all(running.map((worker) => worker.stop()));
}

/** Runs in the worker: imports the bundle (native ESM) and answers invocations. */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const loaded = import(workerData.url);
// A bundle that fails to load answers every invocation with its error (as Lambda's init error does).
loaded.catch(() => undefined);
parentPort.on('message', async ({ id, event, context }) => {
  try {
    const { handler } = await loaded;
    const deadline = Date.now() + context.remainingMs;
    const value = await handler(event, {
      ...context,
      getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
      done() {}, fail() {}, succeed() {},
    });
    parentPort.postMessage({ id, ok: true, value });
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    parentPort.postMessage({ id, ok: false, error: { name: e.name, message: e.message, stack: e.stack } });
  }
});
`;

interface BundleWorker {
  invoke(event: unknown, context?: Context): Promise<unknown>;
  stop(): Promise<void>;
}

const workers = new Map<string, BundleWorker>();

function bundleWorker(file: string): BundleWorker {
  const existing = workers.get(file);
  if (existing) return existing;
  // SHARE_ENV: the stack sets the handlers' configuration on process.env, as CDK sets a Lambda's.
  const worker = new Worker(WORKER_CODE, { eval: true, env: SHARE_ENV, workerData: { url: pathToFileURL(file).href } });
  worker.unref();
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 0;
  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.on('message', (message: { id: number; ok: boolean; value?: unknown; error?: Error }) => {
    const call = pending.get(message.id);
    pending.delete(message.id);
    if (!call) return;
    if (message.ok) call.resolve(message.value);
    else call.reject(Object.assign(new Error(message.error!.message), message.error));
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => {
    // The next invocation starts a fresh worker, as Lambda starts a new environment after a crash.
    if (workers.get(file) === created) workers.delete(file);
    failAll(new Error(`Lambda worker for ${path.basename(file)} exited with ${code}`));
  });
  const created: BundleWorker = {
    invoke(event, context) {
      const id = (next += 1);
      const {
        getRemainingTimeInMillis,
        done: _done,
        fail: _fail,
        succeed: _succeed,
        ...plain
      } = context ?? ({} as Context);
      const remainingMs = getRemainingTimeInMillis?.() ?? 30_000;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, event, context: { ...plain, remainingMs } });
      });
    },
    stop: async () => {
      await worker.terminate();
    },
  };
  workers.set(file, created);
  return created;
}
