/**
 * Where the local stack takes each Lambda's code from, and in which module registry it runs it
 * (decision 071). Each stack has a LambdaRuntime of its own, stopped with it, so that nothing a
 * handler keeps at module scope (SDK clients bound to an emulator's port, variables read once,
 * caches) outlives its stack, as nothing outlives a Lambda's execution environment in AWS:
 *
 * - sources (default: `npm start`, the bench): the TypeScript handlers run in ONE worker thread per
 *   stack, with tsx registered there: a module registry that starts empty with the stack and ends
 *   with it. Under jest (the integration tests) they are imported in the test file's process,
 *   whose module registry jest already gives each test file (jest's transform does not reach a
 *   worker).
 * - bundles (`{ bundleDir }`, the bundled tier): esbuild's bundles as CDK builds them, each in its
 *   own worker, as each Lambda runs in its own process: bundles side by side would share
 *   `globalThis`, and state a library keeps there (zod's global config, for one) would leak from
 *   one Lambda into another and hide its defects.
 *
 * Events, results and errors cross a structured-clone boundary, as they cross JSON with Lambda.
 */
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SHARE_ENV, Worker } from 'node:worker_threads';
import type { Context } from 'aws-lambda';
import { handlerEntry } from '../lib/bundling';

/** 'source', or the directory holding `<name>.mjs` for every Lambda (bundleLambdas). */
export type HandlerSource = 'source' | { bundleDir: string };

type AnyHandler = (event: never, context: never) => Promise<unknown>;

export interface LambdaRuntime {
  /** A Lambda's `handler`, loaded on its first call (a warm Lambda after that). */
  load<Handler extends AnyHandler>(name: string): Promise<Handler>;
  /** Ends every worker of this runtime: the next stack starts from empty registries. */
  stop(): Promise<void>;
}

/** jest sets it in every process it runs tests in. */
const UNDER_JEST = process.env.JEST_WORKER_ID !== undefined;

export function createLambdaRuntime(source: HandlerSource = 'source'): LambdaRuntime {
  const workers = new Map<string, ModuleWorker>();
  const worker = (key: string, options: { typescript: boolean }) => {
    let existing = workers.get(key);
    if (!existing || existing.exited) {
      existing = moduleWorker(options);
      workers.set(key, existing);
    }
    return existing;
  };
  return {
    async load<Handler extends AnyHandler>(name: string): Promise<Handler> {
      if (source === 'source' && UNDER_JEST) {
        const module = (await import(handlerEntry(name))) as { handler?: Handler };
        if (typeof module.handler !== 'function') throw new Error(`Lambda ${name} exports no handler`);
        return module.handler;
      }
      const [key, file] =
        source === 'source' ? ['sources', handlerEntry(name)] : [name, path.join(source.bundleDir, `${name}.mjs`)];
      const url = pathToFileURL(file).href;
      return ((event: unknown, context?: Context) =>
        worker(key, { typescript: source === 'source' }).invoke(url, event, context)) as unknown as Handler;
    },
    async stop() {
      const running = [...workers.values()];
      workers.clear();
      await Promise.all(running.map((running) => running.stop()));
    },
  };
}

/**
 * Runs in the worker: imports a Lambda's module on its first invocation (tsx registered first for
 * TypeScript sources) and answers invocations. A module that fails to load answers every
 * invocation with its error, as Lambda's init error does.
 */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
for (const api of workerData.tsx) require(api).register();
const modules = new Map();
const load = (url) => {
  let loaded = modules.get(url);
  if (!loaded) {
    loaded = import(url);
    loaded.catch(() => undefined);
    modules.set(url, loaded);
  }
  return loaded;
};
parentPort.on('message', async ({ id, url, event, context }) => {
  try {
    const { handler } = await load(url);
    if (typeof handler !== 'function') throw new Error(url + ' exports no handler');
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

interface ModuleWorker {
  readonly exited: boolean;
  invoke(url: string, event: unknown, context?: Context): Promise<unknown>;
  stop(): Promise<void>;
}

function moduleWorker({ typescript }: { typescript: boolean }): ModuleWorker {
  // SHARE_ENV: the stack sets the handlers' configuration on process.env, as CDK sets a Lambda's.
  // tsx for TypeScript sources: its CommonJS hook (this package's modules) and its ESM one (import()).
  const tsx = typescript ? [require.resolve('tsx/cjs/api'), require.resolve('tsx/esm/api')] : [];
  const worker = new Worker(WORKER_CODE, { eval: true, env: SHARE_ENV, workerData: { tsx } });
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
  const created = {
    exited: false,
    invoke(url: string, event: unknown, context?: Context) {
      const id = (next += 1);
      const {
        getRemainingTimeInMillis,
        done: _done,
        fail: _fail,
        succeed: _succeed,
        ...plain
      } = context ?? ({} as Context);
      const remainingMs = getRemainingTimeInMillis?.() ?? 30_000;
      return new Promise<unknown>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, url, event, context: { ...plain, remainingMs } });
      });
    },
    stop: async () => {
      await worker.terminate();
    },
  };
  worker.on('exit', (code) => {
    // The next invocation starts a fresh worker, as Lambda starts a new environment after a crash.
    created.exited = true;
    failAll(new Error(`Lambda worker exited with ${code}`));
  });
  return created;
}
