/**
 * HDR figures on real photos, before and after: clipped pixels, mean luma, local contrast, a halo
 * measure around bright areas (windows, lamps) and the colour cast added, and a verdict per photo
 * against HDR_CRITERIA. Measured on a 512 px copy so every photo weighs the same.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { enhance } from './enhance';
import { PHOTOS_DIR } from './photo-evaluation';
import { boxBlur, decodeThumbnail, histogramPercentile, luma, shrinkRaster, type Raster } from './raster';

const { abs, hypot, max, min, round } = Math;
const SIDE = 512;

/**
 * What every photo must meet after HDR. Clipped: the share of crushed or blown pixels may not
 * grow by more than 0.05 point (JPEG noise). Local contrast: on an already good photo
 * (HDR_CONTROLS) it may not drop by more than 2 % (less contrast is worse there); on the others,
 * whose large-scale contrast the tone map compresses on purpose (a dark sky lifted beside lit
 * columns), by more than 5 %. Halo: a ring around bright areas departing from the photo's own
 * tone curve by more than 5 luma levels (the highest figures, 4 to 4.5, are a candle's lens flare
 * and the glow around stained-glass windows lifted with the dark room around them, which looked
 * natural at full size). Cast: 2 units (see HdrMeasure.cast; a slightly warm lamp against
 * daylight is about 5). Saturation (ExposureFigures.saturation) may not grow by more than 10 %:
 * brightening keeps each pixel's colour, it does not make it more vivid. Low-key gain: a photo
 * dark on purpose (no highlights, mid-tones not dark: a misty lake at dusk) may get at most 30 %
 * brighter on average, so its mood stays.
 */
export const HDR_CRITERIA = {
  clippedGrowth: 0.0005,
  contrastDrop: 0.05,
  controlContrastDrop: 0.02,
  halo: 5,
  cast: 2,
  saturationGrowth: 0.1,
  lowKeyGain: 0.3,
} as const;

/**
 * A low-key photo (see HDR_CRITERIA.lowKeyGain): its brightest parts (99.7th luma percentile)
 * under this, and its median at least LOW_KEY_MEDIAN.
 */
export const LOW_KEY_BRIGHTEST = 160;
export const LOW_KEY_MEDIAN = 60;

/** Already well-exposed photos: HDR must not make them worse. */
export const HDR_CONTROLS = ['chateau-river', 'palace-blue-domes', 'white-siding-towel-dogs', 'interior-window-chair'];

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
  /**
   * Share of pixels crushed to black (luma <= 2) or blown to white (luma >= 253). After the
   * engine, pixels clipped in the input count too, whatever level they were moved to: one
   * exposure holds nothing to recover there, so a knee that greys a blown sky hides nothing.
   */
  clipped: number;
  meanLuma: number;
  /** Mean absolute difference between a pixel's luma and its 9x9 neighbourhood's. */
  localContrast: number;
  /** Luma percentiles: the median and the brightest parts (99.7th). */
  median: number;
  brightest: number;
  /**
   * Mean saturation, (max - min) / max of RGB, over the pixels not near black in the input (max >=
   * 24; darker, JPEG noise makes it meaningless), so before and after count the same pixels.
   */
  saturation: number;
}

function lumaOf(raster: Raster): Float32Array {
  const { data, width, height } = raster;
  const out = new Float32Array(width * height);
  for (let p = 0, i = 0; p < out.length; p++, i += 3) out[p] = luma(data[i]!, data[i + 1]!, data[i + 2]!);
  return out;
}

const isClipped = (v: number) => v <= 2 || v >= 253;

