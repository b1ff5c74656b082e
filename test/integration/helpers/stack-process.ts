/**
 * A local stack in a process of its own, for tests that kill it (crash-recovery.test.ts) or need
 * Vite's dev server, which jest cannot load (local-web.test.ts): the same `startLocalStack` as
 * `npm start`, without the web app unless asked. Run with `node --import tsx <this file>
 * <dataDir> <port> [web mode]`; prints one line `READY_PREFIX <json>` (stack-ready.ts) on stdout once it serves requests.
 */
import { startLocalStack } from '../../../infra/local/stack';
import type { WebMode } from '../../../infra/local/web';
import { READY_PREFIX } from './stack-ready';

async function main(): Promise<void> {
  const [dataDir, port, web = 'none'] = process.argv.slice(2);
  if (!dataDir || port === undefined) throw new Error('Usage: stack-process.ts <dataDir> <port>');
  const stack = await startLocalStack({
    port: Number(port),
    dataDir,
    web: web as WebMode,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const { url, config, services, env } = stack;
  process.stdout.write(`${READY_PREFIX}${JSON.stringify({ url, config, services, env })}\n`);
  process.on('SIGTERM', () => {
    void stack.stop().then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
