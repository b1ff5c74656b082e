/**
 * The skies a replacement paints (functions/assets/skies: rendered by our own code,
 * `sky-procedural.ts`, provenance beside them): where they are, decoded once per process (a warm
 * Lambda reuses them), which look a seed picks, and what each tells about the light it casts on
 * the foreground, measured on the sky rather than set by hand.
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import type { SkyType } from '@vitrine/shared';
import { clamp, luma } from './raster';
import { lookIndex, SKY_LOOKS, type SkyLook } from './sky-procedural';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context.
const { max, min, pow, round } = Math;

export type Rgb = readonly [number, number, number];

/** The file of a type's look (0-based), e.g. `sunset-2.jpg` for the second. */
export function skyAssetFile(type: SkyType, look: number): string {
  return `${type}-${look + 1}.jpg`;
}

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

const cache = new Map<string, Promise<SkyPhoto>>();

/**
 * The decoded sky of a type for a seed (any integer: the transformation's, so 'Régénérer' paints
 * another look of the same type), once per process and look.
 */
export function loadSkyPhoto(type: SkyType, seed = 0): Promise<SkyPhoto> {
  const look = lookIndex(type, seed);
  const file = skyAssetFile(type, look);
  let photo = cache.get(file);
  if (!photo) {
    photo = decodeSkyPhoto(file, SKY_LOOKS[type][look]!);
    // A failed read is not cached: the next replacement tries again.
    photo.catch(() => cache.delete(file));
    cache.set(file, photo);
  }
  return photo;
}

async function decodeSkyPhoto(file: string, look: SkyLook): Promise<SkyPhoto> {
  const { data, info } = await sharp(path.join(skyAssetDirectory(), file))
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  return { data, width, height, light: measureLight(data, width, height, look.hazeLift, look.sunlight) };
}

/**
 * The light a sky casts (decision 069), from its horizon (its lowest rows, lifted into haze: the
 * colour the sky ends with at the skyline, where the light of a low sun or of a grey sky comes
 * from): the tint is that colour's cast against neutral grey; the exposure its brightness against
 * a clear day's horizon where the sun lights the scene (`sunlight` 1), the whole sky's mean
 * luma where the sky does (0: an overcast, a storm); the contrast drops with diffuse light.
 */
export function measureLight(data: Buffer, width: number, height: number, hazeLift: number, sunlight = 1): SkyLight {
  const horizon = meanColour(data, width, height, round(height * 0.92), height);
  const haze = horizon.map((c, i) => c + (HAZE_WHITE[i]! - c) * hazeLift) as unknown as Rgb;

  // The tint comes from the horizon's haze (where a low sun's or a grey sky's light comes from);
  // the exposure from the whole sky as well: dark storm clouds over a bright break at the horizon
  // still darken the scene, a night's deep blue overhead darkens it more.
  const whole = meanColour(data, width, height, 0, height);
  const level = luma(haze[0], haze[1], haze[2]);
  const gainFor = (c: number) => clamp(pow(max(c, 1) / max(level, 1), TINT_STRENGTH), TINT_RANGE[0], TINT_RANGE[1]);
  const brightest = max(...haze) + (luma(whole[0], whole[1], whole[2]) - max(...haze)) * (1 - sunlight);
  const exposure = clamp(
    pow(brightest / DAYLIGHT_HORIZON_LEVEL, EXPOSURE_STRENGTH),
    EXPOSURE_RANGE[0],
    EXPOSURE_RANGE[1],
  );
  const gain = haze.map((c) => gainFor(c) * exposure) as unknown as Rgb;

  // Diffuse light (an overcast, a storm, a night) casts soft shadows: less contrast.
  const contrast = CONTRAST_RANGE[0] + (CONTRAST_RANGE[1] - CONTRAST_RANGE[0]) * clamp(sunlight, 0, 1);
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
