/**
 * What a viewer sees first in a sky replacement, measured against a drawn reference at the
 * result's own resolution (decision 067): the largest patch of old sky left inside the drawn sky,
 * the largest patch of foreground replaced, any pixel replaced inside a drawn building ('never
 * touch') and those tinted by the new sky there (decision 159), and the largest block of the wrong
 * kind along the skyline (a stair-step's tooth). A mean IoU rewards the bulk of an easy sky and
 * hides exactly these. Pure, no I/O.
 */
import { DECIDED_SKY } from './sky-edges';
import { rasterizePolygons, scaledPolygons, type DrawnSkyMask } from './sky-evaluation';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context.
const { ceil, max, round } = Math;
/** A pixel at least this shows more new sky than old (a local binding, as `Math`'s). */
const DECIDED = DECIDED_SKY;

/**
 * How far (in pixels of the 1024 px reference, scaled with the result) a drawn skyline may be off:
 * the tracing follows pixel edges, and a pixel mixing roof and sky belongs to neither honestly.
 * Leftover and replaced-foreground patches count only pixels farther than this from the other class.
 */
const SKYLINE_TOLERANCE = 1.5;
/** The skyline's band where blocks are looked for, each side of the drawn skyline (reference px). */
const SKYLINE_BAND = 8;
/**
 * A block is what survives an erosion of this radius (reference px, scaled): a patch thicker than
 * three pixels of the reference, which a viewer reads as a block or a stair step; a one-pixel
 * disagreement along a skyline does not survive it.
 */
const BLOCK_RADIUS = 1;
/** Never-touch pixels: inside the drawn polygons and farther than this (reference px) from the drawn sky, as the patches. */
const NEVER_TOUCH_CLEARANCE = SKYLINE_TOLERANCE;
/** A kept pixel showing at least this alpha (a quarter of the new sky) is tinted by it. */
const TINTED_ALPHA = 64;

export interface SkyDefects {
  /** Pixels of the largest 8-connected patch of old sky left inside the drawn sky. */
  leftover: number;
  /** Pixels of the largest 8-connected patch of drawn foreground replaced by the new sky. */
  replacedForeground: number;
  /** Pixels replaced inside drawn buildings, roofs, poles, wires and trunks (must be 0). */
  neverTouch: number;
  /** Pixels of the same places kept but tinted: showing a quarter to half of the new sky. */
  tinted: number;
  /** Pixels of the largest block of the wrong kind along the skyline, after the erosion. */
  block: number;
}

/**
 * `alpha` is the replacement's alpha (0..255) at `width` x `height`, the result of a photo whose
 * reference was drawn at `drawn.width`: the reference is rasterised at the result's size (its
 * polygons scaled, not its pixels), so a 12 MP result is judged at 12 MP.
 */
export function skyDefects(alpha: Uint8Array, width: number, height: number, drawn: DrawnSkyMask): SkyDefects {
  const scale = width / drawn.width;
  const sky = rasterizePolygons(scaledPolygons(drawn.sky, scale), width, height);
  const ignore = drawn.ignore ? rasterizePolygons(scaledPolygons(drawn.ignore, scale), width, height) : null;
  const tolerance = max(1, round(SKYLINE_TOLERANCE * scale));
  // Distance (Chebyshev, capped) of each pixel to the other class.
  const reach = max(tolerance, ceil(SKYLINE_BAND * scale));
  const distance = distanceToOther(sky, width, height, reach + 1);

  const n = width * height;
  const old = new Uint8Array(n);
  const foreground = new Uint8Array(n);
  const wrong = new Uint8Array(n);
  for (let p = 0; p < n; p++) {
    if (ignore?.[p]) continue;
    const replaced = alpha[p]! >= DECIDED;
    const isSky = sky[p] === 1;
    const d = distance[p]!;
    if (isSky && !replaced && d > tolerance) old[p] = 1;
    if (!isSky && replaced && d > tolerance) foreground[p] = 1;
    if (d <= reach && isSky !== replaced) wrong[p] = 1;
  }
  let neverTouch = 0;
  let tinted = 0;
  if (drawn.neverTouch?.length) {
    const inside = rasterizePolygons(scaledPolygons(drawn.neverTouch, scale), width, height);
    const clearance = max(1, round(NEVER_TOUCH_CLEARANCE * scale));
    for (let p = 0; p < n; p++) {
      // An ignored area is left out of every score, as PROVENANCE.md defines it (decision 167).
      if (!inside[p] || ignore?.[p] || sky[p] === 1 || distance[p]! <= clearance) continue;
      if (alpha[p]! >= DECIDED) neverTouch++;
      else if (alpha[p]! >= TINTED_ALPHA) tinted++;
    }
  }
  return {
    leftover: largestComponent(old, width, height),
    replacedForeground: largestComponent(foreground, width, height),
    neverTouch,
    tinted,
    block: largestComponent(erode(wrong, width, height, max(1, round(BLOCK_RADIUS * scale))), width, height),
  };
}

