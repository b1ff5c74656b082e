/**
 * A sun on the skyline (decision 147): its glare washes out the land under it, so neither colour
 * nor edges show where the skyline runs there, and the cut follows the glare down into the hills
 * (sunset-hills: a V bitten into the ridge). Under the glare the skyline is taken as the straight
 * line between the skylines either side of it; the glare under that line stays, and the new sky
 * fades into it (`sky-seams.ts`: a clipped kept side is glare, not land).
 */

import { lowestSetRow } from './raster';

// Local bindings: a global lookup of `Math` in a hot loop is ~100x slower inside jest's vm context.
const { floor, max, min } = Math;

/**
 * A channel at least this high is clipped: the sensor saturated. The sun's disc is clipped in every
 * channel (3x3 means); under its glare no land shows.
 */
export const CLIPPED = 250;

/** A disc fills at least this share of its bounding box, and is at least this share as tall as wide. */
const SUN_FILL = 0.5;
const SUN_ROUND = 0.5;
/** On the skyline: the sky under the disc ends within this share of the height below it. */
const SUN_NEAR = 0.1;

/** Whether thumbnail pixel p is clipped in every channel of `calm` (3x3 means): white past the sensor's limit. */
export function clippedWhite(calm: Float32Array[], p: number): boolean {
  return min(calm[0]![p]!, calm[1]![p]!, calm[2]![p]!) >= CLIPPED;
}

/**
 * In place on the thumbnail's sky labels (1 sky): where a sun sits on the skyline, the sky in the
 * columns under its glare (the disc and its width again each side) ends on the straight line between
 * the skylines at either side. `calm` holds the 3x3-mean channels.
 */
export function keepSkylineUnderGlare(sky: Uint8Array, calm: Float32Array[], width: number, height: number): void {
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  let count = 0;
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      if (!sky[p] || !clippedWhite(calm, p)) continue;
      left = min(left, x);
      right = max(right, x);
      top = min(top, y);
      bottom = max(bottom, y);
      count++;
    }
  }
  if (count === 0) return;
  // Clipped clouds or an overexposed haze are no disc: they are wide, or scattered.
  const discWidth = right - left + 1;
  const discHeight = bottom - top + 1;
  if (count < SUN_FILL * discWidth * discHeight || discHeight < SUN_ROUND * discWidth) return;
  const lowestSky = (x: number): number => lowestSetRow(sky, width, height, x);
  let onSkyline = false;
  for (let x = left; x <= right; x++) if (lowestSky(x) - bottom <= SUN_NEAR * height) onSkyline = true;
  const from = left - discWidth - 1;
  const to = right + discWidth + 1;
  if (!onSkyline || from < 0 || to >= width) return;
  const fromRow = lowestSky(from);
  const toRow = lowestSky(to);
  if (fromRow < 0 || toRow < 0) return;
  for (let x = from + 1; x < to; x++) {
    const line = floor(fromRow + ((toRow - fromRow) * (x - from)) / (to - from));
    for (let y = line + 1; y < height; y++) sky[y * width + x] = 0;
  }
}
