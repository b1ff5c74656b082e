/**
 * The soft skyline (decision 171): hills in haze, or a tree line blurred by motion or depth of
 * field, fade into the sky over many pixels, and the band's decisions, made on the thumbnail's
 * grid, cut the fade into flat steps: a block of old haze with a flat top over the hills, a dark
 * block standing in the new sky.
 *
 * Down each reference column (the reference grid being 1024 px wide), from where the pure sky
 * decided ends, the photo is read one reference pixel at a time. Where it descends from the sky's
 * colour to a darker ground's smoothly (no reference pixel holds much of the fall) over many
 * reference pixels, on the mix line of the two colours, never rising on the way, the descent is a
 * blur of the two: each of its pixels becomes new sky by its share of the sky's (the luminance key
 * of `sky-key.ts`), as the photo shows it. A sharp edge (a roof, a wall, a pole) or a textured one
 * (a crown in leaf) is no such descent and is left to the decisions.
 *
 * How surely a column's descent is a blur is a product of ramps, averaged along the skyline with
 * the descents' colours and rows; the key weighs by it, so it fades in and out over many columns
 * rather than changing from one to the next, and a soft skyline is a long run of columns, not a
 * few. The key only raises the alpha: lowered, it kept the darker side of a cloud in the sky.
 */
import { luma, referenceStep } from './raster';
import { Key, ramp, takeShare } from './sky-key';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context.
const { abs, floor, max, min, round } = Math;

/** Reference pixels above the decisions' edge whose colour is the sky's (from, to). */
const SKY_ABOVE = [8, 5] as const;
/** Reference pixels above the decisions' edge the profile starts at (see RISE). */
const LOOK_ABOVE = 16;
/** Reference pixels below the decisions' edge the descent may run to. */
const REACH = 24;
/** The descent ends where the luma falls by less than FLAT (levels) over the next FLAT_SPAN reference pixels. */
const FLAT = 3;
const FLAT_SPAN = 4;
/** The descent starts where the luma has fallen by this share of its fall to the darkest below. */
const STARTED = 0.1;
/** A channel at least this is clipped. */
const CLIPPED = 250;
/**
 * From LOOK_ABOVE over the decisions' edge to the descent's end, a rise of more than this (levels
 * of luma) over the lowest before it is no blur of the sky into the ground: a dark far tree line
 * over a field in haze, which the decisions took for sky (keyed, stormy-flat-landscape's field
 * took a soft dent of new sky).
 */
const RISE = 3;
/**
 * Ramps (from none to sure) of a descent's fall (levels of luma), its length (reference pixels),
 * the share of the fall its steepest reference pixel holds, and how far off the mix line its
 * farthest lies (levels, any channel). The length's is what tells a blur from an edge, a slanted
 * roof's or a sculpture's, that the JPEG or the resize softened over a few pixels.
 */
const FALL = [12, 20] as const;
const LENGTH = [6, 10] as const;
const STEEPEST = [0.45, 0.3] as const;
const OFF_LINE = [16, 10] as const;
/** A pixel keyed lies on the mix line within this (levels, any channel). */
const ON_LINE_TAKEN = 20;
/** Reference pixels along the skyline a column with no descent borrows its nearest one's within. */
const SPREAD = 8;
/** Half-width (reference pixels) of the triangular window along the skyline the sureness and colours are averaged over. */
const ALONG = 40;
/**
 * The sureness averaged, from no weight to full: a soft skyline is a long run of columns (hills in
 * haze across the frame), not a few (a roof's blurred side, which keyed alone lost a soft bite).
 */
const RUN = [0.3, 0.6] as const;
/** Reference pixels over and under its rows a column keys. */
const MARGIN = 3;

/**
 * In place on `decided` (the band's final decisions) and `pixels` (the band's colours, which the
 * blend reads next): each soft descent from the sky to a darker ground becomes new sky by its
 * share, each such pixel marked in `mixed` (made when null; returned).
 */
