/**
 * HDR-style enhancement as a local tone map: the photo's own histogram sets a global exposure
 * (stretch for dim photos, a midtone gamma for over-exposed ones); an edge-aware base layer
 * (guided filter of luma, on a thumbnail) sets a smooth gain that lifts dark regions towards
 * mid-grey and leaves regions already brighter than that alone, so every pixel keeps its ratio to
 * its neighbours (detail and chroma preserved) and a window's frame bounds the gain (no halo); a
 * soft knee keeps lifted highlights below white. White balance only when the near-neutral pixels
 * show a clear cast.
 *
 * Parameters are measured on a thumbnail; the full-resolution work is one pass of table lookups
 * and multiplications over the decoded pixels, with the gain map upscaled by sharp.
 */
import { clamp, decodeRgb, guidedSmooth, histogramPercentile, luma, shrinkRaster, type Raster } from './raster';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context.
const { abs, ceil, exp, floor, log2, max, min, pow, round, sqrt } = Math;

const ANALYSIS_SIDE = 256;
/**
 * The lift map is smooth but edge-aware: one upsampled value may serve a block of pixels as long
 * as the block stays well under a map pixel (at most 4x4 pixels, a 12 MP photo's blocks are a
 * quarter of a map pixel wide; a 1 MP photo gets a value per pixel).
 */
const MAX_LIFT_SHIFT = 2;
const MAX_GAIN = 3;
/**
 * The lift's strength: LIFT_BASE plus LIFT_SLOPE per unit of mean luma under 0.5, within
 * LIFT_MIN..LIFT_MAX (decision 084: a dark interior's shadows are opened clearly).
 */
const LIFT_SLOPE = 2;
const LIFT_BASE = 0.2;
const LIFT_MIN = 0.05;
const LIFT_MAX = 0.7;
/** Added to the base before the lift (0..1 luma): the gain levels off in near-black regions. */
const SHADOW_FLOOR = 0.05;
const TONE_STEPS = 1024;
/** Base luma (0..1) from which a region is left as it is: only darker regions are lifted. */
const LIFT_PIVOT = 0.5;
/** Guided filter regularisation (luma 0..1 squared): edges of contrast above ~0.1 are kept. */
const TONE_EDGE_EPS = 0.01;
/** Output black level and the share of the range above it. */
const BLACK_LEVEL = 3;
const BLACK_ROOM = 1 - BLACK_LEVEL / 255;
/** Output highlights rolled off above KNEE_START so nothing lifted reaches 255. */
const WHITE_TARGET = 245;
const KNEE_START = 240;
const KNEE_ROOM = 13;
/** Output values are rounded: the knee's top stays under 252.5, so nothing reaches 253. */
const WHITE_MAX = 252.49;
/** The stretch of a dim photo, at most: a low-key scene stays a low-key scene. */
const MAX_STRETCH = 2.2;
/** The median (0..255) a stretch beyond LOW_KEY_FREE_STRETCH may bring a photo to, at most. */
const LOW_KEY_MEDIAN = 100;
const LOW_KEY_FREE_STRETCH = 1.15;
/** The 99.7th luma percentile from which the lift starts, and its ramp to full strength. */
const LIFT_HIGHLIGHTS_FROM = 140;
const LIFT_HIGHLIGHTS_RAMP = 80;
/** Chroma factor table: steps per unit of the luma factor, the factor it covers. */
const CHROMA_STEPS = 32;
const MAX_CHROMA_GAIN = 32;
/** The luma factor up to which the chroma is scaled as much (see chromaFactors). */
const CHROMA_FREE_GAIN = 2;
/**
 * Near-neutral pixels brighter than NEUTRAL_FROM (channel maximum, after the tone map: lit walls
 * and ceilings, not shadows, whose tint is noise) under NEUTRAL_SATURATION lose up to NEUTRAL_PULL
 * of their tint (see neutralFactors).
 */
const NEUTRAL_FROM = 90;
const NEUTRAL_SATURATION = 0.3;
const NEUTRAL_PULL = 0.5;
const NEUTRAL_STEPS = 64;
/** A green or magenta cast is corrected only when the near-neutral pixels' mean is this far off. */
const CAST_THRESHOLD = 0.08;