/** Figures of `raster`; `input` (same size), when given, is the photo it was made from. */
export function exposureFigures(raster: Raster, input?: Raster): ExposureFigures {
  const l = lumaOf(raster);
  const li = input ? lumaOf(input) : l;
  const blurred = boxBlur(Float32Array.from(l), raster.width, raster.height, 4, 1);
  const { data } = raster;
  const reference = (input ?? raster).data;
  let clipped = 0;
  let sum = 0;
  let contrast = 0;
  let saturation = 0;
  let coloured = 0;
  const histogram = new Uint32Array(256);
  for (let p = 0, i = 0; p < l.length; p++, i += 3) {
    const v = l[p]!;
    if (isClipped(v) || isClipped(li[p]!)) clipped++;
    sum += v;
    contrast += abs(v - blurred[p]!);
    histogram[min(255, round(v))]!++;
    const top = max(data[i]!, data[i + 1]!, data[i + 2]!);
    if (max(reference[i]!, reference[i + 1]!, reference[i + 2]!) >= 24) {
      saturation += (top - min(data[i]!, data[i + 1]!, data[i + 2]!)) / top;
      coloured++;
    }
  }
  return {
    clipped: clipped / l.length,
    meanLuma: sum / l.length,
    localContrast: contrast / l.length,
    median: histogramPercentile(histogram, l.length, 0.5),
    brightest: histogramPercentile(histogram, l.length, 0.997),
    saturation: saturation / max(1, coloured),
  };
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
  /**
   * Colour cast added, where a cast shows: on the pixels that were near-neutral in the input (walls,
   * clouds, stone), the distance of their mean opponent colours after (R-G, B-G relative to luma,
   * x100) from the segment between grey and their mean before. Moving towards grey (neutralising
   * a cast) costs nothing; tinting them, or pushing their tint further, does. Saturation of
   * coloured pixels is not a cast and is not counted.
   */
  cast: number;
  /** What a viewer judges first (decision 084), see viewerFigures. */
  viewer: ViewerFigures;
}

export interface ViewerFigures {
  /** Luma levels gained on average by the darkest quarter of the photo (its shadows). */
  shadowLift: number;
  /**
   * Tint of the lit near-neutral pixels (walls, ceilings: input luma 100 to 235, saturation under
   * 0.3), their mean (max - min) / max x100, before and after: white walls read white when low.
   */
  wallTintBefore: number;
  wallTintAfter: number;
  /** Of the pixels blown in the input (luma 250 or more: a window with nothing left), the share that came out under 240 (grey). */
  greyedWindows: number;
  /** Mean absolute luma change, levels (an already good photo should barely move). */
  change: number;
}

/** The viewer's figures of `after` against `before` (same size). */
export function viewerFigures(before: Raster, after: Raster): ViewerFigures {
  const lb = lumaOf(before);
  const la = lumaOf(after);
  const histogram = new Uint32Array(256);
  for (const v of lb) histogram[min(255, round(v))]!++;
  const quarter = histogramPercentile(histogram, lb.length, 0.25);
  let shadowSum = 0;
  let shadowCount = 0;
  let tintBefore = 0;
  let tintAfter = 0;
  let walls = 0;
  let blown = 0;
  let greyed = 0;
  let change = 0;
  const a = after.data;
  const b = before.data;
  for (let p = 0, i = 0; p < lb.length; p++, i += 3) {
    const vb = lb[p]!;
    change += abs(la[p]! - vb);
    if (vb <= quarter) {
      shadowSum += la[p]! - vb;
      shadowCount++;
    }
    if (vb >= 250) {
      blown++;
      if (la[p]! < 240) greyed++;
    }
    const top = max(b[i]!, b[i + 1]!, b[i + 2]!);
    const saturation = top > 0 ? (top - min(b[i]!, b[i + 1]!, b[i + 2]!)) / top : 0;
    if (vb >= 100 && vb <= 235 && saturation < 0.3) {
      walls++;
      tintBefore += saturation;
      const topAfter = max(a[i]!, a[i + 1]!, a[i + 2]!);
      tintAfter += topAfter > 0 ? (topAfter - min(a[i]!, a[i + 1]!, a[i + 2]!)) / topAfter : 0;
    }
  }
  return {
    shadowLift: shadowSum / max(1, shadowCount),
    wallTintBefore: (tintBefore / max(1, walls)) * 100,
    wallTintAfter: (tintAfter / max(1, walls)) * 100,
    greyedWindows: greyed / max(1, blown),
    change: change / lb.length,
  };
}

export async function measureExposure(input: Buffer, output: Raster): Promise<HdrMeasure> {
  const before = await decodeThumbnail(input, SIDE);
  const after = await shrinkRaster(output, SIDE);
  return {
    before: exposureFigures(before),
    after: exposureFigures(after, before),
    halo: haloMeasure(before, after),
    cast: castAdded(opponent(before, before), opponent(after, before)),
    viewer: viewerFigures(before, after),
  };
}

