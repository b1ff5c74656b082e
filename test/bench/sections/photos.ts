/**
 * The local engine on real photos (test/fixtures/photos): per photo, the sky mask's
 * intersection-over-union with the drawn one and the share of non-sky pixels replaced; the old
 * sky's fringe left along the skyline under the night sky; whether
 * each photo without sky is refused; HDR figures per photo (clipped pixels, mean luma, local
 * contrast, halo around bright areas, colour cast) and a verdict against HDR_CRITERIA.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { enhance } from '../../../functions/src/engines/local/enhance';
import {
  evaluateHdrPhotos,
  HDR_CONTROLS,
  HDR_CRITERIA,
  hdrFailures,
  measureExposure,
  type HdrPhotoResult,
} from '../../../functions/src/engines/local/hdr-evaluation';
import {
  evaluateNoSkyPhotos,
  evaluateSkyFringes,
  evaluateSkyPhotos,
  PHOTOS_DIR,
  type SkyPhotoResult,
} from '../../../functions/src/engines/local/photo-evaluation';
import type { Reporter } from '../report';
import type { BenchSection } from '../run';

const TARGETS = { meanIou: 0.95, minIou: 0.85, falseReplaced: 0.005 };

const pct = (value: number) => `${(value * 100).toFixed(2)} %`;

function summary(label: string, results: SkyPhotoResult[]): string {
  if (results.length === 0) return `${label}: none`;
  const ious = results.map((r) => r.iou);
  const mean = ious.reduce((a, b) => a + b, 0) / ious.length;
  const worst = Math.min(...ious);
  const falseMean = results.reduce((a, r) => a + r.falseReplaced, 0) / results.length;
  return (
    `${label} (${results.length}): mean IoU ${mean.toFixed(3)} (target ≥ ${TARGETS.meanIou}), ` +
    `lowest ${worst.toFixed(3)} (target ≥ ${TARGETS.minIou}), ` +
    `non-sky replaced ${(falseMean * 100).toFixed(3)} % mean (target < ${pct(TARGETS.falseReplaced)}), ` +
    `${results.filter((r) => r.iou < TARGETS.minIou).length} under ${TARGETS.minIou}`
  );
}

/**
 * Quick mode: the same evaluations on the first photo of each folder, linked into a temporary
 * folder of the same layout (a sky photo keeps its drawn mask beside it).
 */
async function firstPhotos(): Promise<{ sky: string; noSky: string; hdr: string; remove(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'vitrine-bench-photos-'));
  const linkFirst = async (folder: string, extensions: string[]) => {
    const first = (await readdir(join(PHOTOS_DIR, folder))).filter((file) => file.endsWith('.jpg')).sort()[0]!;
    const base = first.replace(/\.jpg$/, '');
    const target = join(root, folder);
    await mkdir(target);
    for (const extension of extensions) {
      await symlink(join(PHOTOS_DIR, folder, `${base}${extension}`), join(target, `${base}${extension}`));
    }
    return target;
  };
  return {
    sky: await linkFirst('sky', ['.jpg', '.mask.json']),
    noSky: await linkFirst('no-sky', ['.jpg']),
    hdr: await linkFirst('hdr', ['.jpg']),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

/** evaluateHdrPhotos' measure on the photos of one folder (quick mode). */
async function evaluateHdrFolder(dir: string): Promise<HdrPhotoResult[]> {
  const results: HdrPhotoResult[] = [];
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('.jpg'))) {
    const input = await readFile(join(dir, file));
    const measure = await measureExposure(input, await enhance(input));
    const name = file.replace(/\.jpg$/, '');
    results.push({ name, ...measure, failures: hdrFailures(measure, HDR_CONTROLS.includes(name)) });
  }
  return results;
}

export const photos: BenchSection = {
  name: 'photos',
  async run(report, { quick }) {
    const folders = quick ? await firstPhotos() : undefined;
    try {
      await evaluate(report, folders);
    } finally {
      await folders?.remove();
    }
  },
};

