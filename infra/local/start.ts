/**
 * `npm start`: the whole product on http://localhost:3000 (PORT overrides), data under .local
 * (VITRINE_DATA_DIR overrides). Prints one line when ready (every emulator answers the deep health
 * check, READINESS_PATH); Ctrl-C or SIGTERM stops everything.
 */
import * as path from 'node:path';
import { DEMO_ACCOUNT } from '@vitrine/shared';
import { REPO_ROOT } from '../lib/bundling';
import { readyBanner } from './banner';
import { prettyPrintStdout } from './pretty-logs';
import { READINESS_PATH } from './readiness';

const HEALTH_TIMEOUT_MS = 60_000;

async function waitHealthy(url: string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}${READINESS_PATH}`);
      if (response.ok) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The local stack did not become healthy: ${last}`);
}

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid PORT: ${process.env.PORT}`);
  const dataDir = process.env.VITRINE_DATA_DIR ?? path.join(REPO_ROOT, '.local');
  // cognito-local loads the AWS SDK v2 for types it never calls here; its end-of-support notice is noise.
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
  // The handlers' JSON log lines, one short line each on a terminal (same fields); JSON when piped.
  if (process.stdout.isTTY) prettyPrintStdout();
  const { startLocalStack } = await import('./stack');
  const stack = await startLocalStack({ port, dataDir, web: 'dev', log: (line) => console.error(line) });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: arrêt de Vitrine…`);
    // A second signal or a hung close must not keep the terminal waiting.
    setTimeout(() => process.exit(1), 5000).unref();
    stack.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await waitHealthy(stack.url);
  for (const line of readyBanner(stack.url, DEMO_ACCOUNT)) console.log(line);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