function castAdded(before: [number, number], after: [number, number]): number {
  const length2 = before[0] * before[0] + before[1] * before[1];
  const t = length2 > 0 ? max(0, min(1, (after[0] * before[0] + after[1] * before[1]) / length2)) : 0;
  return hypot(after[0] - t * before[0], after[1] - t * before[1]);
}

export interface HdrPhotoResult extends HdrMeasure {
  name: string;
  /** Criteria of HDR_CRITERIA the photo fails (empty when it meets them all). */
  failures: string[];
}

/** Every HDR photo: test/fixtures/photos/hdr plus HDR_EXTRA_PHOTOS, enhanced and measured. */
export async function evaluateHdrPhotos(): Promise<HdrPhotoResult[]> {
  const hdrDir = join(PHOTOS_DIR, 'hdr');
  const files = [
    ...(await readdir(hdrDir))
      .filter((f) => f.endsWith('.jpg'))
      .sort()
      .map((f) => join(hdrDir, f)),
    ...HDR_EXTRA_PHOTOS.map((f) => join(PHOTOS_DIR, f)),
  ];
  const results: HdrPhotoResult[] = [];
  for (const file of files) {
    const input = await readFile(file);
    const measure = await measureExposure(input, await enhance(input));
    const name = file
      .split('/')
      .pop()!
      .replace(/\.jpg$/, '');
    results.push({ name, ...measure, failures: hdrFailures(measure, HDR_CONTROLS.includes(name)) });
  }
  return results;
}

export function hdrFailures(m: HdrMeasure, control: boolean): string[] {
  const failures: string[] = [];
  const drop = control ? HDR_CRITERIA.controlContrastDrop : HDR_CRITERIA.contrastDrop;
  if (m.after.clipped > m.before.clipped + HDR_CRITERIA.clippedGrowth) failures.push('clipped');
  if (m.after.localContrast < m.before.localContrast * (1 - drop)) failures.push('contrast');
  if (m.halo > HDR_CRITERIA.halo) failures.push('halo');
  if (m.cast > HDR_CRITERIA.cast) failures.push('cast');
  if (m.after.saturation > m.before.saturation * (1 + HDR_CRITERIA.saturationGrowth)) failures.push('saturation');
  const lowKey = m.before.brightest < LOW_KEY_BRIGHTEST && m.before.median >= LOW_KEY_MEDIAN;
  if (lowKey && m.after.meanLuma > m.before.meanLuma * (1 + HDR_CRITERIA.lowKeyGain)) failures.push('low-key');
  return failures;
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

/**
 * Mean opponent colours (R-G, B-G relative to luma, x100) of `raster` over the pixels that are
 * near-neutral in `reference` (greys, whites: where a cast shows), or over all mid-tone pixels
 * when fewer than 2 % are neutral.
 */
function opponent(raster: Raster, reference: Raster): [number, number] {
  const ref = reference.data;
  const { data } = raster;
  const sums = [
    [0, 0, 0],
    [0, 0, 0],
  ];
  for (let i = 0; i < ref.length; i += 3) {
    const l = luma(ref[i]!, ref[i + 1]!, ref[i + 2]!);
    if (l < 20 || l > 235) continue;
    const top = max(ref[i]!, ref[i + 1]!, ref[i + 2]!);
    const neutral = top - min(ref[i]!, ref[i + 1]!, ref[i + 2]!) <= 0.15 * top ? 0 : 1;
    const out = luma(data[i]!, data[i + 1]!, data[i + 2]!) + 1;
    const sum = sums[neutral]!;
    sum[0]! += ((data[i]! - data[i + 1]!) / out) * 100;
    sum[1]! += ((data[i + 2]! - data[i + 1]!) / out) * 100;
    sum[2]!++;
  }
  const [neutral, other] = sums as [number[], number[]];
  const use =
    neutral[2]! >= (ref.length / 3) * 0.02
      ? neutral
      : [neutral[0]! + other[0]!, neutral[1]! + other[1]!, neutral[2]! + other[2]!];
  const count = max(1, use[2]!);
  return [use[0]! / count, use[1]! / count];
}
