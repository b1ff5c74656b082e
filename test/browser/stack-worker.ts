/**
 * Runs the local stack in a worker thread of the Playwright runner, loaded by tsx as
 * `npm start` does. Its own module loader keeps tsx's hooks (the stack loads handlers
 * with `import()`) apart from Playwright's TypeScript loader.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startLocalStack, type LocalStackOptions } from '../../infra/local/stack';

export type StackWorkerMessage =
  { type: 'ready'; url: string } | { type: 'stopped' } | { type: 'error'; message: string };

const port = parentPort;
if (!port) throw new Error('stack-worker.ts must run in a worker thread');
const post = (message: StackWorkerMessage) => port.postMessage(message);

startLocalStack(workerData as LocalStackOptions).then(
  (stack) => {
    port.on('message', (message: unknown) => {
      if (message !== 'stop') return;
      stack.stop().then(
        () => post({ type: 'stopped' }),
        (error: unknown) => post({ type: 'error', message: String(error) }),
      );
    });
    post({ type: 'ready', url: stack.url });
  },
  (error: unknown) =>
    post({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
);
