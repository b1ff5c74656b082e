/**
 * Measuring the sky mask against hand-drawn references (the photo evaluation set in
 * test/fixtures/photos): polygon rasterisation and the scores the bench prints and the photo
 * test holds, and the old sky's fringe left along the skyline. Pure, no I/O.
 */

import { boxBlur, histogramPercentile, lumaAt } from './raster';
import { DECIDED_SKY } from './sky-edges';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context.
const { abs, ceil, floor, max, min, round } = Math;
/**
 * A pixel whose alpha (0..255: how much of the new sky it shows) is at least the engine's
 * DECIDED_SKY counts as replaced: it shows more new sky than old. Every measure reads the alpha so,
 * whether the engine's transitions are hard or soft (decision 159). A local binding, as `Math`'s.
 */
const DECIDED = DECIDED_SKY;

export type Polygon = readonly (readonly [number, number])[];

/** A reference mask as committed beside each photo (`<name>.mask.json`). */
export interface DrawnSkyMask {
  width: number;
  height: number;
  /** Sky = inside, even-odd rule: a ring inside a ring is a hole. */
  sky: Polygon[];
  /** Areas left out of the scores (e.g. a bare tree's crown, which no one can label). */
  ignore?: Polygon[];
  /**
   * Rough outlines of buildings, roofs, chimneys, poles, wires and trunks: their drawn non-sky
   * pixels (away from the drawn sky by a pixel, `sky-defects.ts`) must never be replaced. The
   * outlines need not follow the skyline: the sky polygons give the exact edge.
   */
  neverTouch?: Polygon[];
}

/** A drawn reference's polygons scaled to a result `scale` times its size. */
export function scaledPolygons(polygons: readonly Polygon[] | undefined, scale: number): Polygon[] {
  return (polygons ?? []).map((polygon) => polygon.map(([x, y]) => [x * scale, y * scale] as const));
}

/** Even-odd fill of polygons, sampled at pixel centres: 1 inside, 0 outside. */
export function rasterizePolygons(polygons: readonly Polygon[], width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height);
  const crossings: number[] = [];
  for (let y = 0; y < height; y++) {
    const cy = y + 0.5;
    crossings.length = 0;
    for (const polygon of polygons) {
      for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
        const [xi, yi] = polygon[i]!;
        const [xj, yj] = polygon[j]!;
        if (yi > cy !== yj > cy) crossings.push(xi + ((cy - yi) * (xj - xi)) / (yj - yi));
      }
    }
    crossings.sort((a, b) => a - b);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      // Pixel centres x + 0.5 within [left, right).
      const from = max(0, ceil(crossings[k]! - 0.5));
      const to = min(width - 1, ceil(crossings[k + 1]! - 0.5) - 1);
      for (let x = from; x <= to; x++) out[y * width + x] = out[y * width + x]! ^ 1;
    }
  }
  return out;
}

export interface SkyScore {
  /** Intersection over union of the replaced pixels with the drawn sky. */
  iou: number;
  /** Share of the drawn non-sky pixels that were replaced. */
  falseReplaced: number;
  /** Share of the drawn sky that was kept. */
  missed: number;
}

/**
 * `replaced` holds the engine's alpha per pixel (0..255, replaced from DECIDED_SKY); the drawn
 * mask must have the same size. Ignored pixels count nowhere.
 */
export function scoreSkyMask(replaced: Uint8Array, drawn: DrawnSkyMask): SkyScore {
  const { width, height } = drawn;
  const sky = rasterizePolygons(drawn.sky, width, height);
  const ignore = drawn.ignore ? rasterizePolygons(drawn.ignore, width, height) : null;
  let both = 0;
  let either = 0;
  let skyCount = 0;
  let nonSky = 0;
  let falsePositive = 0;
  let missed = 0;
  for (let p = 0; p < width * height; p++) {
    if (ignore?.[p]) continue;
    const isSky = sky[p] === 1;
    const isReplaced = replaced[p]! >= DECIDED;
    if (isSky && isReplaced) both++;
    if (isSky || isReplaced) either++;
    if (isSky) {
      skyCount++;
      if (!isReplaced) missed++;
    } else {
      nonSky++;
      if (isReplaced) falsePositive++;
    }
  }
  return {
    iou: either === 0 ? 1 : both / either,
    falseReplaced: nonSky === 0 ? 0 : falsePositive / nonSky,
    missed: skyCount === 0 ? 0 : missed / skyCount,
  };
}

