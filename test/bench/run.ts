/**
 * `npm run bench`: performance figures, printed, never asserted (the bundle budget is asserted by
 * the bundled test tier). Each section is a module under sections/; adding one is adding its file
 * and a line below. `npm run bench -- <section>...` runs only those sections.
 */
import { consoleReporter, type Reporter } from './report';
import { bundles } from './sections/bundles';
import { engines } from './sections/engines';
import { foundation } from './sections/foundation';
import { gallery } from './sections/gallery';
import { photos } from './sections/photos';
import { pipeline } from './sections/pipeline';
import { publicSite } from './sections/public';

export interface BenchSection {
  name: string;
  run(report: Reporter): Promise<void>;
}

const SECTIONS: BenchSection[] = [foundation, bundles, publicSite, engines, photos, pipeline, gallery];

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const report = consoleReporter();
  for (const section of SECTIONS) {
    if (only.length > 0 && !only.includes(section.name)) continue;
    report.line(`\n== ${section.name} ==`);
    const started = performance.now();
    await section.run(report);
    report.line(`(${section.name}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
