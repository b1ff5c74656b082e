/**
 * The sky photographs a replacement paints (functions/assets/skies, provenance beside them): where
 * they are, decoded once per process (a warm Lambda reuses them), and what each tells about the
 * light it casts on the foreground, measured on the photo rather than set by hand.
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import type { SkyType } from '@vitrine/shared';
import { clamp, luma } from './raster';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context.
const { max, min, pow, round } = Math;

export type Rgb = readonly [number, number, number];

interface SkyAsset {
  file: string;
  /**
   * How far the horizon colour is lifted toward a pale haze, 0..1: a property of each photo. Kite
   * (blue) looks up toward the zenith, so its lowest rows are deep blue where a real horizon is
   * pale; the others were taken toward their horizon and need little.
   */
  hazeLift: number;
}

export const SKY_ASSETS: Readonly<Record<SkyType, SkyAsset>> = {
  blue: { file: 'blue.jpg', hazeLift: 0.6 },
  sunset: { file: 'sunset.jpg', hazeLift: 0.12 },
  cloudy: { file: 'cloudy.jpg', hazeLift: 0.08 },
  dramatic: { file: 'dramatic.jpg', hazeLift: 0.15 },
  night: { file: 'night.jpg', hazeLift: 0.06 },
};

/** The pale haze a horizon fades to (a slightly blue white). */
const HAZE_WHITE: Rgb = [236, 240, 244];

/** Brightest channel of a clear day's horizon: exposure 1 at and above it. */
const DAYLIGHT_HORIZON_LEVEL = 200;
/**
 * How much of the horizon's colour cast and of the sky's darkness the foreground takes (exponents
 * on the measured ratios): a scene is lit by the sun and the whole sky, so it shows only part of
 * the sky's own colour; the clamps keep a photo's extreme from turning a house orange or black.
 */
const TINT_STRENGTH = 0.45;
const TINT_RANGE = [0.86, 1.14] as const;
const EXPOSURE_STRENGTH = 1;
const EXPOSURE_RANGE = [0.3, 1] as const;
/** Luminance spread (standard deviation, 0..255) of a sky with clear light: full contrast at it. */
const CONTRASTY_SKY_SPREAD = 30;
const CONTRAST_RANGE = [0.86, 1] as const;

/** How the foreground is relit under a sky. */
export interface SkyLight {
  /** Per-channel multiplier on shadows and midtones; highlights keep their level (lamps, windows). */
  gain: Rgb;
  /** Contrast around middle grey: below 1 under a soft, even sky (overcast, night). */
  contrast: number;
  /** The colour the sky fades to at its horizon, which distant foreground takes a little of. */
  haze: Rgb;
}

export interface SkyPhoto {
  /** Packed RGB. */
  data: Buffer;
  width: number;
  height: number;
  light: SkyLight;
}

/**
 * Where the photos are. From the sources (tsx, jest) this module sits in
 * functions/src/engines/local; bundled (esbuild, ESM: no `__dirname`), they are copied beside the
 * bundle (infra/lib/bundling.ts, LAMBDA_ASSETS), and the bundle's `require` (created from its own
 * URL by the banner) resolves relative to it.
 */
export function skyAssetDirectory(): string {
  const fromSources = typeof __dirname === 'string' ? path.resolve(__dirname, '../../../assets/skies') : null;
  if (fromSources && existsSync(fromSources)) return fromSources;
  return path.dirname(require.resolve('./skies/PROVENANCE.md'));
}

const cache = new Map<SkyType, Promise<SkyPhoto>>();

/** The decoded sky photo of a type, once per process. */
export function loadSkyPhoto(type: SkyType): Promise<SkyPhoto> {
  let photo = cache.get(type);
  if (!photo) {
    photo = decodeSkyPhoto(type);
    // A failed read is not cached: the next replacement tries again.
    photo.catch(() => cache.delete(type));
    cache.set(type, photo);
  }
  return photo;
}

async function decodeSkyPhoto(type: SkyType): Promise<SkyPhoto> {
  const asset = SKY_ASSETS[type];
  const { data, info } = await sharp(path.join(skyAssetDirectory(), asset.file))
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  return { data, width, height, light: measureLight(data, width, height, asset.hazeLift) };
}

/**
 * The light a sky casts, from its photo's horizon (its lowest rows, lifted into haze: the colour
 * the sky ends with at the skyline, where the light of a low sun or of a grey sky comes from): the
 * tint is that colour's cast against neutral grey, the exposure its brightness against a clear
 * day's horizon; the contrast drops when the sky is even (diffuse light, soft shadows).
 */
export function measureLight(data: Buffer, width: number, height: number, hazeLift: number): SkyLight {
  const horizon = meanColour(data, width, height, round(height * 0.92), height);
  const haze = horizon.map((c, i) => c + (HAZE_WHITE[i]! - c) * hazeLift) as unknown as Rgb;

  const level = luma(haze[0], haze[1], haze[2]);
  const gainFor = (c: number) => clamp(pow(max(c, 1) / max(level, 1), TINT_STRENGTH), TINT_RANGE[0], TINT_RANGE[1]);
  const exposure = clamp(
    pow(max(...haze) / DAYLIGHT_HORIZON_LEVEL, EXPOSURE_STRENGTH),
    EXPOSURE_RANGE[0],
    EXPOSURE_RANGE[1],
  );
  const gain = haze.map((c) => gainFor(c) * exposure) as unknown as Rgb;

  const contrast = clamp(
    CONTRAST_RANGE[0] + ((CONTRAST_RANGE[1] - CONTRAST_RANGE[0]) * lumaSpread(data)) / CONTRASTY_SKY_SPREAD,
    CONTRAST_RANGE[0],
    CONTRAST_RANGE[1],
  );
  return { gain, contrast, haze };
}

function meanColour(data: Buffer, width: number, height: number, fromRow: number, toRow: number): Rgb {
  let r = 0;
  let g = 0;
  let b = 0;
  const start = min(fromRow, height - 1) * width * 3;
  const end = toRow * width * 3;
  for (let i = start; i < end; i += 3) {
    r += data[i]!;
    g += data[i + 1]!;
    b += data[i + 2]!;
  }
  const n = (end - start) / 3;
  return [r / n, g / n, b / n];
}

/** Standard deviation of luminance over a sample of pixels. */
function lumaSpread(data: Buffer): number {
  let sum = 0;
  let squares = 0;
  let n = 0;
  for (let i = 0; i + 2 < data.length; i += 3 * 17) {
    const l = luma(data[i]!, data[i + 1]!, data[i + 2]!);
    sum += l;
    squares += l * l;
    n++;
  }
  const mean = sum / n;
  return Math.sqrt(max(0, squares / n - mean * mean));
}
