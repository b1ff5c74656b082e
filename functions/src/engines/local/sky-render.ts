/**
 * Painting a new sky from its rendered image (sky-assets.ts, sky-procedural.ts): the image fitted over the sky band with
 * its lowest rows at the skyline, a haze toward the horizon, and the light it casts on the
 * foreground as tone curves. Sharp does the resampling; the caller's one pass applies the rest.
 */
import sharp from 'sharp';
import { clamp } from './raster';
import type { SkyLight, SkyPhoto } from './sky-assets';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context.
const { abs, ceil, floor, max, min, round } = Math;

/** Share of the sky above the skyline over which the sky fades into its haze. */
const SKY_HAZE_HEIGHT = 0.65;
/** Haze over the sky at the skyline itself: the photo still shows through. */
const SKY_HAZE_AT_HORIZON = 0.65;
/** Haze over the foreground at the skyline (distant trees, hills), and how far it reaches (share of the image height, each side). */
const GROUND_HAZE_AT_HORIZON = 0.14;
const GROUND_HAZE_REACH = 0.06;
/** The exponent of the highlight-preserving curve: higher keeps fewer tones at their level. */
const HIGHLIGHT_KNEE = 10;
/** Pivot of the contrast change: a middle grey of the foreground. */
const CONTRAST_PIVOT = 110;

/**
 * `rows` rows of a `width`-wide sky whose horizon is at row `horizon` (may be fractional): the
 * photo is scaled to cover the rows above the horizon (cropped at its centre, its top given up
 * first) so that its own horizon sits at the skyline, and mirrored below it for the sky seen
 * lower down (through trees, beside a building). Packed RGB.
 */
export async function fitSkyPhoto(photo: SkyPhoto, width: number, rows: number, horizon: number): Promise<Buffer> {
  const above = max(1, round(horizon));
  const scale = max(width / photo.width, above / photo.height);
  const sourceWidth = clamp(round(width / scale), 1, photo.width);
  const sourceHeight = clamp(round(above / scale), 1, photo.height);
  let pipeline = sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } })
    .extract({
      left: floor((photo.width - sourceWidth) / 2),
      top: photo.height - sourceHeight,
      width: sourceWidth,
      height: sourceHeight,
    })
    // Linear, not sharp's default Lanczos: a slight reduction for a 12 MP result (decision 157), up
    // to about 2x up for a sky reaching far down a tall photo; stars and clouds look the same at
    // 100 % zoom, and it costs half.
    .resize(width, above, { fit: 'fill', kernel: 'linear' });
  if (rows > above) pipeline = pipeline.extend({ bottom: rows - above, extendWith: 'mirror' });
  else if (rows < above) pipeline = pipeline.extract({ left: 0, top: 0, width, height: rows });
  return pipeline.raw().toBuffer();
}

/**
 * 0 to 1 with a flat start and end: a ramp whose slope broke off at either end would show as a
 * line across a smooth sky or a wall (a Mach band).
 */
function smoothstep(t: number): number {
  const u = clamp(t, 0, 1);
  return u * u * (3 - 2 * u);
}

/** Per row of the sky band, how much of the haze colour replaces the photo (0 high up). */
export function skyHazeWeights(rows: number, horizon: number): Float32Array {
  const weights = new Float32Array(rows);
  const start = horizon * (1 - SKY_HAZE_HEIGHT);
  for (let y = 0; y < rows; y++) {
    weights[y] = SKY_HAZE_AT_HORIZON * smoothstep((y - start) / max(1, horizon - start));
  }
  return weights;
}

/** Per row of the photo, how much of the haze colour the foreground takes: most at the skyline, none a little away. */
export function groundHazeWeights(height: number, horizon: number): Float32Array {
  const weights = new Float32Array(height);
  const reach = max(1, height * GROUND_HAZE_REACH);
  const from = max(0, floor(horizon - reach));
  const to = min(height - 1, ceil(horizon + reach));
  for (let y = from; y <= to; y++) {
    weights[y] = GROUND_HAZE_AT_HORIZON * smoothstep(1 - abs(y - horizon) / reach);
  }
  return weights;
}

/**
 * The foreground's light under the new sky as lookup tables: per channel its tones,
 * T(v) = g·(p + (v − p)·c) (the gain after a contrast change around a middle grey, soft under an
 * even sky), and the share of its own level a pixel keeps, h = (m/255)^k with m its brightest
 * channel, so that what shines by its own light (lit windows, lamps) keeps most of its level:
 * (1 − h)·T(v) + h·v (`relit`). One share for the three channels keeps a pale wall's hue: a share
 * per channel kept a cream stone's red and dropped its blue, and walls turned orange under the
 * night sky (decision 155).
 */
export interface GroundLight {
  /** T per channel, 256 entries each (0 to 255). */
  toned: [Float32Array, Float32Array, Float32Array];
  /** h by the brightest channel, 256 entries. */
  kept: Float32Array;
}

export function groundLight(light: SkyLight): GroundLight {
  const toned = light.gain.map((gain) => {
    const table = new Float32Array(256);
    for (let v = 0; v < 256; v++)
      table[v] = clamp(gain * (CONTRAST_PIVOT + (v - CONTRAST_PIVOT) * light.contrast), 0, 255);
    return table;
  }) as [Float32Array, Float32Array, Float32Array];
  const kept = new Float32Array(256);
  for (let v = 0; v < 256; v++) kept[v] = (v / 255) ** HIGHLIGHT_KNEE;
  return { toned, kept };
}

/** A foreground pixel's colour under the new sky, away from the skyline (`blendSky` fades its share in there). */
export function relit(ground: GroundLight, r: number, g: number, b: number): [number, number, number] {
  const h = ground.kept[max(r, g, b)]!;
  const [tr, tg, tb] = ground.toned;
  return [tr[r]! + h * (r - tr[r]!), tg[g]! + h * (g - tg[g]!), tb[b]! + h * (b - tb[b]!)];
}
