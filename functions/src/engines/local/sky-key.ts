/**
 * The luminance key of decisions 170 and 171. Where a pixel mixes two colours only, the old sky's
 * and a structure's (a twig's, a blurred tree line's), its luma says how much of each it holds: it
 * becomes that much new sky, and its own colour is what remains once the old sky is taken out.
 * Both steps weigh it where the photo looks like such a mix, by tests that are ramps.
 */
import { luma } from './raster';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context.
const { abs, max, min, round } = Math;

/** A pixel brighter than the sky is sky when blue over red by this (levels) and off the mix line by at most `BLUE_OFF`. */
const BLUE_OVER_RED = 25;
const BLUE_OFF = 40;
/** From this share of sky, a pixel's own colour is the structure's (taking the sky out of it amplifies its noise). */
const STRUCTURE_ITSELF = 0.75;

/** A colour's share of sky against a sky colour and a structure colour (its luma between theirs), and how far off their mix line it lies. */
export class Key {
  share = 0;
  off = 0;

  of(c: ArrayLike<number>, ci: number, s: ArrayLike<number>, si: number, t: ArrayLike<number>, ti: number): void {
    const ls = luma(s[si]!, s[si + 1]!, s[si + 2]!);
    const lt = luma(t[ti]!, t[ti + 1]!, t[ti + 2]!);
    // A sky no brighter than the structure gives no share (rather than NaN, which would zero an alpha).
    const share = ls > lt ? max(0, min(1, (luma(c[ci]!, c[ci + 1]!, c[ci + 2]!) - lt) / (ls - lt))) : 0;
    let off = 0;
    for (let k = 0; k < 3; k++) off = max(off, abs(c[ci + k]! - (share * s[si + k]! + (1 - share) * t[ti + k]!)));
    // Brighter than the sky and blue: the sky, lit by a JPEG's sharpening beside the structure.
    if (share === 1 && c[ci + 2]! > c[ci]! + BLUE_OVER_RED && off <= BLUE_OFF) off = 0;
    this.share = share;
    this.off = off;
  }
}

/**
 * In place: photo pixel `p` becomes new sky by `share` (0..1) under the weight `w` (0..1): its
 * alpha raised toward the share (never lowered: a pixel of sky darker than the sky around, a
 * cloud's shaded side, would keep the structure's colour), its colour moved toward what remains
 * once the old sky (`sky`, RGB) is taken out of it (the structure's own, `structure`, from
 * STRUCTURE_ITSELF, where the division would amplify noise), and it is marked in `mixed` (made
 * when null; returned) so that the blend mixes it plainly by its alpha.
 */
export function takeShare(
  pixels: Buffer,
  decided: Uint8Array,
  mixed: Uint8Array | null,
  p: number,
  share: number,
  w: number,
  sky: ArrayLike<number>,
  structure: ArrayLike<number>,
): Uint8Array | null {
  const a = decided[p]!;
  const target = share * 255;
  if (target <= a) return mixed;
  decided[p] = round(a + w * (target - a));
  const i = p * 3;
  for (let k = 0; k < 3; k++) {
    const own = share >= STRUCTURE_ITSELF ? structure[k]! : (pixels[i + k]! - share * sky[k]!) / (1 - share);
    pixels[i + k] = max(0, min(255, round(pixels[i + k]! + w * (own - pixels[i + k]!))));
  }
  mixed ??= new Uint8Array(decided.length);
  mixed[p] = 1;
  return mixed;
}

/** A test's weight: 0 at or past `none`, 1 at or past `full` (either way round), linear between. */
export function ramp([none, full]: readonly [number, number], value: number): number {
  const t = (value - none) / (full - none);
  return t <= 0 ? 0 : t >= 1 ? 1 : t;
}
