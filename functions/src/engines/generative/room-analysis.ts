/**
 * Where the parts of a room are in a photo, by classical image analysis on a small copy (decision
 * 61): no model, only colour, brightness and edges, so it runs in the image-steps Lambda in a few
 * milliseconds and is the same locally and in AWS. The method, and where it fails:
 *
 * - ceiling: grown from the middle of the top row over colour-continuous pixels, upper 40 % only;
 * - floor: grown from the bottom row (its dominant colour) over colour-continuous pixels, stopping at
 *   strong edges, lower 70 % only; its top per column is the floor line;
 * - windows: bright blobs on the wall (brighter than the wall by 30 levels and at least 200), as
 *   their bounding box, frame included;
 * - doors: tall blobs of another colour than the wall that stand on the floor line;
 * - walls: the rest of the band between ceiling and floor close to the wall's median colour;
 * - objects: whatever is left (furniture, boxes, pictures), as blobs;
 * - structure: long straight edges (horizontal runs over 6 % of the width, vertical runs over 6 % of
 *   the height): the junctions of walls, floor and ceiling, window and door frames.
 *
 * Limits, honestly: a floor the colour of the walls is found as floor up to the first edge only; a
 * window showing a darker scene than the wall is not found (it is then a wall or an object); a door
 * the wall's colour is a wall; slanted junctions in strong perspective are not 'structure' (only
 * near-horizontal and near-vertical runs are). The analysis only decides where the provider may
 * paint: the structure check (structure-check.ts) is what catches a result that moved the room.
 */
import type { Raster } from '../local/raster';
import { open } from './masks';

const { abs, max, min, round, sqrt } = Math;

/** The side of the copy the analysis runs on: enough for walls and windows, cheap at 12 MP. */
export const ANALYSIS_SIDE = 384;

export interface RoomAnalysis {
  width: number;
  height: number;
  /** One byte per pixel, 1 where the part is. */
  ceiling: Uint8Array;
  floor: Uint8Array;
  walls: Uint8Array;
  windows: Uint8Array;
  doors: Uint8Array;
  objects: Uint8Array;
  structure: Uint8Array;
  /** Per column, the first floor row (the floor line), or -1 where the column has no floor. */
  floorTop: Int32Array;
}

export function analyseRoom(raster: Raster): RoomAnalysis {
  const { width, height, data } = raster;
  const size = width * height;
  const luma = new Float32Array(size);
  for (let p = 0; p < size; p++) luma[p] = 0.299 * data[p * 3]! + 0.587 * data[p * 3 + 1]! + 0.114 * data[p * 3 + 2]!;
  const { magnitude, horizontal } = sobel(luma, width, height);
  const strongEdge = percentile(magnitude, 0.9) * 1.5 + 20;

  const ceiling = grow(raster, magnitude, strongEdge, seedsOnRow(raster, 0, 0.3, 0.7), (_x, y) => y < height * 0.4);
  const floor = grow(
    raster,
    magnitude,
    strongEdge,
    seedsOnRow(raster, height - 1, 0.05, 0.95),
    (_x, y) => y > height * 0.3,
  );
  if (count(ceiling) < size * 0.01) ceiling.fill(0);
  const floorTop = new Int32Array(width).fill(-1);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) {
      if (floor[y * width + x]) {
        floorTop[x] = y;
        break;
      }
    }
  }

  // The wall's colour: the median of what is neither floor nor ceiling between them.
  const band = new Uint8Array(size);
  for (let p = 0; p < size; p++) band[p] = ceiling[p] || floor[p] ? 0 : 1;
  const wallColour = medianColour(raster, band);
  const wallLuma = 0.299 * wallColour[0] + 0.587 * wallColour[1] + 0.114 * wallColour[2];
  const nearWall = (p: number) => colourDistance(data, p, wallColour) < 48;

  const bright = new Uint8Array(size);
  const brightLevel = max(200, wallLuma + 30);
  for (let p = 0; p < size; p++) if (band[p] && luma[p]! >= brightLevel) bright[p] = 1;
  const windows = boxesOf(bright, width, height, size * 0.002, () => true);

  // Opened: the thin lines along the floor and ceiling junctions are edges, not objects.
  const unexplained = new Uint8Array(size);
  for (let p = 0; p < size; p++) if (band[p] && !windows[p] && !nearWall(p)) unexplained[p] = 1;
  const other = open(unexplained, width, height, 1);
  const roomHeight = max(1, median(floorTop.filter((y) => y >= 0)) - rowsOf(ceiling, width, height));
  const doors = boxesOf(other, width, height, size * 0.005, (box) => {
    const tall = box.bottom - box.top >= roomHeight * 0.45 && box.bottom - box.top >= (box.right - box.left) * 1.4;
    const lineUnder = floorTop[round((box.left + box.right) / 2)] ?? -1;
    return tall && lineUnder >= 0 && abs(box.bottom - lineUnder) <= height * 0.06;
  });

  const walls = new Uint8Array(size);
  const objects = new Uint8Array(size);
  for (let p = 0; p < size; p++) {
    if (!band[p] || windows[p] || doors[p]) continue;
    if (other[p]) objects[p] = 1;
    else walls[p] = 1;
  }
  const objectBlobs = boxesOf(objects, width, height, size * 0.0005, () => true, false);

  return {
    width,
    height,
    ceiling,
    floor,
    walls,
    windows,
    doors,
    objects: objectBlobs,
    structure: longEdges(magnitude, horizontal, width, height, strongEdge * 0.6),
    floorTop,
  };
}