/**
 * Per pixel, the Chebyshev distance to the nearest pixel of the other class (sky vs not), capped
 * at `cap`: two passes of a chessboard distance transform.
 */
export function distanceToOther(classes: Uint8Array, width: number, height: number, cap: number): Uint16Array {
  const n = width * height;
  const toSky = new Uint16Array(n).fill(cap);
  const toGround = new Uint16Array(n).fill(cap);
  for (let p = 0; p < n; p++) {
    if (classes[p]) toSky[p] = 0;
    else toGround[p] = 0;
  }
  chessboard(toSky, width, height);
  chessboard(toGround, width, height);
  const out = new Uint16Array(n);
  for (let p = 0; p < n; p++) out[p] = classes[p] ? toGround[p]! : toSky[p]!;
  return out;
}

/** In place: the two-pass chessboard distance transform of a map holding 0 at its seeds. */
function chessboard(d: Uint16Array, width: number, height: number): void {
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      let v = d[p]!;
      if (x > 0 && d[p - 1]! + 1 < v) v = d[p - 1]! + 1;
      if (y > 0) {
        const q = p - width;
        if (d[q]! + 1 < v) v = d[q]! + 1;
        if (x > 0 && d[q - 1]! + 1 < v) v = d[q - 1]! + 1;
        if (x + 1 < width && d[q + 1]! + 1 < v) v = d[q + 1]! + 1;
      }
      d[p] = v;
    }
  }
  for (let y = height - 1; y >= 0; y--) {
    for (let x = width - 1; x >= 0; x--) {
      const p = y * width + x;
      let v = d[p]!;
      if (x + 1 < width && d[p + 1]! + 1 < v) v = d[p + 1]! + 1;
      if (y + 1 < height) {
        const q = p + width;
        if (d[q]! + 1 < v) v = d[q]! + 1;
        if (x + 1 < width && d[q + 1]! + 1 < v) v = d[q + 1]! + 1;
        if (x > 0 && d[q - 1]! + 1 < v) v = d[q - 1]! + 1;
      }
      d[p] = v;
    }
  }
}

/** Binary erosion by a (2r+1)^2 square: separable running counts of set pixels. */
export function erode(map: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const across = new Uint8Array(map.length);
  for (let y = 0; y < height; y++) runOfSet(map, across, y * width, 1, width, radius);
  const out = new Uint8Array(map.length);
  for (let x = 0; x < width; x++) runOfSet(across, out, x, width, height, radius);
  return out;
}

function runOfSet(src: Uint8Array, dst: Uint8Array, start: number, stride: number, length: number, radius: number) {
  // A pixel stays when every pixel within `radius` along the line is set (outside the image counts as unset).
  let unset = 0;
  for (let i = -radius; i <= radius; i++) if (i < 0 || i >= length || !src[start + i * stride]) unset++;
  for (let i = 0; i < length; i++) {
    dst[start + i * stride] = unset === 0 ? 1 : 0;
    const leave = i - radius;
    const enter = i + radius + 1;
    if (leave < 0 || !src[start + leave * stride]) unset--;
    if (enter >= length || !src[start + enter * stride]) unset++;
  }
}

/** Size of the largest 8-connected component of set pixels. */
export function largestComponent(map: Uint8Array, width: number, height: number): number {
  const seen = new Uint8Array(map.length);
  const stack = new Int32Array(map.length);
  let largest = 0;
  for (let start = 0; start < map.length; start++) {
    if (!map[start] || seen[start]) continue;
    let top = 0;
    let size = 0;
    stack[top++] = start;
    seen[start] = 1;
    while (top > 0) {
      const p = stack[--top]!;
      size++;
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const q = ny * width + nx;
          if (map[q] && !seen[q]) {
            seen[q] = 1;
            stack[top++] = q;
          }
        }
      }
    }
    if (size > largest) largest = size;
  }
  return largest;
}