export interface EnhancePlan {
  /** White balance: the green channel's gain (red and blue are kept, see whiteBalance). */
  greenGain: number;
  /**
   * Global tone curve as a factor on all three channels, indexed by 4x the white-balanced luma
   * (0..1023): scaling RGB together keeps each pixel's hue and saturation as it is brightened.
   */
  tone: Float32Array;
  saturation: number;
  /** Local tone map: per thumbnail pixel, the gain minus 1 (0 where nothing is lifted). */
  lift: LiftMap;
}

export interface LiftMap {
  data: Float32Array;
  width: number;
  height: number;
}

export async function enhance(image: Buffer): Promise<Raster> {
  const full = await decodeRgb(image);
  const plan = planEnhancement(await shrinkRaster(full, ANALYSIS_SIDE));
  applyPlan(full, plan);
  return full;
}

/** Measures the thumbnail and decides every parameter (pure, so it can be tested alone). */
export function planEnhancement(thumb: Raster): EnhancePlan {
  const { data, width, height } = thumb;
  const pixels = width * height;
  const greenGain = whiteBalance(data, pixels);

  // Exposure from luma percentiles after white balance: a dim photo is stretched so its
  // highlights reach WHITE_TARGET (only part of the way to black: a dim photo's darkest corner is
  // not meant to be pure black); an over-exposed one (bright median, much near white) gets a
  // midtone gamma that brings its walls and sky back from white, ends fixed.
  const histogram = new Uint32Array(256);
  for (let i = 0; i < data.length; i += 3) {
    const l = luma(data[i]!, data[i + 1]! * greenGain, data[i + 2]!);
    histogram[min(255, round(l))]!++;
  }
  // A black point only for a hazy photo (its darkest pixels well above black), and only part of
  // the way: a dim photo's shadows are kept, not crushed.
  const low = max(0, histogramPercentile(histogram, pixels, 0.005) - 8) * 0.6;
  const high = max(histogramPercentile(histogram, pixels, 0.997), low + 16);
  const median = histogramPercentile(histogram, pixels, 0.5);
  // Low-key on purpose (a misty lake at dusk): mid-tones already near mid-grey, dim only for lack
  // of highlights. Stretching it to white would brighten its mood away, so a stretch beyond
  // LOW_KEY_FREE_STRETCH raises the median to LOW_KEY_MEDIAN at most (an under-exposed photo's
  // median is far lower; a photo with highlights needs no such stretch).
  const lowKeyCap = max(LOW_KEY_FREE_STRETCH, LOW_KEY_MEDIAN / max(median - low, 1));
  const scale = clamp(min(WHITE_TARGET / (high - low), lowKeyCap), 1, MAX_STRETCH);
  let nearWhite = 0;
  for (let v = 245; v < 256; v++) nearWhite += histogram[v]!;
  const gamma = 1 + clamp((median - 140) / 200, 0, 0.3) * clamp((nearWhite / pixels) * 10, 0, 1);
  const tone = new Float32Array(TONE_STEPS);
  for (let index = 0; index < TONE_STEPS; index++) {
    const l = (index + 0.5) / 4;
    // A soft toe under the black point: shadows darker than it fade towards black instead of
    // being crushed to 0 together.
    const x = (l - low) * scale;
    const stretched = x >= 0 ? BLACK_LEVEL + x * BLACK_ROOM : BLACK_LEVEL * exp(x / BLACK_LEVEL);
    // The gamma's weight grows with the level: highlights come down, shadows are not crushed.
    const x01 = stretched / 255;
    const curved = x01 < 1 ? stretched * pow(x01, (gamma - 1) * x01) : stretched;
    tone[index] = curved / l;
  }
  const toneOf = (l: number) => tone[min(TONE_STEPS - 1, (l * 4) | 0)]!;

  // Local tone map: the gain lifts a region whose base (edge-aware mean luma) is under the pivot
  // to base^(1 - strength) of the pivot's scale, stronger for darker photos; brighter regions
  // keep a gain of 1, so their contrast is untouched.
  const base = new Float32Array(pixels);
  let meanLuma = 0;
  for (let p = 0, i = 0; p < pixels; p++, i += 3) {
    const balanced = luma(data[i]!, data[i + 1]! * greenGain, data[i + 2]!);
    const l = (balanced * toneOf(balanced)) / 255;
    base[p] = min(l, 1);
    meanLuma += l;
  }
  meanLuma /= pixels;
  // Edge-preserving: a box blur spreads a window's light over the wall around it, whose gain
  // then drops in a dark rim (a halo); the guided filter stops at the window's frame.
  const blurred = guidedSmooth(base, width, height, max(2, round(max(width, height) / 24)), TONE_EDGE_EPS);
  // The local tone map compresses a scene's range: dark regions beside bright ones (windows,
  // lamps, a lit façade). Without bright regions there is no range to compress, the stretch alone
  // exposes the photo, and a lift would only wash out a deliberately dark scene.
  const rangeWeight = clamp((high - LIFT_HIGHLIGHTS_FROM) / LIFT_HIGHLIGHTS_RAMP, 0, 1);
  const strength = clamp((0.5 - meanLuma) * LIFT_SLOPE + LIFT_BASE, LIFT_MIN, LIFT_MAX) * rangeWeight;
  const lift = new Float32Array(pixels);
  for (let p = 0; p < pixels; p++) {
    // Offset so the darkest, flat regions (a black backdrop) are not lifted into grey noise.
    const b = (max(blurred[p]!, 0) + SHADOW_FLOOR) / (LIFT_PIVOT + SHADOW_FLOOR);
    lift[p] = b >= 1 ? 0 : min(MAX_GAIN, pow(b, -strength)) - 1;
  }

  // Flat (low-chroma) photos get a little more saturation; colourful ones none.
  let chroma = 0;
  for (let i = 0; i < data.length; i += 3) {
    chroma += max(data[i]!, data[i + 1]!, data[i + 2]!) - min(data[i]!, data[i + 1]!, data[i + 2]!);
  }
  const saturation = clamp(1.1 - chroma / pixels / 300, 1, 1.05);

  return { greenGain, tone, saturation, lift: { data: lift, width, height } };
}

