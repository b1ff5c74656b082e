/**
 * HDR figures on real photos, before and after: clipped pixels, mean luma, local contrast, a halo
 * measure around bright areas (windows, lamps) and the colour cast added. Measured on a 512 px
 * copy so every photo weighs the same.
 */
import { boxBlur, decodeThumbnail, luma, type Raster } from './raster';

const { abs, min } = Math;
const SIDE = 512;

/** Photos of the sky and no-sky sets that are also HDR cases: backlit, dark, or already good. */
export const HDR_EXTRA_PHOTOS = [
  'no-sky/interior-window-chair.jpg',
  'no-sky/white-siding-towel-dogs.jpg',
  'sky/sunset-hills.jpg',
  'sky/dusk-gate-palm.jpg',
  'sky/night-memorial.jpg',
  'sky/overcast-trees-field.jpg',
  'sky/sunset-lake-boats.jpg',
  'sky/chateau-river.jpg',
  'sky/palace-blue-domes.jpg',
];

export interface ExposureFigures {
  /** Share of pixels crushed to black (luma <= 2) or blown to white (luma >= 253). */
  clipped: number;
  meanLuma: number;
  /** Mean absolute difference between a pixel's luma and its 9x9 neighbourhood's. */
  localContrast: number;
}

function lumaOf(raster: Raster): Float32Array {
  const { data, width, height } = raster;
  const out = new Float32Array(width * height);
  for (let p = 0, i = 0; p < out.length; p++, i += 3) out[p] = luma(data[i]!, data[i + 1]!, data[i + 2]!);
  return out;
}

export function exposureFigures(raster: Raster): ExposureFigures {
  const l = lumaOf(raster);
  const blurred = boxBlur(Float32Array.from(l), raster.width, raster.height, 4, 1);
  let clipped = 0;
  let sum = 0;
  let contrast = 0;
  for (let p = 0; p < l.length; p++) {
    const v = l[p]!;
    if (v <= 2 || v >= 253) clipped++;
    sum += v;
    contrast += abs(v - blurred[p]!);
  }
  return { clipped: clipped / l.length, meanLuma: sum / l.length, localContrast: contrast / l.length };
}

export interface HdrMeasure {
  before: ExposureFigures;
  after: ExposureFigures;
  /**
   * Halo, in luma levels: how far the band just around bright areas (windows, lamps) departs from
   * the photo's global tone curve, compared with the surroundings further out (0 = none). A dark
   * or glowing rim around a window is that band departing.
   */
  halo: number;
  /** Colour cast added: change of the mean opponent colours (R-G, B-G) relative to mean luma, x100. */
  cast: number;
}

export async function measureExposure(input: Buffer, output: Buffer): Promise<HdrMeasure> {
  const before = await decodeThumbnail(input, SIDE);
  const after = await decodeThumbnail(output, SIDE);
  return {
    before: exposureFigures(before),
    after: exposureFigures(after),
    halo: haloMeasure(before, after),
    cast: abs(opponent(after)[0] - opponent(before)[0]) + abs(opponent(after)[1] - opponent(before)[1]),
  };
}

function haloMeasure(before: Raster, after: Raster): number {
  const { width, height } = before;
  const lb = lumaOf(before);
  const la = lumaOf(after);
  // The photo's global tone curve (mean output per input level band): what every pixel of that
  // level got on average. A halo is a band around bright areas that departs from it.
  const sums = new Float64Array(32);
  const counts = new Float64Array(32);
  for (let p = 0; p < lb.length; p++) {
    const bin = min(31, lb[p]! >> 3);
    sums[bin] = sums[bin]! + la[p]!;
    counts[bin] = counts[bin]! + 1;
  }
  const bright = new Float32Array(lb.length);
  for (let p = 0; p < lb.length; p++) bright[p] = lb[p]! >= 235 ? 1 : 0;
  const near = boxBlur(Float32Array.from(bright), width, height, 4, 1);
  const far = boxBlur(Float32Array.from(bright), width, height, 20, 1);
  let ring = 0;
  let ringCount = 0;
  let outer = 0;
  let outerCount = 0;
  for (let p = 0; p < lb.length; p++) {
    if (bright[p]) continue;
    const bin = min(31, lb[p]! >> 3);
    const residual = la[p]! - sums[bin]! / counts[bin]!;
    if (near[p]! > 0.02) {
      ring += residual;
      ringCount++;
    } else if (far[p]! > 0.01) {
      outer += residual;
      outerCount++;
    }
  }
  if (ringCount < 20 || outerCount < 20) return 0;
  return abs(ring / ringCount - outer / outerCount);
}

function opponent(raster: Raster): [number, number] {
  const { data } = raster;
  let rg = 0;
  let bg = 0;
  let l = 0;
  for (let i = 0; i < data.length; i += 3) {
    rg += data[i]! - data[i + 1]!;
    bg += data[i + 2]! - data[i + 1]!;
    l += luma(data[i]!, data[i + 1]!, data[i + 2]!);
  }
  return [(rg / (l + 1)) * 100, (bg / (l + 1)) * 100];
}
