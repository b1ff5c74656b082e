/**
 * The real-photo evaluation (test/fixtures/photos, see its PROVENANCE.md): each photo with sky is
 * replaced by the night sky (the darkest, where old sky left behind shows most) at its stored size
 * (1024 px) and at the size agents upload (12 MP, upscaled), and scored against its drawn
 * reference: IoU, non-sky replaced, what a viewer sees (`sky-defects.ts`) and the old sky's
 * fringe along the skyline; photos without sky must be refused. Shared by `npm run bench` (figures)
 * and the photo tests (floors and ceilings).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { replaceSkyMeasured, skyReplacementMask } from './replace-sky';
import { skyDefects, type SkyDefects } from './sky-defects';
import { decodeRgb } from './raster';
import {
  crownSkyKept,
  resizeMask,
  scoreSkyMask,
  skyLeaks,
  skylineFringe,
  skylineRim,
  type DrawnSkyMask,
  type SkyScore,
} from './sky-evaluation';

export const PHOTOS_DIR = join(__dirname, '../../../../test/fixtures/photos');
export const SKY_DIR = join(PHOTOS_DIR, 'sky');
/**
 * Photos kept out of engine tuning (decision 067): never looked at while the engine's parameters
 * were chosen, scored apart, so their figures say how the method generalises.
 */
export const HELD_OUT_DIR = join(PHOTOS_DIR, 'sky-held-out');
export const NO_SKY_DIR = join(PHOTOS_DIR, 'no-sky');
/** Photos without sky kept out of tuning the same way, their refusals counted apart. */
export const NO_SKY_HELD_OUT_DIR = join(PHOTOS_DIR, 'no-sky-held-out');

/** The size agents upload: a 12-megapixel photo. Smaller sources are upscaled to it. */
export const UPLOAD_PIXELS = 12e6;

export type EvaluationSize = 'stored' | '12mp';

export interface SkyFringe {
  /** Kept pixels within 3 px of the new sky. */
  ring: number;
  /** Of those, the ones brighter than both the new sky and the foreground beside them. */
  fringe: number;
  /** fringe / ring. */
  share: number;
}

export interface SkyPhotoResult extends SkyScore, SkyDefects {
  name: string;
  size: EvaluationSize;
  width: number;
  height: number;
  /** The engine refused the photo (no sky found): everything missed. */
  refused: boolean;
  /** The old sky's light left along the skyline (a halo), `skylineFringe`. */
  halo: SkyFringe;
  /**
   * The share of the same ring kept in the old sky's colour, each pixel weighed by the old sky it
   * shows, `skylineRim` (decisions 156 and 159).
   */
  rim: number;
  /** Pixels of the new sky's soft edge lighter than the new sky around them, `skyLeaks` (decision 169). */
  leak: number;
  /**
   * The share of the sky seen between a bare crown's twigs (the reference's ignored areas) kept,
   * `crownSkyKept` (decision 170); null where the reference ignores none.
   */
  crown: number | null;
}

export async function jpegsIn(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((file) => file.endsWith('.jpg')).sort();
}

/** The photo as stored, or upscaled (Lanczos, JPEG at quality 92) to at least 12 MP. */
export async function photoAtSize(image: Buffer, size: EvaluationSize): Promise<Buffer> {
  if (size === 'stored') return image;
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const scale = Math.sqrt(UPLOAD_PIXELS / (width * height));
  if (scale <= 1) return image;
  return sharp(image)
    .resize(Math.ceil(width * scale), Math.ceil(height * scale), { kernel: 'lanczos3' })
    .jpeg({ quality: 92 })
    .toBuffer();
}

export async function evaluateSkyPhoto(dir: string, file: string, size: EvaluationSize): Promise<SkyPhotoResult> {
  const name = file.replace(/\.jpg$/, '');
  const drawn = JSON.parse(await readFile(join(dir, `${name}.mask.json`), 'utf8')) as DrawnSkyMask;
  const image = await photoAtSize(await readFile(join(dir, file)), size);
  const painted = await replaceSkyMeasured(image, 'night');
  const { width = 0, height = 0 } = painted ? painted.result : await sharp(image).metadata();
  const alpha = painted?.mask ?? new Uint8Array(width * height);
  const score = scoreSkyMask(resizeMask(alpha, width, height, drawn.width, drawn.height), drawn);
  const halo = painted ? skylineFringe(painted.result.data, alpha, width, height) : { ring: 0, fringe: 0, share: 0 };
  const photo = painted ? (await decodeRgb(image)).data : null;
  const rim = photo ? skylineRim(photo, alpha, width, height).share : 0;
  const leak = painted ? skyLeaks(painted.result.data, alpha, width, height) : 0;
  const crown = photo ? crownSkyKept(photo, alpha, width, height, drawn) : null;
  return {
    name,
    size,
    width,
    height,
    refused: !painted,
    ...score,
    ...skyDefects(alpha, width, height, drawn),
    halo,
    rim,
    leak,
    crown,
  };
}

/** Every photo of a folder (the tuning set by default), in name order; `only` restricts to some names. */
export async function evaluateSkyPhotos(
  size: EvaluationSize,
  dir = SKY_DIR,
  only?: readonly string[],
): Promise<SkyPhotoResult[]> {
  const results: SkyPhotoResult[] = [];
  for (const file of await jpegsIn(dir)) {
    if (only && !only.includes(file.replace(/\.jpg$/, ''))) continue;
    results.push(await evaluateSkyPhoto(dir, file, size));
  }
  return results;
}

/** Photos without sky and whether the engine refuses each (it must). */
export async function evaluateNoSkyPhotos(dir = NO_SKY_DIR): Promise<{ name: string; refused: boolean }[]> {
  const results = [];
  for (const file of await jpegsIn(dir)) {
    const result = await skyReplacementMask(await readFile(join(dir, file)));
    results.push({ name: file.replace(/\.jpg$/, ''), refused: result === null });
  }
  return results;
}
