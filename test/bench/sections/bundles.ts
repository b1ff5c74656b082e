/**
 * Lambda bundles: every Lambda the stack deploys (LAMBDA_NAMES: the endpoint groups, the Cognito
 * triggers, both workflow entries), built as CDK builds it; minified size against the 400 KB
 * budget (which the bundled test tier enforces) and cold module-load time. A Lambda that bundles
 * sharp's JavaScript (decision 133) is also built as before, sharp left to the layer, and both
 * loads are timed alternately in the same run: the baseline.
 * Run alone with `npm run bench -- bundles`.
 */
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import * as path from 'node:path';
import { promisify } from 'node:util';
import {
  BUNDLE_BUDGET_BYTES,
  bundleLambdas,
  ESBUILD_OPTIONS,
  LAMBDA_NAMES,
  lambdaBuildOptions,
  REPO_ROOT,
  SHARP_JS_BUNDLED,
} from '../../../infra/lib/bundling';
import type { BenchSection } from '../run';
import { percentile } from '../report';

const LOAD_TARGET_MS = 120;
const LOAD_RUNS = 5;
/** Loads compared with a baseline: more of them, the medians of two noisy series being compared. */
const COMPARED_LOAD_RUNS = 15;
/** Quick mode: the smallest Lambda and the one with the heaviest load, once each. */
const QUICK_LAMBDAS = ['health', 'workflow-image-steps'];
/** Inside the repository so bundles resolve their externals (sharp) from node_modules. */
const BUNDLE_DIR = path.join(REPO_ROOT, 'node_modules/.cache/vitrine-bench');

const run = promisify(execFile);

/** Milliseconds to import `file` in a fresh Node process: what a Lambda's init spends loading it. */
async function coldLoad(file: string): Promise<number> {
  const script = `const t = performance.now(); await import(${JSON.stringify(file)}); console.log(performance.now() - t);`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: BUNDLE_DIR });
  return Number(stdout.trim().split('\n').pop());
}

/** `name` bundled as before decision 133: sharp entirely external, from the layer. */
async function sharpExternalBundle(name: string): Promise<string> {
  const { build } = await import('esbuild');
  const file = path.join(BUNDLE_DIR, `${name}.sharp-external.mjs`);
  await build({ ...lambdaBuildOptions(name, file), external: [...ESBUILD_OPTIONS.external] });
  return file;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

export const bundles: BenchSection = {
  async run(report, { quick }) {
    await mkdir(BUNDLE_DIR, { recursive: true });
    const built = await bundleLambdas(BUNDLE_DIR, quick ? QUICK_LAMBDAS : LAMBDA_NAMES);
    for (const { name, file, bytes } of built) {
      report.figure({
        name: `bundle ${name} (minified)`,
        value: bytes / 1024,
        unit: 'KB',
        target: BUNDLE_BUDGET_BYTES / 1024,
      });
      const baseline = SHARP_JS_BUNDLED.includes(name) ? await sharpExternalBundle(name) : undefined;
      const runs = quick ? 1 : baseline ? COMPARED_LOAD_RUNS : LOAD_RUNS;
      const loads: number[] = [];
      const baselineLoads: number[] = [];
      for (let index = 0; index < runs; index += 1) {
        loads.push(await coldLoad(file));
        if (baseline) baselineLoads.push(await coldLoad(baseline));
      }
      report.figure({
        name: `cold load ${name} (median of ${runs})`,
        value: median(loads),
        unit: 'ms',
        target: LOAD_TARGET_MS,
        note: baseline && `sharp's JavaScript bundled (decision 133)`,
      });
      if (baseline) {
        report.figure({
          name: `  baseline: sharp from the layer (median of ${runs})`,
          value: median(baselineLoads),
          unit: 'ms',
          note: 'as before decision 133, same run, loads alternated',
        });
      }
    }
  },
};
