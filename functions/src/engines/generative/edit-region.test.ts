import { roomGeometry, renderRoom, type RoomGeometry } from '../fixtures/synthetic-room';
import { editRegion, protectedStructure } from './edit-region';
import { dilate } from './masks';
import { analyseRoom, count } from './room-analysis';

const WIDTH = 384;
const HEIGHT = 288;

function analyse(geometry: RoomGeometry) {
  return analyseRoom({ data: renderRoom(geometry), width: geometry.width, height: geometry.height });
}

/** Share of the truth's pixels the mask covers, and share of the mask outside the truth. */
function score(mask: Uint8Array, geometry: RoomGeometry, truth: (x: number, y: number) => boolean) {
  let truthPixels = 0;
  let hit = 0;
  let outside = 0;
  for (let y = 0; y < geometry.height; y++) {
    for (let x = 0; x < geometry.width; x++) {
      const inTruth = truth(x, y);
      const inMask = mask[y * geometry.width + x] === 1;
      if (inTruth) truthPixels++;
      if (inTruth && inMask) hit++;
      if (!inTruth && inMask) outside++;
    }
  }
  return { recall: hit / truthPixels, spill: outside / Math.max(1, count(mask)) };
}

/** Pixels of a protected part the mask covers. */
function overlap(mask: Uint8Array, geometry: RoomGeometry, part: (x: number, y: number) => boolean): number {
  let total = 0;
  for (let y = 0; y < geometry.height; y++) {
    for (let x = 0; x < geometry.width; x++) if (part(x, y) && mask[y * geometry.width + x]) total++;
  }
  return total;
}

describe('room analysis', () => {
  const geometry = roomGeometry(WIDTH, HEIGHT, true);
  const analysis = analyse(geometry);

  it.each([
    ['floor', analysis.floor, geometry.floor],
    ['ceiling', analysis.ceiling, geometry.ceiling],
    ['window', analysis.windows, geometry.window],
    ['door', analysis.doors, geometry.door],
    ['walls', analysis.walls, geometry.wall],
    ['objects', analysis.objects, geometry.clutter],
  ] as const)('finds the %s', (_name, mask, truth) => {
    const { recall, spill } = score(mask, geometry, truth);
    expect(recall).toBeGreaterThan(0.9);
    expect(spill).toBeLessThan(0.1);
  });

  it('finds the floor line across the room', () => {
    const lines = [...analysis.floorTop].filter((y) => y >= 0);
    expect(lines.length).toBeGreaterThan(WIDTH * 0.95);
    for (const y of lines) expect(Math.abs(y - HEIGHT * 0.62)).toBeLessThanOrEqual(HEIGHT * 0.35);
    expect(lines.filter((y) => Math.abs(y - Math.ceil(HEIGHT * 0.62)) <= 1).length).toBeGreaterThan(WIDTH * 0.6);
  });

  it('finds the structure: the ceiling and floor lines, window and door frames', () => {
    const row = (y: number) => [...analysis.structure.subarray(y * WIDTH, (y + 1) * WIDTH)].reduce((a, b) => a + b, 0);
    const near = (y: number) => Math.max(row(y - 1), row(y), row(y + 1));
    expect(near(Math.round(HEIGHT * 0.14))).toBeGreaterThan(WIDTH * 0.5);
    expect(near(Math.round(HEIGHT * 0.62))).toBeGreaterThan(WIDTH * 0.3);
  });
});

describe('editRegion', () => {
  const empty = roomGeometry(WIDTH, HEIGHT, false);
  const cluttered = roomGeometry(WIDTH, HEIGHT, true);
  const emptyAnalysis = analyse(empty);
  const clutteredAnalysis = analyse(cluttered);
  const protectedParts = [empty.window, empty.door, empty.ceiling];

  it('stages the floor and the free volume above it, never windows, doors or the ceiling', () => {
    const region = editRegion(emptyAnalysis, 'virtual-staging', {});
    expect(score(region, empty, empty.floor).recall).toBeGreaterThan(0.95);
    // The wall just above the floor line (where a sofa stands) is in; the top of the wall is not.
    const y = Math.round(HEIGHT * 0.55);
    expect(region[y * WIDTH + Math.round(WIDTH * 0.45)]).toBe(1);
    expect(region[Math.round(HEIGHT * 0.2) * WIDTH + Math.round(WIDTH * 0.45)]).toBe(0);
    for (const part of protectedParts) expect(overlap(region, empty, part)).toBe(0);
  });

  it('declutters the objects only', () => {
    const region = editRegion(clutteredAnalysis, 'declutter', {});
    expect(score(region, cluttered, cluttered.clutter).recall).toBe(1);
    expect(score(region, cluttered, cluttered.wall).recall).toBeLessThan(0.02);
    for (const part of protectedParts) expect(overlap(region, cluttered, part)).toBe(0);
  });

  it('refreshes furnishings and finishes but keeps the room edges', () => {
    const region = editRegion(clutteredAnalysis, 'room-refresh', {});
    expect(score(region, cluttered, cluttered.clutter).recall).toBeGreaterThan(0.9);
    expect(score(region, cluttered, cluttered.wall).recall).toBeGreaterThan(0.8);
    for (const part of protectedParts) expect(overlap(region, cluttered, part)).toBe(0);
    const junction = Math.round(HEIGHT * 0.14) * WIDTH + Math.round(WIDTH * 0.4);
    expect(region[junction]).toBe(0);
  });

  it("adds the floor only for 'Changer le sol' and the walls only for 'Repeindre les murs en blanc'", () => {
    const declutter = editRegion(clutteredAnalysis, 'declutter', {});
    const floor = editRegion(clutteredAnalysis, 'declutter', { changeFloor: true });
    const walls = editRegion(clutteredAnalysis, 'declutter', { repaintWalls: true });
    expect(score(floor, cluttered, cluttered.floor).recall).toBeGreaterThan(0.95);
    expect(score(floor, cluttered, cluttered.wall).recall).toBeLessThan(0.02);
    expect(score(walls, cluttered, cluttered.wall).recall).toBeGreaterThan(0.9);
    // The floor around the objects is declutter's own margin; the walls option adds at most the
    // one-pixel junction line, which the analysis gives to the wall.
    expect(overlap(walls, cluttered, cluttered.floor)).toBeLessThanOrEqual(
      overlap(declutter, cluttered, cluttered.floor) + WIDTH,
    );
    expect(count(floor)).toBeGreaterThan(count(declutter));
    for (const part of protectedParts) expect(overlap(walls, cluttered, part)).toBe(0);
  });

  it('protects the structure away from the edit region', () => {
    const region = editRegion(emptyAnalysis, 'virtual-staging', {});
    const protectedEdges = protectedStructure(emptyAnalysis, region);
    expect(count(protectedEdges)).toBeGreaterThan(WIDTH * 0.5);
    for (let p = 0; p < protectedEdges.length; p++) if (protectedEdges[p]) expect(region[p]).toBe(0);
    // The window's frame is among them: two pixels of margin keep it out of the region.
    const frame = dilate(protectedEdges, WIDTH, HEIGHT, 0);
    const windowTop = Math.round(HEIGHT * 0.24) * WIDTH + Math.round(WIDTH * 0.7);
    expect(Math.max(frame[windowTop - WIDTH]!, frame[windowTop]!, frame[windowTop + WIDTH]!)).toBe(1);
  });
});
