/**
 * Lambda bundles: every Lambda the stack deploys (LAMBDA_NAMES: the endpoint groups, the Cognito
 * triggers, both workflow entries), built as CDK builds it; minified size against the 400 KB
 * budget (which the bundled test tier enforces) and cold module-load time.
 * Run alone with `npm run bench -- bundles`.
 */
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { BUNDLE_BUDGET_BYTES, bundleLambdas, LAMBDA_NAMES, REPO_ROOT } from '../../../infra/lib/bundling';
import type { BenchSection } from '../run';
import { percentile } from '../report';

const LOAD_TARGET_MS = 120;
const LOAD_RUNS = 5;
/** Quick mode: the smallest Lambda and the one with the heaviest load, once each. */
const QUICK_LAMBDAS = ['health', 'workflow-image-steps'];
/** Inside the repository so bundles resolve their externals (sharp) from node_modules. */
const BUNDLE_DIR = path.join(REPO_ROOT, 'node_modules/.cache/vitrine-bench');

const run = promisify(execFile);

export const bundles: BenchSection = {
  name: 'bundles',
  async run(report, { quick }) {
    await mkdir(BUNDLE_DIR, { recursive: true });
    const built = await bundleLambdas(BUNDLE_DIR, quick ? QUICK_LAMBDAS : LAMBDA_NAMES);
    const runs = quick ? 1 : LOAD_RUNS;
    for (const { name, file, bytes } of built) {
      report.figure({
        name: `bundle ${name} (minified)`,
        value: bytes / 1024,
        unit: 'KB',
        target: BUNDLE_BUDGET_BYTES / 1024,
      });
      const loads: number[] = [];
      for (let index = 0; index < runs; index += 1) {
        const script = `const t = performance.now(); await import(${JSON.stringify(file)}); console.log(performance.now() - t);`;
        const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: BUNDLE_DIR });
        loads.push(Number(stdout.trim().split('\n').pop()));
      }
      loads.sort((a, b) => a - b);
      report.figure({
        name: `cold load ${name} (median of ${runs})`,
        value: percentile(loads, 50),
        unit: 'ms',
        target: LOAD_TARGET_MS,
      });
    }
  },
};