/** Nearest-neighbour resize of a one-channel mask (references are drawn at the photo's size). */
export function resizeMask(mask: Uint8Array, width: number, height: number, toWidth: number, toHeight: number) {
  if (width === toWidth && height === toHeight) return mask;
  const out = new Uint8Array(toWidth * toHeight);
  for (let y = 0; y < toHeight; y++) {
    const sy = min(height - 1, floor(((y + 0.5) * height) / toHeight));
    for (let x = 0; x < toWidth; x++)
      out[y * toWidth + x] = mask[sy * width + min(width - 1, floor(((x + 0.5) * width) / toWidth))]!;
  }
  return out;
}

/**
 * Kept pixels within this many pixels (Chebyshev) of a replaced one: the skyline's ring. Wider
 * than 1024 px, this and the reaches below scale with the width (decision 154): at 12 MP a fringe
 * is as many reference pixels wide as at 1024 px, and a ring of 3 pixels saw only its outer edge.
 */
const FRINGE_RING = 3;
/** The foreground a fringe pixel is compared with: kept pixels out to this far from the sky. */
const FRINGE_FOREGROUND_REACH = 10;
/** The new sky a fringe pixel is compared with: the replaced pixels this near. */
const FRINGE_SKY_REACH = 4;
/** How much brighter (luma levels) than both the new sky and the foreground beside it a fringe pixel is. */
export const FRINGE_LUMA = 30;

/**
 * Old sky left visible along the skyline, in a result whose new sky is darker than the old one
 * (the night): among the kept pixels (alpha under DECIDED_SKY) within FRINGE_RING pixels
 * of a replaced one, the share whose luma exceeds by more than FRINGE_LUMA both the new sky's
 * mean luma nearby (the replaced pixels in a 9x9 window) and the relit foreground's nearby (the
 * kept pixels 4 to 10 pixels from the sky, in a 21x21 window); these sizes at 1024 px, scaled
 * wider. A bright line between a dark sky and the darker ground it borders is what a viewer reads
 * as the old sky's fringe. A white trim brighter than the wall under it counts too (rare along
 * skylines); a white wall does not (its neighbours are as bright). `rgb` is the result (packed
 * RGB), `alpha` the replacement's alpha at the same size.
 */
export function skylineFringe(
  rgb: Uint8Array,
  alpha: Uint8Array,
  width: number,
  height: number,
): { ring: number; fringe: number; share: number } {
  const ring = skylineRing(alpha, width, height);
  const luma = (p: number) => lumaAt(rgb, p);
  const skyLuma = ring.skyMean(luma);
  const groundLuma = ring.groundMean(luma);
  const { count, marked, share } = ring.share((p) => {
    const l = luma(p);
    return l > skyLuma(p) + FRINGE_LUMA && l > groundLuma(p) + FRINGE_LUMA ? 1 : 0;
  });
  return { ring: count, fringe: marked, share };
}

/**
 * How near (sum of channel differences, about 10 levels a channel) a kept pixel's colour in the
 * photo must be to the old sky's beside it to count as old sky along the skyline.
 */
const RIM_NEAR = 30;

