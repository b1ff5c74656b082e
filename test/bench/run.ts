/**
 * `npm run bench`: performance figures, printed, never asserted (the bundle budget is asserted by
 * the bundled test tier). Each section is a module under sections/; adding one is adding its file
 * and a line below. `npm run bench -- <section>...` runs only those sections; `--quick` runs them
 * at small sizes with one repetition (`npm run test:bench`, part of `npm test`: it fails when a
 * section throws, so the bench cannot rot unnoticed; the figures are still only printed).
 * Each section that needs the local stack starts one of its own and stops it (decision 071). A
 * section timing an engine runs in a process of its own, as a Lambda does (decision 157).
 */
import { spawnSync } from 'node:child_process';
import { consoleReporter, type Reporter } from './report';
import { publicApi } from './sections/api';
import { bundles } from './sections/bundles';
import { engines } from './sections/engines';
import { foundation } from './sections/foundation';
import { gallery } from './sections/gallery';
import { photos } from './sections/photos';
import { pipeline } from './sections/pipeline';
import { publicSite, sharePage } from './sections/public';

export interface BenchOptions {
  /** Small sizes, one repetition: proves the section runs, its figures are not comparable. */
  quick: boolean;
}

export interface BenchSection {
  name: string;
  /**
   * Run in a child process of its own: what earlier sections leave on the heap (600 MB after the
   * Chromium sections) makes every collection slower, and a Lambda's process holds only its own.
   */
  ownProcess?: boolean;
  run(report: Reporter, options: BenchOptions): Promise<void>;
}

/** The flag a section's own process is started with: it runs that one section and nothing else. */
const CHILD_FLAG = '--own-process';

const SECTIONS: BenchSection[] = [
  foundation,
  bundles,
  publicSite,
  sharePage,
  engines,
  photos,
  pipeline,
  gallery,
  publicApi,
];

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const options: BenchOptions = { quick: args.includes('--quick') };
  const child = args.includes(CHILD_FLAG);
  const only = args.filter((arg) => !arg.startsWith('--'));
  const unknown = only.filter((name) => !SECTIONS.some((section) => section.name === name));
  if (unknown.length > 0) throw new Error(`Unknown bench section(s): ${unknown.join(', ')}`);
  // The handlers' info lines and cognito-local's SDK v2 notice would bury the figures.
  process.env.LOG_LEVEL ??= 'warn';
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
  const report = consoleReporter();
  const failed: string[] = [];
  const begin = performance.now();
  for (const section of SECTIONS) {
    if (only.length > 0 && !only.includes(section.name)) continue;
    if (section.ownProcess && !child) {
      // The same script, tsx's loader included, for this one section; it prints its own lines.
      const childArgs = [process.argv[1]!, section.name, ...(options.quick ? ['--quick'] : []), CHILD_FLAG];
      const run = spawnSync(process.execPath, [...process.execArgv, ...childArgs], { stdio: 'inherit' });
      if (run.status !== 0) failed.push(section.name);
      continue;
    }
    report.line(`\n== ${section.name}${options.quick ? ' (quick)' : ''} ==`);
    const started = performance.now();
    try {
      await section.run(report, options);
    } catch (error) {
      // The next sections still run: each has a stack of its own.
      failed.push(section.name);
      console.error(`section ${section.name} failed:`, error);
    }
    report.line(`(${section.name}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  if (!child) report.line(`\nbench: ${((performance.now() - begin) / 1000).toFixed(1)} s`);
  if (failed.length > 0) console.error(`bench sections that failed: ${failed.join(', ')}`);
  return failed.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
