/**
 * The real-photo evaluation (test/fixtures/photos, see its PROVENANCE.md): runs the engine's sky
 * mask on every photo and scores it against the drawn reference, and checks that photos without
 * sky are refused. Shared by `npm run bench` (figures) and the photo test (floors).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { skyReplacementMask } from './replace-sky';
import { resizeMask, scoreSkyMask, type DrawnSkyMask, type SkyScore } from './sky-evaluation';

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