/**
 * The green channel's gain from the near-neutral pixels (walls, ceilings, clouds): their mean colour is the
 * cast. Not grey-world over everything: a big sky, a lawn or a sunset is not a cast. Too few
 * neutral pixels or a mean near grey: no correction; otherwise half of it, so a lamp's warmth
 * stays warm.
 */
function whiteBalance(data: Buffer, pixels: number): number {
  const sums = [0, 0, 0];
  let counted = 0;
  for (let i = 0; i < data.length; i += 3) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    const l = luma(r, g, b);
    const top = max(r, g, b);
    if (l < 20 || l > 235 || top - min(r, g, b) > 0.25 * top) continue;
    sums[0]! += r;
    sums[1]! += g;
    sums[2]! += b;
    counted++;
  }
  if (counted < pixels * 0.05) return 1;
  const [r, g, b] = sums as [number, number, number];
  // Only the green-magenta axis: a green or magenta tint is a cast (fluorescent light, a wrong
  // white balance); warm lamps, sunlight and a blue dusk lie on the amber-blue axis and are kept.
  const tint = g / ((r + b) / 2) - 1;
  if (abs(tint) < CAST_THRESHOLD) return 1;
  return clamp(1 - 0.5 * tint, 0.9, 1.1);
}

/** What shadeRow needs, built once per photo by applyPlan. */
interface Shading {
  /** Tone curve factor by 4x the white-balanced luma. */
  base: Float32Array;
  /** The lift's weight by the same index: the tone factor, faded out on the brightest pixels. */
  liftWeight: Float32Array;
  knee: Float32Array;
  /** The chroma factor over the luma factor, by CHROMA_STEPS x the luma factor (chromaFactors). */
  chroma: Float32Array;
  greenGain: number;
  saturation: number;
  /** Chroma factor of near-neutral pixels by NEUTRAL_STEPS x their saturation (neutralFactors). */
  neutral: Float32Array;
}

/**
 * The full-resolution pass, in place: white balance, tone curve, tone-map gain, saturation,
 * highlight knee. Written for speed (it touches 36 M values at 12 MP, and is most of the engine's
 * own time): per pixel, three byte reads, the luma, one factor from two tables indexed by it and
 * the lift, the knee only above KNEE_START, and three clamped writes; no Math call.
 */
