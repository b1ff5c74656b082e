/**
 * Did the provider move the room? (decision 61) The long straight edges of the original that lie
 * away from the edit region (wall, floor and ceiling junctions, window and door frames) must still
 * be edges in the provider's answer, within two pixels at the analysis size. A model that redrew
 * the whole photo (a shifted perspective, a moved window, another room) loses most of them; one
 * that painted inside its mask keeps them all. Compositing alone would hide such a result's outside
 * but leave seams where the redrawn room meets the original, so it is checked before compositing.
 */
import type { Raster } from '../local/raster';
import { sobel } from './room-analysis';

/** Below this share of kept structure the result is refused (retried once with a new seed). */
export const MIN_STRUCTURE_KEPT = 0.7;
/** Fewer protected edge pixels than this: nothing to compare, the check passes. */
const MIN_EDGE_PIXELS = 20;

const { max, min } = Math;

/** The share (0-1) of the protected edge pixels still on an edge in `result` (same size as the original). */
export function structureKept(result: Raster, protectedEdges: Uint8Array): number {
  const { width, height } = result;
  let total = 0;
  for (const value of protectedEdges) total += value;
  if (total < MIN_EDGE_PIXELS) return 1;
  const luma = new Float32Array(width * height);
  const { data } = result;
  for (let p = 0; p < luma.length; p++)
    luma[p] = 0.299 * data[p * 3]! + 0.587 * data[p * 3 + 1]! + 0.114 * data[p * 3 + 2]!;
  const { magnitude } = sobel(luma, width, height);
  const edge = 12;
  let kept = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!protectedEdges[y * width + x]) continue;
      search: for (let dy = max(0, y - 2); dy <= min(height - 1, y + 2); dy++) {
        for (let dx = max(0, x - 2); dx <= min(width - 1, x + 2); dx++) {
          if (magnitude[dy * width + dx]! > edge) {
            kept++;
            break search;
          }
        }
      }
    }
  }
  return kept / total;
}
