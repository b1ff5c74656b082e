/** Starts the local stack in-process for a test file: random port, temporary data dir, no web app. */
import { mkdtemp, rm } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../../infra/local/stack';

export interface TestStack extends LocalStack {
  dataDir: string;
  /** Stops the stack and deletes its data dir. */
  destroy(): Promise<void>;
}

export async function newDataDir(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'vitrine-it-'));
}

export async function startTestStack(options: Partial<LocalStackOptions> = {}): Promise<TestStack> {
  const dataDir = options.dataDir ?? (await newDataDir());
  const stack = await startLocalStack({ port: 0, web: 'none', ...options, dataDir });
  return {
    ...stack,
    dataDir,
    destroy: async () => {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
