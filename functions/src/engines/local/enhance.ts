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
import sharp from 'sharp';
import { clamp, decodeRgb, decodeThumbnail, encodePng, guidedSmooth, luma, type Raster } from './raster';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context.
const { abs, ceil, exp, max, min, pow, round } = Math;

const ANALYSIS_SIDE = 256;
/** The tone map is applied at quarter resolution: it is smooth, so a 4x4 block shares one gain. */
const GAIN_BLOCK_SHIFT = 2;
/** Gains are stored as bytes: value / GAIN_SCALE, so 255 is a gain of about 4. */
const GAIN_SCALE = 64;
const MAX_GAIN = 2.5;
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
const WHITE_MAX = 252.99;
/** The stretch of a dim photo, at most: a low-key scene stays a low-key scene. */
const MAX_STRETCH = 2.2;
/** A green or magenta cast is corrected only when the near-neutral pixels' mean is this far off. */
const CAST_THRESHOLD = 0.08;

export interface EnhancePlan {
  /** Per channel: input byte -> white-balanced value (float). */
  balance: [Float32Array, Float32Array, Float32Array];
  /**
   * Global tone curve as a factor on all three channels, indexed by 4x the white-balanced luma
   * (0..1023): scaling RGB together keeps each pixel's hue and saturation as it is brightened.
   */
  tone: Float32Array;
  saturation: number;
  /** Per-pixel gain of the local tone map, at thumbnail resolution. */
  gain: Raster;
}

export async function enhance(image: Buffer): Promise<Buffer> {
  const thumb = await decodeThumbnail(image, ANALYSIS_SIDE);
  const plan = planEnhancement(thumb);
  const full = await decodeRgb(image);
  const blockWidth = ceil(full.width / (1 << GAIN_BLOCK_SHIFT));
  const blockHeight = ceil(full.height / (1 << GAIN_BLOCK_SHIFT));
  const gain = await sharp(plan.gain.data, { raw: { width: plan.gain.width, height: plan.gain.height, channels: 1 } })
    .resize(blockWidth, blockHeight, { fit: 'fill', kernel: 'linear' })
    // sharp would hand a one-channel raw input back as three channels.
    .extractChannel(0)
    .raw()
    .toBuffer();
  applyPlan(full, plan, gain, blockWidth);
  return encodePng(full);
}

/** Measures the thumbnail and decides every parameter (pure, so it can be tested alone). */
export function planEnhancement(thumb: Raster): EnhancePlan {
  const { data, width, height } = thumb;
  const pixels = width * height;
  const wb = whiteBalance(data, pixels);

  // Exposure from luma percentiles after white balance: a dim photo is stretched so its
  // highlights reach WHITE_TARGET (only part of the way to black: a dim photo's darkest corner is
  // not meant to be pure black); an over-exposed one (bright median, much near white) gets a
  // midtone gamma that brings its walls and sky back from white, ends fixed.
  const histogram = new Uint32Array(256);
  for (let i = 0; i < data.length; i += 3) {
    const l = luma(data[i]! * wb[0]!, data[i + 1]! * wb[1]!, data[i + 2]! * wb[2]!);
    histogram[min(255, round(l))]!++;
  }
  // A black point only for a hazy photo (its darkest pixels well above black), and only part of
  // the way: a dim photo's shadows are kept, not crushed.
  const low = max(0, percentile(histogram, pixels, 0.005) - 8) * 0.6;
  const high = max(percentile(histogram, pixels, 0.997), low + 16);
  const scale = clamp(WHITE_TARGET / (high - low), 1, MAX_STRETCH);
  let nearWhite = 0;
  for (let v = 245; v < 256; v++) nearWhite += histogram[v]!;
  const median = percentile(histogram, pixels, 0.5);
  const gamma = 1 + clamp((median - 140) / 200, 0, 0.3) * clamp((nearWhite / pixels) * 10, 0, 1);
  const balance = wb.map((g) => Float32Array.from({ length: 256 }, (_, v) => v * g)) as EnhancePlan['balance'];
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
    const balanced = luma(balance[0][data[i]!]!, balance[1][data[i + 1]!]!, balance[2][data[i + 2]!]!);
    const l = (balanced * toneOf(balanced)) / 255;
    base[p] = min(l, 1);
    meanLuma += l;
  }
  meanLuma /= pixels;
  // Edge-preserving: a box blur spreads a window's light over the wall around it, whose gain
  // then drops in a dark rim (a halo); the guided filter stops at the window's frame.
  const blurred = guidedSmooth(base, width, height, max(2, round(max(width, height) / 24)), TONE_EDGE_EPS);
  const strength = clamp((0.5 - meanLuma) * 1.2 + 0.25, 0.15, 0.55);
  const gainData = Buffer.alloc(pixels);
  for (let p = 0; p < pixels; p++) {
    // Offset so the darkest, flat regions (a black backdrop) are not lifted into grey noise.
    const b = (max(blurred[p]!, 0) + SHADOW_FLOOR) / (LIFT_PIVOT + SHADOW_FLOOR);
    const gain = b >= 1 ? 1 : min(MAX_GAIN, pow(b, -strength));
    gainData[p] = round(gain * GAIN_SCALE);
  }

  // Flat (low-chroma) photos get a little more saturation; colourful ones none.
  let chroma = 0;
  for (let i = 0; i < data.length; i += 3) {
    chroma += max(data[i]!, data[i + 1]!, data[i + 2]!) - min(data[i]!, data[i + 1]!, data[i + 2]!);
  }
  const saturation = clamp(1.1 - chroma / pixels / 300, 1, 1.05);

  return { balance, tone, saturation, gain: { data: gainData, width, height } };
}

