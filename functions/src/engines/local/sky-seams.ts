/**
 * Seams through the old sky (decision 134): where the detection stops inside the sky itself (a
 * deep blue band at the top of a twilight it did not take), nothing in the photo marks the line,
 * and a hard cut there shows as a block of old sky with a ragged or stair-step edge, the
 * thumbnail's pixels magnified. Along such a seam (long, its two sides alike, no edge across it,
 * the kept side above the sky or beside it, or under it in a sun's clipped glare: decision 147)
 * the new sky fades in from the seam over a few thumbnail pixels instead: the band of old sky the
 * engine is unsure of is kept, with a soft transition, and no pixel gets more new sky than
 * decided. Where the skyline lies on an edge of the photo (a roof, a hill, a tree against the sky)
 * nothing changes: the full-resolution decisions stand.
 */
import { boxBlur, type Raster } from './raster';
import { CLIPPED } from './sky-glare';
import type { SkyDetection } from './sky-mask';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context.
const { abs, floor, max, min } = Math;

/**
 * Largest colour step (sum of channel differences between neighbouring thumbnail pixels) across a
 * seam, and along the fade's spread: a dusk gradient steps by a few levels a thumbnail pixel, a
 * skyline by tens.
 */
const SEAM_MAX_STEP = 24;
/**
 * Largest difference (sum of channels) between the mean colours of the sky and of the ground within
 * SIDE_RADIUS pixels of a seam: a skyline parts two colours, a seam through the old sky one.
 */
const SIDES_APART = 20;
const SIDE_RADIUS = 3;
/**
 * A seam is a line of at least this many thumbnail pixels: a block's edge. A few loose pixels are a
 * skyline's low-contrast spots (a white minaret against a hazy sky), not a block.
 */
const MIN_SEAM = 12;
/** Thumbnail pixels each side of a seam the fade spans (its half-width). */
const FADE_REACH = 4;

export interface SeamFade {
  width: number;
  height: number;
  /** Per thumbnail pixel, 0..1: how much the new sky follows the ramp here. */
  fade: Float32Array;
  /** Per thumbnail pixel, 0..1: 0 on the seam rising to 1 inside the sky (the ramp the sky fades in by). */
  ramp: Float32Array;
  /** Whether any pixel fades. */
  any: boolean;
}

/** The fade along the seams of `sky` that run where the thumbnail shows no edge. */
export function seamFade(thumb: Raster, sky: SkyDetection): SeamFade {
  const { data, width, height } = thumb;
  const pixels = width * height;
  const inSky = new Uint8Array(pixels);
  for (let p = 0; p < pixels; p++) inSky[p] = sky.mask[p]! > 0.5 ? 1 : 0;
  // The colour step between neighbouring thumbnail pixels (the thumbnail is already an average of
  // the photo's pixels; a smoothed copy would blur a dark lattice into the dusk sky beside it).
  const stepTo = (p: number, q: number): number => {
    const i = p * 3;
    const j = q * 3;
    return abs(data[i]! - data[j]!) + abs(data[i + 1]! - data[j + 1]!) + abs(data[i + 2]! - data[j + 2]!);
  };

  // A kept side under the sky is land as often as old sky (a blurred tree line on the horizon):
  // only seams with the kept side above the sky (a twilight's deep blue at the top) or beside it,
  // or under it when clipped: no land shows through a sun's glare (decision 147).
  const clipped = (p: number): boolean => max(data[p * 3]!, data[p * 3 + 1]!, data[p * 3 + 2]!) >= CLIPPED;
  const under = (above: number): number => (inSky[above] === 1 && !clipped(above + width) ? Infinity : 0);

  // Seam pixels: on the mask's boundary, the step across it small (then, below, the two sides alike).
  const distance = new Int8Array(pixels).fill(-1);
  const queue = new Int32Array(pixels);
  let tail = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      let across = -1;
      if (x > 0 && inSky[p - 1] !== inSky[p]) across = max(across, stepTo(p, p - 1));
      if (x + 1 < width && inSky[p + 1] !== inSky[p]) across = max(across, stepTo(p, p + 1));
      if (y > 0 && inSky[p - width] !== inSky[p]) across = max(across, stepTo(p, p - width), under(p - width));
      if (y + 1 < height && inSky[p + width] !== inSky[p]) across = max(across, stepTo(p, p + width), under(p));
      if (across < 0 || across >= SEAM_MAX_STEP) continue;
      queue[tail++] = p;
    }
  }
  const fade = new Float32Array(pixels);
  const ramp = new Float32Array(pixels);
  if (tail === 0) return { width, height, fade, ramp, any: false };
  // Each side's mean colour near every pixel: a seam parts two sides of nearly one colour.
  const sides = [1, 0].map((side) => {
    const weight = new Float32Array(pixels);
    const channels = [new Float32Array(pixels), new Float32Array(pixels), new Float32Array(pixels)];
    for (let p = 0; p < pixels; p++) {
      if (inSky[p] !== side) continue;
      weight[p] = 1;
      for (let c = 0; c < 3; c++) channels[c]![p] = data[p * 3 + c]!;
    }
    return {
      weight: boxBlur(weight, width, height, SIDE_RADIUS, 1),
      sums: channels.map((ch) => boxBlur(ch, width, height, SIDE_RADIUS, 1)),
    };
  });
  const [skySide, groundSide] = sides as [(typeof sides)[0], (typeof sides)[0]];
  const sidesApart = (p: number): number => {
    const ws = skySide.weight[p]!;
    const wg = groundSide.weight[p]!;
    if (ws <= 0 || wg <= 0) return Infinity;
    let apart = 0;
    for (let c = 0; c < 3; c++) apart += abs(skySide.sums[c]![p]! / ws - groundSide.sums[c]![p]! / wg);
    return apart;
  };
  const candidates = tail;
  tail = 0;
  for (let k = 0; k < candidates; k++) {
    const p = queue[k]!;
    if (sidesApart(p) >= SIDES_APART) continue;
    distance[p] = 0;
    queue[tail++] = p;
  }
  tail = keepLongSeams(distance, queue, tail, width, height);
  const any = tail > 0;
  if (!any) return { width, height, fade, ramp, any };
  // The fade spreads from the seams over FADE_REACH pixels, never across an edge of the photo:
  // a roof or a lattice beside a seam stays whole.
  for (let head = 0; head < tail; head++) {
    const p = queue[head]!;
    const d = distance[p]!;
    if (d >= FADE_REACH) continue;
    const x = p % width;
    const visit = (q: number) => {
      if (distance[q]! >= 0 || stepTo(p, q) >= SEAM_MAX_STEP) return;
      distance[q] = d + 1;
      queue[tail++] = q;
    };
    if (x > 0) visit(p - 1);
    if (x + 1 < width) visit(p + 1);
    if (p >= width) visit(p - width);
    if (p + width < pixels) visit(p + width);
  }
  for (let p = 0; p < pixels; p++) {
    const d = distance[p]!;
    if (d >= 0) fade[p] = min(1, (FADE_REACH + 1 - d) / 2);
  }
  const binary = new Float32Array(pixels);
  for (let p = 0; p < pixels; p++) binary[p] = inSky[p]!;
  // 0 on the seam, 1 from FADE_REACH pixels into the sky: the old sky shows through on the sky's
  // side only, so a seam on a building the thumbnail misread never replaces more of it.
  const blurred = boxBlur(binary, width, height, FADE_REACH >> 1, 2);
  for (let p = 0; p < pixels; p++) ramp[p] = max(0, 2 * blurred[p]! - 1);
  return { width, height, fade, ramp, any };
}

