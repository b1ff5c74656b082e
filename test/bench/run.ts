/**
 * `npm run bench`: performance figures, printed, never asserted (the bundle budget is asserted by
 * the bundled test tier). Each section is a module under sections/; adding one is adding its file
 * and a line below. `npm run bench -- <section>...` runs only those sections; `--quick` runs them
 * at small sizes with one repetition (`npm run test:bench`, part of `npm test`: it fails when a
 * section throws, so the bench cannot rot unnoticed; the figures are still only printed).
 * Each section that needs the local stack starts one of its own and stops it (decision 071). A
 * section timing an engine runs in a process of its own, as a Lambda does (decision 157), and a
 * section's module is loaded only when it runs, so that process holds that section's code alone
 * (decision 166).
 */
import { spawnSync } from 'node:child_process';
import { consoleReporter, type Reporter } from './report';

export interface BenchOptions {
  /** Small sizes, one repetition: proves the section runs, its figures are not comparable. */
  quick: boolean;
}

export interface BenchSection {
  run(report: Reporter, options: BenchOptions): Promise<void>;
}

interface SectionEntry {
  name: string;
  /**
   * Run in a child process of its own, as a Lambda's holds only its own code: what earlier
   * sections leave on the heap (600 MB after the Chromium sections) makes every collection slower,
   * and so do the other sections' modules (decision 166).
   */
  ownProcess?: boolean;
  /** The section's module, imported only when the section runs. */
  load(): Promise<BenchSection>;
}

/** The flag a section's own process is started with: it runs that one section and nothing else. */
const CHILD_FLAG = '--own-process';

const SECTIONS: readonly SectionEntry[] = [
  { name: 'foundation', load: async () => (await import('./sections/foundation')).foundation },
  { name: 'bundles', load: async () => (await import('./sections/bundles')).bundles },
  { name: 'public', load: async () => (await import('./sections/public')).publicSite },
  { name: 'share', load: async () => (await import('./sections/public')).sharePage },
  { name: 'engines', ownProcess: true, load: async () => (await import('./sections/engines')).engines },
  { name: 'photos', load: async () => (await import('./sections/photos')).photos },
  { name: 'pipeline', load: async () => (await import('./sections/pipeline')).pipeline },
  { name: 'gallery', load: async () => (await import('./sections/gallery')).gallery },
  { name: 'api', load: async () => (await import('./sections/api')).publicApi },
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
      await (await section.load()).run(report, options);
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
