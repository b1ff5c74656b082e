/**
 * Small bright things fixed on a structure (decision 168): a white cross on a spire, a pale finial,
 * a weathervane's arms. The thin-structure rules keep what is darker than the sky, or a bright mast
 * with sky either side of it; a white cross is brighter than the sky and its arms stand beside its
 * post, so the sure sky took most of it, and the new sky showed a ghost of it.
 *
 * From the bright pixels the decisions gave the sky that stand out of the sky beside them, the
 * patch of bright pixels around (kept or not) is grown. It is kept whole when it is small (a box
 * FITTING_BOX reference pixels on a side, FITTING_AREA of them at most), at least half of it
 * stands out, and it stands on the ground: a kept pixel under it of the ground's colour, over kept
 * pixels running down FITTING_BOX rows. A cloud brighter than the sky is larger, or fades into
 * paler cloud rather than standing out, or lies over old sky the decisions kept; a lamp's glow was
 * kept already (decision 110).
 */

import { referenceStep } from './raster';
import { DECIDED_SKY } from './sky-edges';

const { max, min } = Math;

/** Largest side, in pixels of the 1024 px reference (scaled with the width), of a kept patch's box. */
const FITTING_BOX = 24;
/** Largest area of a kept patch, in reference pixels. */
const FITTING_AREA = 240;

/** What the fittings' rule asks of a pixel of the band (an offset in `decided`). */
export interface FittingTests {
  /** Much brighter than the local old sky. */
  bright(p: number): boolean;
  /** Brighter still than the photo a few reference pixels from it on both sides, along a row or a column. */
  standsOut(p: number): boolean;
  /** The ground's colour rather than the sky's. */
  ground(p: number): boolean;
}

/** Share of a patch's pixels that must stand out: a cloud's bright heart fades into the cloud around. */
const STANDING_OUT = 0.5;

/**
 * In place on `decided` (width x rows, under DECIDED_SKY kept): the fittings grown from `seeds` (offsets
 * of pixels decided sky, bright and standing out) become kept (0). Returns how many pixels changed.
 */
export function keepBrightFittings(
  decided: Uint8Array,
  width: number,
  rows: number,
  seeds: Int32Array,
  tests: FittingTests,
): number {
  if (seeds.length === 0) return 0;
  const step = referenceStep(width);
  const box = FITTING_BOX * step;
  const area = FITTING_AREA * step * step;
  // Pixels already visited by a patch, so that each is flooded once; those of a patch given up
  // (too large) give up any patch that reaches them: a cloud is not kept piece by piece.
  const seen = new Set<number>();
  const givenUp = new Set<number>();
  const patch: number[] = [];
  let kept = 0;
  for (const seed of seeds) {
    if (seen.has(seed) || decided[seed]! < DECIDED_SKY) continue;
    patch.length = 0;
    patch.push(seed);
    seen.add(seed);
    const sx = seed % width;
    const sy = (seed - sx) / width;
    let left = sx;
    let right = sx;
    let top = sy;
    let bottom = sy;
    let joined = false;
    let small = true;
    for (let k = 0; k < patch.length && small; k++) {
      const p = patch[k]!;
      const x = p % width;
      const y = (p - x) / width;
      for (let yy = max(0, y - 1); yy <= min(rows - 1, y + 1) && small; yy++) {
        for (let xx = max(0, x - 1); xx <= min(width - 1, x + 1); xx++) {
          const q = yy * width + xx;
          if (givenUp.has(q)) {
            small = false;
            break;
          }
          if (seen.has(q)) continue;
          if (!tests.bright(q)) {
            if (!joined && yy > y && decided[q]! < DECIDED_SKY && tests.ground(q))
              joined = standsOn(decided, width, rows, xx, yy, box);
            continue;
          }
          seen.add(q);
          patch.push(q);
          left = min(left, xx);
          right = max(right, xx);
          top = min(top, yy);
          bottom = max(bottom, yy);
          if (patch.length > area || right - left >= box || bottom - top >= box) {
            small = false;
            break;
          }
        }
      }
    }
    if (!small) for (const p of patch) givenUp.add(p);
    if (!small || !joined) continue;
    let out = 0;
    for (const p of patch) if (tests.standsOut(p)) out++;
    if (out < STANDING_OUT * patch.length) continue;
    for (const p of patch) {
      if (decided[p]! < DECIDED_SKY) continue;
      decided[p] = 0;
      kept++;
    }
  }
  return kept;
}

/**
 * Whether kept pixels run down from (x, y) for `depth` rows, or to the band's last row, each under
 * the one before or beside it: the structure a fitting stands on, not a scrap of old cloud.
 */
function standsOn(decided: Uint8Array, width: number, rows: number, x: number, y: number, depth: number): boolean {
  for (let end = min(rows - 1, y + depth); y < end; y++) {
    const below = (y + 1) * width;
    if (decided[below + x]! < DECIDED_SKY) continue;
    if (x > 0 && decided[below + x - 1]! < DECIDED_SKY) x--;
    else if (x + 1 < width && decided[below + x + 1]! < DECIDED_SKY) x++;
    else return false;
  }
  return true;
}
