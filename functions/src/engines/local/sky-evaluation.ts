/**
 * Measuring the sky mask against hand-drawn references (the photo evaluation set in
 * test/fixtures/photos): polygon rasterisation and the scores the bench prints and the photo
 * test holds. Pure, no I/O.
 */

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context.
const { ceil, floor, max, min } = Math;

export type Polygon = readonly (readonly [number, number])[];

/** A reference mask as committed beside each photo (`<name>.mask.json`). */
export interface DrawnSkyMask {
  width: number;
  height: number;
  /** Sky = inside, even-odd rule: a ring inside a ring is a hole. */
  sky: Polygon[];
  /** Areas left out of the scores (e.g. a bare tree's crown, which no one can label). */
  ignore?: Polygon[];
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
 * `replaced` holds the engine's alpha per pixel (0..255, replaced when >= 128); the drawn mask
 * must have the same size. Ignored pixels count nowhere.
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
    const isReplaced = replaced[p]! >= 128;
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