/**
 * Old sky kept along the skyline, whatever the new sky (decision 156): among the same ring as
 * `skylineFringe`, the share of kept pixels whose colour in the photo is within RIM_NEAR of the
 * photo's sky replaced nearby (the mean of the replaced pixels within FRINGE_SKY_REACH) and nearer
 * it than the kept ground's nearby (4 to 10 pixels from the sky), each weighed by how much more old
 * sky than the half-way mix it shows (1 - alpha / DECIDED_SKY, decision 159): a line faded
 * halfway into the new sky is no longer a line.
 * Relit with the foreground, such a line keeps the old sky's hue: a blue outline around every roof
 * under the sunset, which the halo measure, on brightness under the night sky, does not see.
 * `photo` is the photo itself (packed RGB) at the size of `alpha`.
 */
export function skylineRim(
  photo: Uint8Array,
  alpha: Uint8Array,
  width: number,
  height: number,
): { ring: number; rim: number; share: number } {
  const ring = skylineRing(alpha, width, height);
  const channel = (c: number) => (p: number) => photo[p * 3 + c]!;
  const sky = [0, 1, 2].map((c) => ring.skyMean(channel(c)));
  const ground = [0, 1, 2].map((c) => ring.groundMean(channel(c)));
  const { count, marked, share } = ring.share((p) => {
    let toSky = 0;
    let toGround = 0;
    for (let c = 0; c < 3; c++) {
      const v = photo[p * 3 + c]!;
      toSky += abs(v - sky[c]!(p));
      toGround += abs(v - ground[c]!(p));
    }
    return toSky < RIM_NEAR && toSky < toGround ? 1 - alpha[p]! / DECIDED : 0;
  });
  return { ring: count, rim: marked, share };
}

/** How much lighter (luma levels) than the new sky around a pixel of its soft edge shows the old sky's light. */
export const LEAK_LUMA = 8;
/** The new sky a soft-edge pixel is compared with: the pure new sky this near (at 1024 px, scaled wider). */
const LEAK_REACH = 4;

/**
 * Old sky's light left inside the new sky (decision 169): the pixels decided sky short of pure new
 * sky (alpha DECIDED_SKY to 254: the skyline's soft edge) whose luma in the result `rgb` exceeds by
 * more than LEAK_LUMA the mean of the pure new sky (alpha 255) within LEAK_REACH. In a dark new sky
 * they read as pale streaks and patches over the land, as blocks where the alpha steps.
 */
export function skyLeaks(rgb: Uint8Array, alpha: Uint8Array, width: number, height: number): number {
  const n = width * height;
  const pure = new Float32Array(n);
  const pureLuma = new Float32Array(n);
  const luma = (p: number) => lumaAt(rgb, p);
  for (let p = 0; p < n; p++) {
    if (alpha[p] !== 255) continue;
    pure[p] = 1;
    pureLuma[p] = luma(p);
  }
  const radius = round(LEAK_REACH * max(1, width / 1024));
  const weight = boxMean(pure, width, height, radius);
  const sums = boxMean(pureLuma, width, height, radius);
  let leaks = 0;
  for (let p = 0; p < n; p++) {
    const a = alpha[p]!;
    if (a < DECIDED || a === 255 || weight[p]! <= NONE) continue;
    if (luma(p) > sums[p]! / weight[p]! + LEAK_LUMA) leaks++;
  }
  return leaks;
}

/**
 * The skyline's ring of a replacement's `alpha` (sizes of decision 154): the kept pixels (under
 * DECIDED_SKY) within FRINGE_RING of a replaced one. `skyMean(value)` and `groundMean(value)`
 * give, per pixel, the mean of a per-pixel value over the replaced pixels within FRINGE_SKY_REACH
 * and over the kept ground FRINGE_RING + 1 to FRINGE_FOREGROUND_REACH from the sky; `share(weigh)`
 * sums the weights (0..1) of the ring's pixels with both sides nearby, against the whole ring.
 */