export function applyPlan(full: Raster, plan: EnhancePlan): void {
  const { width, height } = full;
  // A clamped view: writes round and clamp to 0..255 without a branch.
  const data = new Uint8ClampedArray(full.data.buffer, full.data.byteOffset, full.data.length);
  const { greenGain, saturation, tone } = plan;
  // factor = base[i] + lift * liftWeight[i], i = 4x the white-balanced luma: the tone curve's
  // factor, and the tone-map gain faded out on the brightest pixels only (a lamp in a dark
  // region), so detail keeps its contrast and highlights are not pushed into the knee.
  const steps = ceil(luma(255, 255 * greenGain, 255) * 4) + 1;
  const base = new Float32Array(steps);
  const liftWeight = new Float32Array(steps);
  for (let index = 0; index < steps; index++) {
    const t = tone[min(index, tone.length - 1)]!;
    const toned = ((index + 0.5) / 4) * t;
    base[index] = t;
    liftWeight[index] = t * (toned < 160 ? 1 : toned < 255 ? (255 - toned) * 0.0105 : 0);
  }
  const chroma = chromaFactors(saturation);
  const shading: Shading = {
    base,
    liftWeight,
    knee: highlightKnee(),
    chroma,
    greenGain,
    saturation,
    neutral: neutralFactors(),
  };
  const shift = clamp(floor(log2(width / plan.lift.width / 3)), 0, MAX_LIFT_SHIFT);
  const step = 1 << shift;
  const liftRow = new Float32Array((width >> shift) + 1);
  const lifts = liftSampler(plan.lift, width, height, shift);
  const rowLength = width * 3;
  for (let y = 0; y < height; y++) {
    if ((y & (step - 1)) === 0) lifts(y + (step - 1) / 2, liftRow);
    shadeRow(data, y * rowLength, width, liftRow, shift, shading);
  }
}

/**
 * One row of applyPlan. A function of its own, called per row, so V8 optimises it after a few
 * rows and keeps it optimised for the next photo (a single loop over 12 M pixels would run in
 * slower tiers until on-stack replacement, on every call, boxing its numbers).
 */
function shadeRow(
  data: Uint8ClampedArray,
  start: number,
  width: number,
  liftRow: Float32Array,
  shift: number,
  shading: Shading,
): void {
  const { base, liftWeight, knee, chroma, greenGain, saturation, neutral } = shading;
  const kneeMax = knee.length - 1;
  const chromaMax = chroma.length - 1;
  // Predicted every time: most photos get neither white balance nor saturation.
  const balanced = greenGain !== 1;
  const saturate = saturation !== 1;
  for (let x = 0, i = start; x < width; x++, i += 3) {
    const r = data[i]!;
    let g = data[i + 1]!;
    const b = data[i + 2]!;
    if (balanced) g *= greenGain;
    const l = 0.299 * r + 0.587 * g + 0.114 * b;
    const index = (l * 4) | 0;
    const k = base[index]! + liftRow[x >> shift]! * liftWeight[index]!;
    let outR = k * r;
    let outG = k * g;
    let outB = k * b;
    // Most pixels: colours scaled with the luma, as by exposure. Near-black ones (and all of a
    // flat photo, which gets saturation): luma scaled by k, the pixel's difference from it by
    // the chroma factor (see chromaFactors).
    if (k > CHROMA_FREE_GAIN || saturate) {
      const chromaIndex = (k * CHROMA_STEPS) | 0;
      const kc = k * chroma[chromaIndex < chromaMax ? chromaIndex : chromaMax]!;
      const mix = (k - kc) * l;
      outR = mix + kc * r;
      outG = mix + kc * g;
      outB = mix + kc * b;
    }
    let top = outR > outG ? (outR > outB ? outR : outB) : outG > outB ? outG : outB;
    // A lit wall or ceiling tinted by mixed light (a lamp's amber, a window's blue, a magenta
    // cast): near-neutral pixels lose part of their tint, coloured ones keep theirs (decision 084).
    if (top > NEUTRAL_FROM && top < KNEE_START) {
      const bottom = outR < outG ? (outR < outB ? outR : outB) : outG < outB ? outG : outB;
      const f = neutral[(((top - bottom) / top) * NEUTRAL_STEPS) | 0]!;
      if (f < 1) {
        const lum = 0.299 * outR + 0.587 * outG + 0.114 * outB;
        outR = lum + (outR - lum) * f;
        outG = lum + (outG - lum) * f;
        outB = lum + (outB - lum) * f;
        top = outR > outG ? (outR > outB ? outR : outB) : outG > outB ? outG : outB;
      }
    }
    // The knee scales the three channels together by their maximum, so a bright blue sky rolls
    // off towards white without turning cyan.
    if (top > KNEE_START) {
      const kneeIndex = (top * 2) | 0;
      let f = kneeIndex > kneeMax ? WHITE_MAX / top : knee[kneeIndex]!;
      // Never below the input's own maximum: what the engine did not lift keeps its highlights
      // (an already good photo's white façade keeps its contrast).
      const own = r > g ? (r > b ? r : b) : g > b ? g : b;
      if (own > f * top) f = own >= top ? 1 : own / top;
      outR *= f;
      outG *= f;
      outB *= f;
    }
    data[i] = outR;
    data[i + 1] = outG;
    data[i + 2] = outB;
  }
}

