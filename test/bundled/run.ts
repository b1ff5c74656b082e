/**
 * `npm run test:bundled`: the bundled tier. Builds every Lambda once, exactly as CDK bundles it,
 * into a temporary directory, then runs this folder's tests (node:test; jest cannot load the ESM
 * bundles natively) on the local stack with those bundles instead of the TypeScript sources.
 * Arguments select test files (default: every *.test.ts here).
 */
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import * as path from 'node:path';
import { BUNDLE_DIR_ENV, buildBundles } from './bundles';

async function main(): Promise<number> {
  const started = performance.now();
  const built = await buildBundles();
  console.log(`bundled ${built.bundles.length} Lambdas in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  try {
    const selected = process.argv.slice(2);
    const files =
      selected.length > 0
        ? selected.map((file) => path.resolve(file))
        : (await readdir(__dirname))
            .filter((file) => file.endsWith('.test.ts'))
            .map((file) => path.join(__dirname, file));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=1', ...files],
      {
        stdio: 'inherit',
        env: { ...process.env, [BUNDLE_DIR_ENV]: built.dir },
      },
    );
    return await new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  } finally {
    await built.remove();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
