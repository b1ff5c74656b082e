/** Raw-pixel helpers shared by the local engine: sharp decodes and encodes, JS only touches pixels. */
import sharp, { type Sharp } from 'sharp';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context.
const { max, min, round } = Math;

export interface Raster {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * PNG settings for results. Without adaptive filtering and at zlib level 1, encoding a 12-megapixel
 * photo costs about a third of the level-6 default, for files roughly 15% larger.
 */
export const PNG_OUTPUT = { compressionLevel: 1, adaptiveFiltering: false } as const;

/**
 * Pixels of a photo `width` wide per pixel of the 1024 px reference the engine's sizes are set
 * at (rounded, at least 1): a reach of n reference pixels is n times this.
 */
export function referenceStep(width: number): number {
  return max(1, round(width / 1024));
}

/** Transparent areas become white, as a viewer shows them: results are opaque photos. */
const OPAQUE = { background: '#ffffff' } as const;

/** Full-resolution RGB pixels. */
export async function decodeRgb(image: Buffer): Promise<Raster> {
  const { data, info } = await sharp(image).flatten(OPAQUE).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A small RGB copy for analysis; JPEG shrink-on-load makes it much cheaper than a full decode. */
export async function decodeThumbnail(image: Buffer, maxSide: number): Promise<Raster> {
  const { data, info } = await sharp(image)
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .flatten(OPAQUE)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * A small copy of already decoded pixels: when the full decode is needed anyway, resizing it costs
 * less than decoding the image a second time, even with JPEG shrink-on-load.
 */
export async function shrinkRaster(raster: Raster, maxSide: number): Promise<Raster> {
  const { data, width, height } = raster;
  const { data: small, info } = await sharp(data, { raw: { width, height, channels: 3 } })
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: small, width: info.width, height: info.height };
}

/** A sharp pipeline reading a raster's pixels. */
export function rasterImage({ data, width, height }: Raster): Sharp {
  return sharp(data, { raw: { width, height, channels: 3 } });
}

/** Rec. 601 luma of 8-bit RGB, 0..255. */
export function luma(r: number, g: number, b: number): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** Luma of pixel p of packed RGB. */
export function lumaAt(rgb: Uint8Array, p: number): number {
  return luma(rgb[p * 3]!, rgb[p * 3 + 1]!, rgb[p * 3 + 2]!);
}

/** The last row of column `x` set in `map` (`width` x `height`), or -1 when none is. */
export function lowestSetRow(map: Uint8Array, width: number, height: number, x: number): number {
  for (let y = height - 1; y >= 0; y--) if (map[y * width + x]) return y;
  return -1;
}

/**
 * The first bin of `histogram` (holding `total` samples) at which `fraction` of them are reached:
 * a percentile of whole-numbered values (lumas, colour distances) counted in bins.
 */
export function histogramPercentile(histogram: Uint32Array, total: number, fraction: number): number {
  const target = total * fraction;
  let seen = 0;
  for (let v = 0; v < histogram.length; v++) {
    seen += histogram[v]!;
    if (seen >= target) return v;
  }
  return histogram.length - 1;
}

/** Separable box blur of a one-channel float map, repeated passes approach a Gaussian. */
export function boxBlur(map: Float32Array, width: number, height: number, radius: number, passes = 3): Float32Array {
  let src: Float32Array = map;
  let dst: Float32Array = new Float32Array(map.length);
  for (let pass = 0; pass < passes; pass++) {
    for (let y = 0; y < height; y++) blurLine(src, dst, y * width, 1, width, radius);
    [src, dst] = [dst, src];
    for (let x = 0; x < width; x++) blurLine(src, dst, x, width, height, radius);
    [src, dst] = [dst, src];
  }
  return src;
}

function blurLine(src: Float32Array, dst: Float32Array, start: number, stride: number, length: number, radius: number) {
  let sum = 0;
  let count = 0;
  for (let i = 0; i <= min(radius, length - 1); i++) {
    sum += src[start + i * stride]!;
    count++;
  }
  for (let i = 0; i < length; i++) {
    dst[start + i * stride] = sum / count;
    const enter = i + radius + 1;
    const leave = i - radius;
    if (enter < length) {
      sum += src[start + enter * stride]!;
      count++;
    }
    if (leave >= 0) {
      sum -= src[start + leave * stride]!;
      count--;
    }
  }
}

export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

/**
 * Self-guided filter (He et al.): smooths a one-channel map like a box blur of `radius` inside
 * flat areas but keeps edges whose contrast is well above sqrt(eps) (map units), so what is
 * computed from it (a tone map's gain) does not bleed across a window's frame. Box means are
 * single-pass, as the filter's own averaging smooths the result.
 */
export function guidedSmooth(
  map: Float32Array,
  width: number,
  height: number,
  radius: number,
  eps: number,
): Float32Array {
  const n = map.length;
  const squares = new Float32Array(n);
  for (let p = 0; p < n; p++) squares[p] = map[p]! * map[p]!;
  const mean = boxBlur(Float32Array.from(map), width, height, radius, 1);
  const meanSquares = boxBlur(squares, width, height, radius, 1);
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    const variance = max(0, meanSquares[p]! - mean[p]! * mean[p]!);
    a[p] = variance / (variance + eps);
    b[p] = mean[p]! - a[p]! * mean[p]!;
  }
  const meanA = boxBlur(a, width, height, radius, 1);
  const meanB = boxBlur(b, width, height, radius, 1);
  const out = new Float32Array(n);
  for (let p = 0; p < n; p++) out[p] = meanA[p]! * map[p]! + meanB[p]!;
  return out;
}