/**
 * Bilinear upsampling of the thumbnail's lift map to one value per 2^shift-pixel block of a row
 * (pixel centres aligned), a row at a time.
 */
function liftSampler(
  map: LiftMap,
  width: number,
  height: number,
  shift: number,
): (y: number, row: Float32Array) => void {
  const { data, width: mapWidth, height: mapHeight } = map;
  const blocks = (width >> shift) + 1;
  const step = 1 << shift;
  const x0 = new Int32Array(blocks);
  const fx = new Float32Array(blocks);
  for (let block = 0; block < blocks; block++) {
    const x = block * step + (step - 1) / 2;
    const sx = clamp(((x + 0.5) * mapWidth) / width - 0.5, 0, mapWidth - 1);
    x0[block] = min(mapWidth - 2, sx | 0);
    fx[block] = mapWidth > 1 ? sx - x0[block]! : 0;
  }
  const column = new Float32Array(mapWidth + 1);
  return (y, row) => {
    const sy = clamp(((y + 0.5) * mapHeight) / height - 0.5, 0, mapHeight - 1);
    const y0 = min(max(mapHeight - 2, 0), sy | 0);
    const y1 = min(mapHeight - 1, y0 + 1);
    const fy = sy - y0;
    for (let c = 0; c < mapWidth; c++) {
      const top = data[y0 * mapWidth + c]!;
      column[c] = top + (data[y1 * mapWidth + c]! - top) * fy;
    }
    column[mapWidth] = column[mapWidth - 1]!;
    for (let block = 0; block < blocks; block++) {
      const left = column[max(x0[block]!, 0)]!;
      row[block] = left + (column[x0[block]! + 1]! - left) * fx[block]!;
    }
  };
}

/**
 * Chroma factor (the scale of a pixel's difference from its luma) over the luma factor k, times
 * the saturation: a ratio, so that quantising k does not touch pixels left as they are. Up to
 * CHROMA_FREE_GAIN the chroma factor is k (colours brightened as by exposure); beyond, it
 * grows as the square root: near-black pixels get the largest factors (the toe and the lift
 * together reach 5 to 8), and scaling their JPEG chroma noise as much turns a night sky or a
 * black backdrop into blue and red speckles.
 */
function chromaFactors(saturation: number): Float32Array {
  const table = new Float32Array(CHROMA_STEPS * MAX_CHROMA_GAIN + 1);
  for (let index = 0; index < table.length; index++) {
    const k = (index + 0.5) / CHROMA_STEPS;
    table[index] = k <= CHROMA_FREE_GAIN ? saturation : sqrt(CHROMA_FREE_GAIN / k) * saturation;
  }
  return table;
}

let neutralTable: Float32Array | undefined;

/**
 * Chroma factor by saturation ((max - min) / max, NEUTRAL_STEPS steps): NEUTRAL_PULL of the tint
 * taken out of a grey, less as the saturation nears NEUTRAL_SATURATION, none beyond it; the new
 * saturation c (1 - pull (1 - c / limit)) grows with c, so no two colours swap order.
 */
function neutralFactors(): Float32Array {
  if (neutralTable) return neutralTable;
  neutralTable = new Float32Array(NEUTRAL_STEPS + 1);
  for (let index = 0; index <= NEUTRAL_STEPS; index++) {
    const c = (index + 0.5) / NEUTRAL_STEPS;
    neutralTable[index] = c >= NEUTRAL_SATURATION ? 1 : 1 - NEUTRAL_PULL * (1 - c / NEUTRAL_SATURATION);
  }
  return neutralTable;
}

let kneeTable: Float32Array | undefined;

/**
 * Half-step table (index = 2 x value, values 0..1023.5) of the factor that rolls a channel
 * maximum off above KNEE_START so it never reaches white.
 */
function highlightKnee(): Float32Array {
  if (kneeTable) return kneeTable;
  kneeTable = new Float32Array(2048);
  for (let index = 0; index < kneeTable.length; index++) {
    const v = max(index / 2, 1);
    const out = v <= KNEE_START ? v : KNEE_START + KNEE_ROOM * (1 - exp(-(v - KNEE_START) / KNEE_ROOM));
    kneeTable[index] = min(out, WHITE_MAX) / v;
  }
  return kneeTable;
}
