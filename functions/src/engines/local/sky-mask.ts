/**
 * Automatic sky detection on a thumbnail. Per column, the sky is the run of pixels connected to
 * the top edge that look like sky (blue-ish, or bright and neutral like an overcast sky), are
 * smooth (low texture) and change colour gradually. The skyline (where each run ends) is then
 * median-filtered so isolated columns (a lamp post, a wire) do not cut notches into the mask.
 */
import { clamp, decodeThumbnail, luma, type Raster } from './raster';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context.
const { abs, ceil, floor, max, min } = Math;

export const SKY_ANALYSIS_SIDE = 320;
/**
 * Vertical luma differences above which a pixel is textured (an edge, foliage, a facade) or
 * breaks from the pixel above. Blue pixels are rarely anything but sky, so they get more room;
 * neutral bright ones (clouds, overcast) could be a white wall and get less.
 */
const MAX_TEXTURE = { blue: 60, neutral: 40 };
const MAX_STEP = { blue: 40, neutral: 24 };
/** A sky must cover at least this share of the photo, over at least this share of its columns. */
const MIN_SKY_AREA = 0.06;
const MIN_SKY_COLUMNS = 0.4;

export interface SkyDetection {
  /** Thumbnail size the skyline is measured in. */
  width: number;
  height: number;
  /** Per thumbnail column: number of sky rows from the top (fractional after smoothing). */
  skyline: Float32Array;
  /** Share of the thumbnail covered by sky, 0..1. */
  coverage: number;
}

export async function detectSky(image: Buffer): Promise<SkyDetection | null> {
  return findSky(await decodeThumbnail(image, SKY_ANALYSIS_SIDE));
}

/** Pure detection on RGB pixels; null when the photo shows no usable sky. */
export function findSky(thumb: Raster): SkyDetection | null {
  const { data, width, height } = thumb;
  const lum = new Float32Array(width * height);
  for (let p = 0, i = 0; p < lum.length; p++, i += 3) lum[p] = luma(data[i]!, data[i + 1]!, data[i + 2]!);

  const raw = new Float32Array(width);
  let skyLuma = 0;
  let skyPixels = 0;
  for (let x = 0; x < width; x++) {
    let y = 0;
    while (y < height && isSkyPixel(data, lum, width, height, x, y)) {
      skyLuma += lum[y * width + x]!;
      skyPixels++;
      y++;
    }
    raw[x] = y;
  }

  const skyline = smooth(raw, 2);
  let area = 0;
  let columns = 0;
  for (let x = 0; x < width; x++) {
    area += skyline[x]!;
    if (skyline[x]! >= height * 0.03) columns++;
  }
  const coverage = area / (width * height);
  if (coverage < MIN_SKY_AREA || columns < width * MIN_SKY_COLUMNS) return null;

  // A sky is brighter than what stands under it; a pale ceiling over a bright room is not one.
  let restLuma = 0;
  let restPixels = 0;
  for (let x = 0; x < width; x++) {
    for (let y = ceil(raw[x]!); y < height; y++) {
      restLuma += lum[y * width + x]!;
      restPixels++;
    }
  }
  if (restPixels > 0 && skyLuma / skyPixels < restLuma / restPixels + 8) return null;

  return { width, height, skyline, coverage };
}

function isSkyPixel(data: Buffer, lum: Float32Array, width: number, height: number, x: number, y: number): boolean {
  const p = y * width + x;
  const i = p * 3;
  const r = data[i]!;
  const g = data[i + 1]!;
  const b = data[i + 2]!;
  const l = lum[p]!;
  const spread = max(r, g, b) - min(r, g, b);
  const blueish = b > r + 8 && b >= g - 6 && l > 70;
  const overcast = l > 170 && spread < 40;
  if (!blueish && !overcast) return false;
  const kind = blueish ? 'blue' : 'neutral';
  // Vertical differences only: a wall's vertical edge must not stop the sky column beside it.
  const below = y + 1 < height ? lum[p + width]! : l;
  const further = y + 2 < height ? lum[p + 2 * width]! : below;
  const texture = abs(below - l) + abs(further - below);
  if (texture > MAX_TEXTURE[kind]) return false;
  return y === 0 || abs(l - lum[p - width]!) <= MAX_STEP[kind];
}

/**
 * Median over a small window (drops one- or two-column spikes: posts, wires, antennas), then a
 * mean over neighbours at a similar depth only, so the step at a wall's edge stays sharp.
 */
function smooth(values: Float32Array, radius: number): Float32Array {
  const n = values.length;
  const median = new Float32Array(n);
  const window: number[] = [];
  for (let x = 0; x < n; x++) {
    window.length = 0;
    for (let k = max(0, x - radius); k <= min(n - 1, x + radius); k++) window.push(values[k]!);
    window.sort((a, b) => a - b);
    median[x] = window[window.length >> 1]!;
  }
  const out = new Float32Array(n);
  for (let x = 0; x < n; x++) {
    let sum = 0;
    let count = 0;
    for (let k = max(0, x - radius); k <= min(n - 1, x + radius); k++) {
      if (abs(median[k]! - median[x]!) > 3) continue;
      sum += median[k]!;
      count++;
    }
    out[x] = sum / count;
  }
  return out;
}

/**
 * Sky opacity (0..1) of pixel (x, y) of an image of outWidth x outHeight: 1 above the skyline,
 * 0 below, with a linear ramp of `feather` output pixels across it.
 */
export function skyAlpha(
  sky: SkyDetection,
  outWidth: number,
  outHeight: number,
  x: number,
  y: number,
  feather: number,
): number {
  return clamp((skylineAt(sky, outWidth, outHeight, x) - y) / feather + 0.5, 0, 1);
}

/** Skyline row at output column x, interpolated between thumbnail columns. */
export function skylineAt(sky: SkyDetection, outWidth: number, outHeight: number, x: number): number {
  const position = clamp(((x + 0.5) * sky.width) / outWidth - 0.5, 0, sky.width - 1);
  const left = floor(position);
  const right = min(sky.width - 1, left + 1);
  const t = position - left;
  const rows = sky.skyline[left]! * (1 - t) + sky.skyline[right]! * t;
  return (rows * outHeight) / sky.height;
}

/** Deepest skyline row (output pixels), to bound the band that needs blending. */
export function lowestSkyline(sky: SkyDetection, outHeight: number): number {
  let deepest = 0;
  for (const rows of sky.skyline) deepest = max(deepest, rows);
  return (deepest * outHeight) / sky.height;
}