/**
 * In place on the band's decided alpha (`width` x `rows` of a `width` x `height` photo; 255 sky,
 * under it kept): where a seam fades, the alpha becomes a mix of the decision and the ramp, only
 * ever lower, and those pixels are marked 1 in the returned map (null when none: the blend mixes
 * them with the new sky by their alpha, rather than swapping a share of old sky at a skyline).
 * Bilinear in the thumbnail, per pixel only where the thumbnail fades.
 */
export function applySeamFade(
  seams: SeamFade,
  alpha: Uint8Array,
  width: number,
  rows: number,
  height: number,
): Uint8Array | null {
  if (!seams.any) return null;
  let mixed: Uint8Array | null = null;
  const { fade, ramp } = seams;
  const tw = seams.width;
  const th = seams.height;
  const column0 = new Int32Array(width);
  const columnWeight = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const fx = max(0, min(tw - 1, ((x + 0.5) * tw) / width - 0.5));
    column0[x] = floor(fx);
    columnWeight[x] = fx - floor(fx);
  }
  for (let y = 0; y < rows; y++) {
    const fy = max(0, min(th - 1, ((y + 0.5) * th) / height - 0.5));
    const y0 = floor(fy);
    const y1 = min(th - 1, y0 + 1);
    const wy = fy - y0;
    const top = y0 * tw;
    const bottom = y1 * tw;
    for (let x = 0, p = y * width; x < width; x++, p++) {
      const x0 = column0[x]!;
      const x1 = min(tw - 1, x0 + 1);
      const f00 = fade[top + x0]!;
      const f01 = fade[top + x1]!;
      const f10 = fade[bottom + x0]!;
      const f11 = fade[bottom + x1]!;
      if (f00 === 0 && f01 === 0 && f10 === 0 && f11 === 0) continue;
      const wx = columnWeight[x]!;
      const f = (f00 * (1 - wx) + f01 * wx) * (1 - wy) + (f10 * (1 - wx) + f11 * wx) * wy;
      const r =
        (ramp[top + x0]! * (1 - wx) + ramp[top + x1]! * wx) * (1 - wy) +
        (ramp[bottom + x0]! * (1 - wx) + ramp[bottom + x1]! * wx) * wy;
      // Never raised: a kept pixel so close to a seam may be a pale beam or a mast the thumbnail
      // could not see, in the sky's very colour.
      const a = alpha[p]! * (1 - f) + 255 * r * f;
      if (a >= alpha[p]! - 0.5) continue;
      alpha[p] = floor(a + 0.5);
      mixed ??= new Uint8Array(width * rows);
      mixed[p] = 1;
    }
  }
  return mixed;
}

/**
 * Of the `count` seam pixels listed in `queue` (marked 0 in `distance`), only those in 8-connected
 * runs of at least MIN_SEAM stay (the others are unmarked); returns how many stay, listed first.
 */
function keepLongSeams(distance: Int8Array, queue: Int32Array, count: number, width: number, height: number): number {
  const seen = new Uint8Array(distance.length);
  const kept: number[] = [];
  const run: number[] = [];
  for (let k = 0; k < count; k++) {
    const start = queue[k]!;
    if (seen[start]) continue;
    seen[start] = 1;
    run.length = 0;
    run.push(start);
    for (let head = 0; head < run.length; head++) {
      const p = run[head]!;
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || xx >= width || yy < 0 || yy >= height) continue;
          const q = yy * width + xx;
          if (distance[q] === 0 && !seen[q]) {
            seen[q] = 1;
            run.push(q);
          }
        }
      }
    }
    if (run.length >= MIN_SEAM) kept.push(...run);
    else for (const p of run) distance[p] = -1;
  }
  queue.set(kept);
  return kept.length;
}