export function keySoftSkyline(
  pixels: Buffer,
  decided: Uint8Array,
  width: number,
  rows: number,
  mixed: Uint8Array | null,
): Uint8Array | null {
  const step = referenceStep(width);
  const columns = floor((width + step - 1) / step);
  // Per reference column, its surest descent: how sure, its photo rows, its two colours (RGB).
  const sure = new Float32Array(columns);
  const start = new Float32Array(columns);
  const end = new Float32Array(columns);
  const colours = Array.from({ length: 6 }, () => new Float32Array(columns));
  const profile = new Profile(pixels, width, step);
  const above = SKY_ABOVE[0] * step;
  // Row by row, each reference column's middle pixel (the decisions are read in memory order).
  for (let y = above; y < rows; y++) {
    for (let c = 0; c < columns; c++) {
      const x = min(width - 1, c * step + (step >> 1));
      const p = y * width + x;
      if (decided[p] === 255 || decided[p - width] !== 255 || decided[p - above * width] !== 255) continue;
      const descent = profile.descent(x, y, rows);
      if (!descent || descent.sure <= sure[c]!) continue;
      sure[c] = descent.sure;
      start[c] = descent.from;
      end[c] = descent.to;
      for (let k = 0; k < 3; k++) {
        colours[k]![c] = descent.sky[k]!;
        colours[k + 3]![c] = descent.ground[k]!;
      }
    }
  }
  if (!sure.some((s) => s > 0)) return mixed;
  // Along the skyline, over the descents that overlap the nearest one's rows (a crown lower down
  // is another skyline): the weight, and the descents' colours and rows averaged by sureness, so
  // that the key changes gradually from column to column (bars of old haze where it did not).
  const source = nearestDescent(sure);
  const weight = new Float32Array(columns);
  const sky = new Float32Array(columns * 3);
  const ground = new Float32Array(columns * 3);
  const from = new Float32Array(columns);
  const to = new Float32Array(columns);
  for (let c = 0; c < columns; c++) {
    const s = source[c]!;
    if (s < 0) continue;
    let sum = 0;
    let kernels = 0;
    for (let d = max(0, c - ALONG); d <= min(columns - 1, c + ALONG); d++) {
      const k = ALONG + 1 - abs(d - c);
      kernels += k;
      if (sure[d] === 0 || start[d]! >= end[s]! || end[d]! <= start[s]!) continue;
      const w = k * sure[d]!;
      sum += w;
      from[c]! += w * start[d]!;
      to[c]! += w * end[d]!;
      for (let i = 0; i < 3; i++) {
        sky[c * 3 + i]! += w * colours[i]![d]!;
        ground[c * 3 + i]! += w * colours[i + 3]![d]!;
      }
    }
    weight[c] = ramp(RUN, sum / kernels);
    from[c]! /= sum;
    to[c]! /= sum;
    for (let i = 0; i < 3; i++) {
      sky[c * 3 + i]! /= sum;
      ground[c * 3 + i]! /= sum;
    }
  }
  // Each column keys its rows and MARGIN reference pixels over and under them, the weight fading
  // out over the last 2 MARGIN: the key reads each pixel's own luma, so a few rows too many change
  // nothing the decisions got right, and where it stops it leaves no edge.
  const margin = MARGIN * step;
  const key = new Key();
  for (let x = 0; x < width; x++) {
    const c = min(columns - 1, floor(x / step));
    const w = weight[c]!;
    if (w === 0) continue;
    const skyOf = sky.subarray(c * 3, c * 3 + 3);
    const groundOf = ground.subarray(c * 3, c * 3 + 3);
    const last = min(rows, round(to[c]!) + margin);
    const fade = last - 2 * margin;
    for (let y = max(0, round(from[c]!) - margin), p = y * width + x; y < last; y++, p += width) {
      key.of(pixels, p * 3, skyOf, 0, groundOf, 0);
      if (key.off > ON_LINE_TAKEN) continue;
      const faded = y < fade ? w : (w * (last - y)) / (2 * margin);
      mixed = takeShare(pixels, decided, mixed, p, key.share, faded, skyOf, groundOf);
    }
  }
  return mixed;
}

interface Descent {
  /** Photo rows from..to (exclusive): from the decisions' edge or the descent's start, whichever is higher, to its end. */
  from: number;
  to: number;
  /** The colours (RGB) at the descent's start and end. */
  sky: Float32Array;
  ground: Float32Array;
  /** How surely it is a blur, 0..1. */
  sure: number;
}