/** 3x3 Sobel on luma (also the structure check's): gradient magnitude, and whether the edge runs horizontally (|gy| >= |gx|). */
export function sobel(luma: Float32Array, width: number, height: number) {
  const magnitude = new Float32Array(width * height);
  const horizontal = new Uint8Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      const a = luma[p - width - 1]!;
      const b = luma[p - width]!;
      const c = luma[p - width + 1]!;
      const d = luma[p - 1]!;
      const f = luma[p + 1]!;
      const g = luma[p + width - 1]!;
      const h = luma[p + width]!;
      const i = luma[p + width + 1]!;
      const gx = c + 2 * f + i - a - 2 * d - g;
      const gy = g + 2 * h + i - a - 2 * b - c;
      magnitude[p] = sqrt(gx * gx + gy * gy) / 4;
      horizontal[p] = abs(gy) >= abs(gx) ? 1 : 0;
    }
  }
  return { magnitude, horizontal };
}

/** Seeds on one row between two fractions of the width, keeping the row's dominant colour only. */
function seedsOnRow(raster: Raster, y: number, from: number, to: number): number[] {
  const { width, data } = raster;
  const candidates: number[] = [];
  for (let x = round(width * from); x < round(width * to); x++) candidates.push(y * width + x);
  const mask = new Uint8Array(width * raster.height);
  for (const p of candidates) mask[p] = 1;
  const colour = medianColour(raster, mask);
  return candidates.filter((p) => colourDistance(data, p, colour) < 30);
}

/**
 * Region growing over 4-neighbours: a pixel joins when it is close in colour to the neighbour it
 * is reached from (continuity) and to the seeds' median (the same surface), and is not on a strong edge.
 */
function grow(
  raster: Raster,
  magnitude: Float32Array,
  strongEdge: number,
  seeds: number[],
  allowed: (x: number, y: number) => boolean,
): Uint8Array {
  const { width, height, data } = raster;
  const region = new Uint8Array(width * height);
  if (seeds.length === 0) return region;
  const seedMask = new Uint8Array(width * height);
  for (const p of seeds) seedMask[p] = 1;
  const reference = medianColour(raster, seedMask);
  const queue = new Int32Array(width * height);
  let head = 0;
  let tail = 0;
  for (const p of seeds) {
    region[p] = 1;
    queue[tail++] = p;
  }
  while (head < tail) {
    const p = queue[head++]!;
    const x = p % width;
    const y = (p - x) / width;
    const neighbours = [
      x > 0 ? p - 1 : -1,
      x < width - 1 ? p + 1 : -1,
      y > 0 ? p - width : -1,
      y < height - 1 ? p + width : -1,
    ];
    for (const q of neighbours) {
      if (q < 0 || region[q]) continue;
      const qx = q % width;
      if (!allowed(qx, (q - qx) / width) || magnitude[q]! > strongEdge) continue;
      if (pixelDistance(data, p, q) > 18 || colourDistance(data, q, reference) > 64) continue;
      region[q] = 1;
      queue[tail++] = q;
    }
  }
  return region;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
  area: number;
}

