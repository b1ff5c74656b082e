/**
 * The region each generative type may repaint (decision 61), from the room analysis:
 * - virtual staging: the floor and the free volume above it, where furniture stands (per column,
 *   up from the floor line by 55 % of the floor visible below it: nearer floor, taller furniture);
 * - declutter: the objects;
 * - room refresh: the furnishings and finishes (objects, floor, walls);
 * - 'Changer le sol' adds the floor only, 'Repeindre les murs en blanc' the walls only.
 * Windows, doors and the ceiling are always taken out; for refresh, which covers the walls, the
 * room's edges (long straight edges) are taken out too. Everything else stays the original's pixels.
 */
import type { TransformationOptions, TransformationType } from '@vitrine/shared';
import { dilate } from './masks';
import type { RoomAnalysis } from './room-analysis';

const { max, round } = Math;

/** Analysis pixels kept clear around windows, doors, the ceiling (and room edges for refresh). */
const PROTECTED_MARGIN = 2;

/** Per column, how far above the floor line the staging volume reaches, per row of floor below it. */
const STAGING_VOLUME_RATIO = 0.55;

export function editRegion(
  analysis: RoomAnalysis,
  type: TransformationType,
  options: TransformationOptions,
): Uint8Array {
  const { width, height } = analysis;
  const region = new Uint8Array(width * height);
  const add = (mask: Uint8Array) => {
    for (let p = 0; p < region.length; p++) if (mask[p]) region[p] = 1;
  };
  switch (type) {
    case 'virtual-staging':
      add(analysis.floor);
      add(stagingVolume(analysis));
      break;
    case 'declutter':
      add(dilate(analysis.objects, width, height, max(1, round(Math.min(width, height) * 0.01))));
      break;
    case 'room-refresh':
      add(analysis.objects);
      add(analysis.floor);
      add(analysis.walls);
      break;
    default:
      throw new Error(`${type} has no generative edit region`);
  }
  if (options.changeFloor) add(analysis.floor);
  if (options.repaintWalls) add(analysis.walls);

  // With a margin of two pixels (about 0.5 % of the photo): the feathering and the provider's own
  // mask growth stay off the protected parts' frames.
  const protectedParts = [analysis.windows, analysis.doors, analysis.ceiling];
  if (type === 'room-refresh') protectedParts.push(analysis.structure);
  for (const part of protectedParts) {
    const margin = dilate(part, width, height, PROTECTED_MARGIN);
    for (let p = 0; p < region.length; p++) if (margin[p]) region[p] = 0;
  }
  return region;
}

/** Above each column's floor line, up to a height proportional to the floor seen below it. */
function stagingVolume(analysis: RoomAnalysis): Uint8Array {
  const { width, height, floorTop } = analysis;
  const volume = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) {
    const top = floorTop[x]!;
    if (top < 0) continue;
    const reach = round((height - top) * STAGING_VOLUME_RATIO);
    for (let y = max(0, top - reach); y < top; y++) volume[y * width + x] = 1;
  }
  return volume;
}

/**
 * Where the provider must not have changed anything: the room's structure (long straight edges)
 * outside the edit region, the frames of windows and doors and the ceiling line included.
 */
export function protectedStructure(analysis: RoomAnalysis, region: Uint8Array): Uint8Array {
  const out = new Uint8Array(analysis.width * analysis.height);
  for (let p = 0; p < out.length; p++) out[p] = analysis.structure[p] && !region[p] ? 1 : 0;
  return out;
}