/**
 * Channel gains from the near-neutral pixels (walls, ceilings, clouds): their mean colour is the
 * cast. Not grey-world over everything: a big sky, a lawn or a sunset is not a cast. Too few
 * neutral pixels or a mean near grey: no correction; otherwise half of it, so a lamp's warmth
 * stays warm.
 */
function whiteBalance(data: Buffer, pixels: number): number[] {
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
  if (counted < pixels * 0.05) return [1, 1, 1];
  const [r, g, b] = sums as [number, number, number];
  // Only the green-magenta axis: a green or magenta tint is a cast (fluorescent light, a wrong
  // white balance); warm lamps, sunlight and a blue dusk lie on the amber-blue axis and are kept.
  const tint = g / ((r + b) / 2) - 1;
  if (abs(tint) < CAST_THRESHOLD) return [1, 1, 1];
  return [1, clamp(1 - 0.5 * tint, 0.9, 1.1), 1];
}

/**
 * The full-resolution pass, in place: white balance, tone curve, tone-map gain, saturation, highlight knee. Written
 * for speed (it touches 36 M values at 12 MP): the saturation mix and the knee table's half-step
 * index are folded into two factors per pixel, and clamps are plain comparisons.
 */
export function applyPlan(full: Raster, plan: EnhancePlan, gain: Buffer, gainWidth: number): void {
  const { data, width, height } = full;
  const [balanceR, balanceG, balanceB] = plan.balance;
  const tone = plan.tone;
  const toneMax = tone.length - 1;
  const knee = highlightKnee();
  const kneeMax = knee.length - 1;
  // out = knee[2 * (l + s * (c - l)) * t * k] = knee[lPart + cPart * c], t the tone factor and k
  // the gain.
  const lFactor = 2 * (1 - plan.saturation);
  const cFactor = 2 * plan.saturation;
  const lift = new Float32Array(256);
  for (let g = 0; g < 256; g++) lift[g] = g / GAIN_SCALE - 1;
  for (let y = 0, i = 0; y < height; y++) {
    const gainRow = (y >> GAIN_BLOCK_SHIFT) * gainWidth;
    for (let x = 0; x < width; x++, i += 3) {
      const r = balanceR[data[i]!]!;
      const g = balanceG[data[i + 1]!]!;
      const b = balanceB[data[i + 2]!]!;
      const l = 0.299 * r + 0.587 * g + 0.114 * b;
      const toneIndex = (l * 4) | 0;
      const t = tone[toneIndex > toneMax ? toneMax : toneIndex]!;
      const toned = l * t;
      // The lift fades out on the brightest pixels only (a lamp in a dark region), so detail
      // keeps its contrast and highlights are not pushed into the knee.
      const up = lift[gain[gainRow + (x >> GAIN_BLOCK_SHIFT)]!]!;
      const k = t * (toned < 160 ? 1 + up : toned < 255 ? 1 + up * (255 - toned) * 0.0105 : 1);
      const base = lFactor * l * k;
      const scale = cFactor * k;
      const outR = base + scale * r;
      const outG = base + scale * g;
      const outB = base + scale * b;
      // The knee scales the three channels together by their maximum, so a bright blue sky rolls
      // off towards white without turning cyan.
      const top = outR > outG ? (outR > outB ? outR : outB) : outG > outB ? outG : outB;
      // Never below the input's own maximum: what the engine did not lift keeps its highlights
      // (an already good photo's white façade keeps its contrast).
      let f = 1;
      if (top > KNEE_START * 2) {
        const index = top | 0;
        const own = (2 * (r > g ? (r > b ? r : b) : g > b ? g : b)) / top;
        f = knee[index > kneeMax ? kneeMax : index]!;
        if (own > f) f = own > 1 ? 1 : own;
      }
      data[i] = outR < 0 ? 0 : (outR * f) >> 1;
      data[i + 1] = outG < 0 ? 0 : (outG * f) >> 1;
      data[i + 2] = outB < 0 ? 0 : (outB * f) >> 1;
    }
  }
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
    // Slightly under 1 at the top, so x * f rounds down below WHITE_MAX.
    kneeTable[index] = min(out, WHITE_MAX) / v;
  }
  return kneeTable;
}

function percentile(histogram: Uint32Array, total: number, fraction: number): number {
  const target = total * fraction;
  let seen = 0;
  for (let v = 0; v < histogram.length; v++) {
    seen += histogram[v]!;
    if (seen >= target) return v;
  }
  return histogram.length - 1;
}