/**
 * Connected blobs of a mask (8-neighbours) of at least `minArea` pixels that `keep` accepts, as their
 * filled bounding boxes (windows, doors), or as the blob's own pixels when `filled` is false.
 */
function boxesOf(
  mask: Uint8Array,
  width: number,
  height: number,
  minArea: number,
  keep: (box: Box) => boolean,
  filled = true,
): Uint8Array {
  const out = new Uint8Array(width * height);
  const label = new Int32Array(width * height);
  const queue = new Int32Array(width * height);
  let next = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start]) continue;
    next++;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    label[start] = next;
    const box: Box = { left: width, top: height, right: 0, bottom: 0, area: 0 };
    while (head < tail) {
      const p = queue[head++]!;
      const x = p % width;
      const y = (p - x) / width;
      box.area++;
      box.left = min(box.left, x);
      box.right = max(box.right, x);
      box.top = min(box.top, y);
      box.bottom = max(box.bottom, y);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const q = ny * width + nx;
          if (mask[q] && !label[q]) {
            label[q] = next;
            queue[tail++] = q;
          }
        }
      }
    }
    if (box.area < minArea || !keep(box)) continue;
    for (let y = box.top; y <= box.bottom; y++) {
      for (let x = box.left; x <= box.right; x++) {
        const p = y * width + x;
        if (filled || label[p] === next) out[p] = 1;
      }
    }
  }
  return out;
}

/** Horizontal edge runs of 6 % of the width and vertical ones of 6 % of the height. */
function longEdges(
  magnitude: Float32Array,
  horizontal: Uint8Array,
  width: number,
  height: number,
  threshold: number,
): Uint8Array {
  const out = new Uint8Array(width * height);
  const minRow = max(4, round(width * 0.06));
  const minColumn = max(4, round(height * 0.06));
  for (let y = 0; y < height; y++) {
    let start = 0;
    for (let x = 0; x <= width; x++) {
      const p = y * width + x;
      const on = x < width && magnitude[p]! > threshold && horizontal[p] === 1;
      if (on) continue;
      if (x - start >= minRow) out.fill(1, y * width + start, y * width + x);
      start = x + 1;
    }
  }
  for (let x = 0; x < width; x++) {
    let start = 0;
    for (let y = 0; y <= height; y++) {
      const on = y < height && magnitude[y * width + x]! > threshold && horizontal[y * width + x] === 0;
      if (on) continue;
      if (y - start >= minColumn) for (let k = start; k < y; k++) out[k * width + x] = 1;
      start = y + 1;
    }
  }
  return out;
}

/** The lowest row the ceiling reaches (0 without a ceiling). */
function rowsOf(mask: Uint8Array, width: number, height: number): number {
  for (let y = height - 1; y >= 0; y--) {
    for (let x = 0; x < width; x++) if (mask[y * width + x]) return y + 1;
  }
  return 0;
}

function medianColour(raster: Raster, mask: Uint8Array): [number, number, number] {
  const histograms = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)];
  let total = 0;
  for (let p = 0; p < mask.length; p++) {
    if (!mask[p]) continue;
    total++;
    for (let c = 0; c < 3; c++) histograms[c]![raster.data[p * 3 + c]!]!++;
  }
  return histograms.map((histogram) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += histogram[v]!;
      if (seen * 2 >= total) return v;
    }
    return 0;
  }) as [number, number, number];
}

function colourDistance(data: Buffer, p: number, colour: readonly number[]): number {
  const r = data[p * 3]! - colour[0]!;
  const g = data[p * 3 + 1]! - colour[1]!;
  const b = data[p * 3 + 2]! - colour[2]!;
  return sqrt(r * r + g * g + b * b);
}

function pixelDistance(data: Buffer, p: number, q: number): number {
  const r = data[p * 3]! - data[q * 3]!;
  const g = data[p * 3 + 1]! - data[q * 3 + 1]!;
  const b = data[p * 3 + 2]! - data[q * 3 + 2]!;
  return sqrt(r * r + g * g + b * b);
}

function percentile(values: Float32Array, fraction: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[min(sorted.length - 1, round(sorted.length * fraction))] ?? 0;
}

function median(values: Int32Array): number {
  if (values.length === 0) return 0;
  const sorted = Int32Array.from(values).sort();
  return sorted[sorted.length >> 1]!;
}

export function count(mask: Uint8Array): number {
  let total = 0;
  for (const value of mask) total += value;
  return total;
}