/** Per column, the nearest column within SPREAD that has a descent (itself first); -1 where none has. */
function nearestDescent(sure: Float32Array): Int32Array {
  const out = new Int32Array(sure.length).fill(-1);
  for (let c = 0; c < sure.length; c++) {
    for (let d = 0; d <= SPREAD; d++) {
      if (c >= d && sure[c - d]! > 0) out[c] = c - d;
      else if (c + d < sure.length && sure[c + d]! > 0) out[c] = c + d;
      else continue;
      break;
    }
  }
  return out;
}

/** A column's colours one reference pixel at a time, each the mean of its photo rows. */
class Profile {
  private readonly colours = new Float32Array((LOOK_ABOVE + REACH) * 3);
  private readonly lumas = new Float32Array(LOOK_ABOVE + REACH);
  private readonly key = new Key();

  constructor(
    private readonly pixels: Buffer,
    private readonly width: number,
    private readonly step: number,
  ) {}

  /** The descent below (x, y), the first row under the pure sky decided, or null. */
  descent(x: number, y: number, rows: number): Descent | null {
    const { colours, lumas, step } = this;
    // Entry j is the reference pixel j - LOOK_ABOVE below y; the sky's are SKY_ABOVE above it.
    const top = y - LOOK_ABOVE * step;
    const count = min(lumas.length, floor((rows - top) / step));
    if (top < 0 || count < LOOK_ABOVE + LENGTH[1] + FLAT_SPAN) return null;
    for (let j = 0; j < count; j++) this.read(x, top + j * step, j);
    const skyFrom = LOOK_ABOVE - SKY_ABOVE[0];
    const below = LOOK_ABOVE - SKY_ABOVE[1];
    let skyLuma = 0;
    for (let j = skyFrom; j < below; j++) {
      // A sky clipped in a channel is the sun's glare, whose bloom over the ground is no blur of the two.
      if (max(colours[j * 3]!, colours[j * 3 + 1]!, colours[j * 3 + 2]!) >= CLIPPED) return null;
      skyLuma += lumas[j]! / (below - skyFrom);
    }
    // The descent starts where the luma has fallen by a share of its fall to the darkest below,
    // and ends where it stops falling.
    let darkest = skyLuma;
    for (let j = below; j < count; j++) darkest = min(darkest, lumas[j]!);
    if (skyLuma - darkest <= FALL[0]) return null;
    let start = below;
    while (start < count && lumas[start]! > skyLuma - STARTED * (skyLuma - darkest)) start++;
    let end = -1;
    for (let j = start + 1; j + FLAT_SPAN < count; j++) {
      if (lumas[j]! - lumas[j + FLAT_SPAN]! < FLAT) {
        end = j;
        break;
      }
    }
    // The key needs its two colours apart.
    if (end < 0 || lumas[end]! >= lumas[start]!) return null;
    // The luma never rises on the way (RISE).
    let lowest = lumas[0]!;
    for (let j = 1; j <= end; j++) {
      if (lumas[j]! - lowest > RISE) return null;
      lowest = min(lowest, lumas[j]!);
    }
    const fall = skyLuma - lumas[end]!;
    // The key runs from the descent's start (share 1) to its end (share 0).
    const sky = colours.slice(start * 3, start * 3 + 3);
    const ground = colours.slice(end * 3, end * 3 + 3);
    const key = this.key;
    let steepest = 0;
    let off = 0;
    for (let j = start; j <= end; j++) {
      if (j < end) steepest = max(steepest, (lumas[j]! - lumas[j + 1]!) / fall);
      key.of(colours, j * 3, sky, 0, ground, 0);
      off = max(off, key.off);
    }
    const sure = ramp(FALL, fall) * ramp(LENGTH, end - start) * ramp(STEEPEST, steepest) * ramp(OFF_LINE, off);
    if (sure === 0) return null;
    return { from: min(y, top + start * step), to: top + end * step, sky, ground, sure };
  }

  /** Reads the reference pixel of column x from photo row y into entry j. */
  private read(x: number, y: number, j: number): void {
    const { pixels, width, step, colours, lumas } = this;
    let r = 0;
    let g = 0;
    let b = 0;
    for (let d = 0, i = (y * width + x) * 3; d < step; d++, i += width * 3) {
      r += pixels[i]!;
      g += pixels[i + 1]!;
      b += pixels[i + 2]!;
    }
    colours[j * 3] = r / step;
    colours[j * 3 + 1] = g / step;
    colours[j * 3 + 2] = b / step;
    lumas[j] = luma(r / step, g / step, b / step);
  }
}
