/**
 * The colours a sky has before anything is learnt from the photo: blue (any brightness a storm or
 * dusk keeps), or bright and neutral like clouds and overcast. Shared by the core detector, the
 * segmentation's first guess and the full-resolution skyline.
 */
import { luma } from './raster';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context,
// and an imported binding is a getter once transpiled to CommonJS (jest, tsx).
const { max, min } = Math;
const lumaOf = luma;

/** Darkest blue that is sky: a storm or dusk sky is dark, and darker blues are shadows. */
const MIN_BLUE_LUMA = 40;
/** A pinkish overcast: blue above green by this much, red above blue by at most this much. */
const PINK_MARGIN = 3;
const MAX_PINK = 15;

export type SkyColour = 'blue' | 'neutral';

export function isBlueSky(r: number, g: number, b: number, l: number): boolean {
  return b > r + 8 && b >= g - 6 && l > MIN_BLUE_LUMA;
}

/**
 * Bright, unsaturated and not warm: clouds and overcast skies are neutral to cool, while the pale
 * surfaces that could pass for them (a cream facade, a ceiling lit by the room) lean warm.
 */
export function isOvercastWhite(r: number, g: number, b: number, l: number): boolean {
  if (l <= 170 || max(r, g, b) - min(r, g, b) >= 40) return false;
  // Cool or neutral; or a faint pink (an overcast lit by a low sun), whose blue still exceeds its
  // green, unlike cream and beige, whose blue is their weakest channel.
  return b >= r - 3 || (b >= g + PINK_MARGIN && r - b <= MAX_PINK);
}

export function skyColour(r: number, g: number, b: number, l: number): SkyColour | null {
  if (isBlueSky(r, g, b, l)) return 'blue';
  return isOvercastWhite(r, g, b, l) ? 'neutral' : null;
}

/** A sunset's glow: red over blue by at least this much... */
const GLOW_WARMTH = 20;
/** ...and, as it brightens toward the horizon, no darker than the sky just above it less this (luma). */
export const GLOW_DARKER = 2;

/** Whether a colour is as warm as a sunset's glow (decisions 083 and 160). */
export function isGlowWarm(r: number, b: number): boolean {
  return r >= b + GLOW_WARMTH;
}

/** Whether a pixel has the colour of sky. */
export function looksLikeSky(r: number, g: number, b: number): boolean {
  return skyColour(r, g, b, lumaOf(r, g, b)) !== null;
}
