/**
 * The real-photo evaluation (test/fixtures/photos, see its PROVENANCE.md): runs the engine's sky
 * mask on every photo and scores it against the drawn reference, and checks that photos without
 * sky are refused, and measures the old sky's fringe left along the skyline under the night sky. Shared by `npm run bench` (figures) and the photo test (floors).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { replaceSky, skyReplacementMask } from './replace-sky';
import { resizeMask, scoreSkyMask, skylineFringe, type DrawnSkyMask, type SkyScore } from './sky-evaluation';

export const PHOTOS_DIR = join(__dirname, '../../../../test/fixtures/photos');

/**
 * Photos kept out of engine tuning: their results were not looked at while the detector's
 * parameters were chosen, so their scores say how the method generalises.
 */
export const HELD_OUT = new Set([
  'castle-forest-clouds',
  'church-blue-tree',
  'dusk-lake',
  'overcast-brick-street-b',
  'pyramid-clouds',
  'white-palace-cloudy',
]);

export interface SkyPhotoResult extends SkyScore {
  name: string;
  heldOut: boolean;
  /** The engine refused the photo (no sky found): everything missed. */
  refused: boolean;
}

async function jpegsIn(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((file) => file.endsWith('.jpg')).sort();
}

export async function evaluateSkyPhoto(dir: string, file: string): Promise<SkyPhotoResult> {
  const name = file.replace(/\.jpg$/, '');
  const drawn = JSON.parse(await readFile(join(dir, `${name}.mask.json`), 'utf8')) as DrawnSkyMask;
  const result = await skyReplacementMask(await readFile(join(dir, file)));
  const heldOut = HELD_OUT.has(name);
  if (!result)
    return { name, heldOut, refused: true, ...scoreSkyMask(new Uint8Array(drawn.width * drawn.height), drawn) };
  const mask = resizeMask(result.mask, result.width, result.height, drawn.width, drawn.height);
  return { name, heldOut, refused: false, ...scoreSkyMask(mask, drawn) };
}

export async function evaluateSkyPhotos(dir = join(PHOTOS_DIR, 'sky')): Promise<SkyPhotoResult[]> {
  const results: SkyPhotoResult[] = [];
  for (const file of await jpegsIn(dir)) results.push(await evaluateSkyPhoto(dir, file));
  return results;
}

/** Photos without sky and whether the engine refuses each (it must). */
export async function evaluateNoSkyPhotos(
  dir = join(PHOTOS_DIR, 'no-sky'),
): Promise<{ name: string; refused: boolean }[]> {
  const results = [];
  for (const file of await jpegsIn(dir)) {
    const result = await skyReplacementMask(await readFile(join(dir, file)));
    results.push({ name: file.replace(/\.jpg$/, ''), refused: result === null });
  }
  return results;
}

export interface SkyFringeResult {
  name: string;
  /** Kept pixels within 3 px of the new sky. */
  ring: number;
  /** Of those, the ones brighter than both the new sky and the foreground beside them. */
  fringe: number;
  /** fringe / ring. */
  share: number;
}

/**
 * The old sky left visible along the skyline (`skylineFringe`) when each photo's sky is replaced
 * by the night, the darkest sky: a remnant of a bright old sky shows most there.
 */
export async function evaluateSkyFringes(dir = join(PHOTOS_DIR, 'sky')): Promise<SkyFringeResult[]> {
  const results: SkyFringeResult[] = [];
  for (const file of await jpegsIn(dir)) {
    const image = await readFile(join(dir, file));
    const name = file.replace(/\.jpg$/, '');
    const replaced = await skyReplacementMask(image);
    if (!replaced) {
      results.push({ name, ring: 0, fringe: 0, share: 0 });
      continue;
    }
    const { data, info } = await sharp(await replaceSky(image, 'night'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.width !== replaced.width || info.height !== replaced.height || info.channels !== 3) {
      throw new Error(`${name}: the result and its mask differ in size`);
    }
    results.push({ name, ...skylineFringe(data, replaced.mask, info.width, info.height) });
  }
  return results;
}