function skylineRing(alpha: Uint8Array, width: number, height: number) {
  const n = width * height;
  const replaced = new Float32Array(n);
  for (let p = 0; p < n; p++) if (alpha[p]! >= DECIDED) replaced[p] = 1;
  const scale = max(1, width / 1024);
  const ringRadius = round(FRINGE_RING * scale);
  const groundRadius = round(FRINGE_FOREGROUND_REACH * scale);
  const skyRadius = round(FRINGE_SKY_REACH * scale);
  const near = boxMean(replaced, width, height, ringRadius);
  const reach = boxMean(replaced, width, height, groundRadius);
  const skyWeight = boxMean(replaced, width, height, skyRadius);
  const ground = new Float32Array(n);
  for (let p = 0; p < n; p++) if (near[p]! <= NONE && reach[p]! > NONE) ground[p] = 1;
  const groundWeight = boxMean(ground, width, height, groundRadius);
  // Window sums of the value over a side, divided by the side's own window sums when read.
  const meanOver = (side: Float32Array, weight: Float32Array, radius: number, value: (p: number) => number) => {
    const values = new Float32Array(n);
    for (let p = 0; p < n; p++) if (side[p] === 1) values[p] = value(p);
    const sums = boxMean(values, width, height, radius);
    return (p: number) => sums[p]! / weight[p]!;
  };
  return {
    skyMean: (value: (p: number) => number) => meanOver(replaced, skyWeight, skyRadius, value),
    groundMean: (value: (p: number) => number) => meanOver(ground, groundWeight, groundRadius, value),
    share(weigh: (p: number) => number): { count: number; marked: number; share: number } {
      let count = 0;
      let marked = 0;
      for (let p = 0; p < n; p++) {
        if (replaced[p] === 1 || near[p]! <= NONE) continue;
        count++;
        if (skyWeight[p]! > NONE && groundWeight[p]! > NONE) marked += weigh(p);
      }
      return { count, marked, share: count === 0 ? 0 : marked / count };
    },
  };
}

/** A window mean under this holds no pixel (the running sums leave float residue, never 1/441). */
const NONE = 1e-4;

/** Mean over a (2r+1)^2 window, clipped at the borders (one box pass; boxBlur reuses its input's buffer). */
function boxMean(map: Float32Array, width: number, height: number, radius: number): Float32Array {
  return boxBlur(Float32Array.from(map), width, height, radius, 1);
}

/** The drawn sky's luma at this share from its darkest is as bright as the sky, for `crownSkyKept`. */
const SKY_BRIGHT_PERCENTILE = 0.1;

/**
 * The old sky left between a bare crown's twigs (decision 170): inside the reference's ignored
 * areas (crowns of twigs, which no one can draw), the share of the photo's pixels as bright as its
 * sky (the drawn sky's 10th percentile of luma, outside them) that the replacement kept (alpha
 * under DECIDED_SKY). Under a darker new sky they read as a pale veil over the crown. `photo` is
 * the photo's own RGB at `width` x `height`, the reference is rasterised at that size; null when
 * it ignores no such pixel.
 */
export function crownSkyKept(
  photo: Uint8Array,
  alpha: Uint8Array,
  width: number,
  height: number,
  drawn: DrawnSkyMask,
): number | null {
  if (!drawn.ignore?.length) return null;
  const scale = width / drawn.width;
  const ignore = rasterizePolygons(scaledPolygons(drawn.ignore, scale), width, height);
  const sky = rasterizePolygons(scaledPolygons(drawn.sky, scale), width, height);
  const histogram = new Uint32Array(256);
  let skyPixels = 0;
  for (let p = 0; p < alpha.length; p++) {
    if (!sky[p] || ignore[p]) continue;
    histogram[round(lumaAt(photo, p))]!++;
    skyPixels++;
  }
  if (skyPixels === 0) return null;
  const bright = histogramPercentile(histogram, skyPixels, SKY_BRIGHT_PERCENTILE);
  let seen = 0;
  let kept = 0;
  for (let p = 0; p < alpha.length; p++) {
    if (!ignore[p] || lumaAt(photo, p) < bright) continue;
    seen++;
    if (alpha[p]! < DECIDED) kept++;
  }
  return seen === 0 ? null : kept / seen;
}