/** Every photo of test/fixtures/photos, or those of `folders` (quick mode). */
async function evaluate(report: Reporter, folders?: { sky: string; noSky: string; hdr: string }) {
  const sky = await evaluateSkyPhotos(folders?.sky);
  report.line('sky photo                        IoU    non-sky replaced   sky missed');
  for (const r of sky) {
    report.line(
      `${(r.name + (r.heldOut ? ' (held out)' : '')).padEnd(32)} ${r.iou.toFixed(3)}  ${pct(r.falseReplaced).padStart(10)}  ${pct(r.missed).padStart(10)}${r.refused ? '  REFUSED' : ''}`,
    );
  }
  report.line(summary('all', sky));
  report.line(
    summary(
      'tuned on',
      sky.filter((r) => !r.heldOut),
    ),
  );
  report.line(
    summary(
      'held out',
      sky.filter((r) => r.heldOut),
    ),
  );

  const fringes = await evaluateSkyFringes(folders?.sky);
  report.line(
    '\nold sky left along the skyline, night sky (kept pixels within 3 px of the new sky, brighter than both sides by 30+)',
  );
  for (const f of fringes) {
    report.line(
      `${f.name.padEnd(32)} ${String(f.fringe).padStart(6)} of ${String(f.ring).padStart(7)}  ${pct(f.share).padStart(8)}`,
    );
  }
  const fringeMean = fringes.reduce((a, f) => a + f.share, 0) / fringes.length;
  report.line(
    `fringe: ${pct(fringeMean)} mean of the skyline's ring, worst ${pct(Math.max(...fringes.map((f) => f.share)))}\n`,
  );

  const noSky = await evaluateNoSkyPhotos(folders?.noSky);
  for (const r of noSky) report.line(`no sky: ${r.name.padEnd(30)} ${r.refused ? 'refused' : 'NOT REFUSED'}`);
  report.line(`no-sky photos refused: ${noSky.filter((r) => r.refused).length}/${noSky.length}`);

  const hdr = folders ? await evaluateHdrFolder(folders.hdr) : await evaluateHdrPhotos();
  report.line(
    '\nHDR photo                      clipped before→after  mean luma  local contrast   halo  cast  saturation  verdict',
  );
  for (const m of hdr) {
    report.line(
      `${(m.name + (HDR_CONTROLS.includes(m.name) ? ' (control)' : '')).padEnd(30)} ` +
        `${pct(m.before.clipped).padStart(8)} → ${pct(m.after.clipped).padEnd(8)}  ` +
        `${m.before.meanLuma.toFixed(0).padStart(3)} → ${m.after.meanLuma.toFixed(0).padEnd(3)}  ` +
        `${m.before.localContrast.toFixed(1).padStart(5)} → ${m.after.localContrast.toFixed(1).padEnd(5)}  ` +
        `${m.halo.toFixed(2).padStart(5)}  ${m.cast.toFixed(1).padStart(4)}  ` +
        `${(m.before.saturation * 100).toFixed(0).padStart(3)} → ${(m.after.saturation * 100).toFixed(0).padEnd(3)}   ` +
        `${m.failures.length ? 'FAILS ' + m.failures.join(', ') : 'ok'}`,
    );
  }
  const c = HDR_CRITERIA;
  report.line(
    `HDR: ${hdr.filter((m) => m.failures.length === 0).length}/${hdr.length} photos meet the criteria ` +
      `(clipped +${(c.clippedGrowth * 100).toFixed(2)} point at most, local contrast −${c.contrastDrop * 100} % ` +
      `at most, −${c.controlContrastDrop * 100} % on controls, halo ≤ ${c.halo}, cast ≤ ${c.cast}, ` +
      `saturation +${c.saturationGrowth * 100} % at most, a low-key photo +${c.lowKeyGain * 100} % mean luma at most)`,
  );
}
