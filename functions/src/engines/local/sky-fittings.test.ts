import { keepBrightFittings, type FittingTests } from './sky-fittings';

const WIDTH = 200;
const ROWS = 120;

/** A band decided all sky but for a kept roof from row 100 and the kept pixels `kept` gives. */
function band(kept: (x: number, y: number) => boolean = () => false): Uint8Array {
  const decided = new Uint8Array(WIDTH * ROWS).fill(255);
  for (let y = 0; y < ROWS; y++) {
    for (let x = 0; x < WIDTH; x++) if (y >= 100 || kept(x, y)) decided[y * WIDTH + x] = 0;
  }
  return decided;
}

/** The offsets of the pixels `inside` holds, as `decideRow` lists the bright ones it decided sky. */
function offsets(inside: (x: number, y: number) => boolean): Int32Array {
  const list: number[] = [];
  for (let y = 0; y < ROWS; y++) for (let x = 0; x < WIDTH; x++) if (inside(x, y)) list.push(y * WIDTH + x);
  return Int32Array.from(list);
}

/** `inside` read at a pixel offset of the band. */
const at = (inside: (x: number, y: number) => boolean) => (p: number) => inside(p % WIDTH, Math.floor(p / WIDTH));

/** A thing bright where `inside` holds, standing out of the sky around it, on ground wherever kept. */
function tests(inside: (x: number, y: number) => boolean): FittingTests {
  return { bright: at(inside), standsOut: at(inside), ground: () => true };
}

function keptWithin(decided: Uint8Array, inside: (x: number, y: number) => boolean): number {
  let kept = 0;
  for (let y = 0; y < ROWS; y++)
    for (let x = 0; x < WIDTH; x++) if (inside(x, y) && decided[y * WIDTH + x]! < 128) kept++;
  return kept;
}

describe('keepBrightFittings', () => {
  it("keeps a small bright thing joined to kept pixels: a white cross's arms and top over its kept post", () => {
    const post = (x: number, y: number) => x >= 98 && x <= 101 && y >= 80 && y < 100;
    const cross = (x: number, y: number) =>
      (x >= 98 && x <= 101 && y >= 60 && y < 80) || (x >= 92 && x <= 107 && y >= 66 && y < 70);
    const decided = band(post);
    const kept = keepBrightFittings(decided, WIDTH, ROWS, offsets(cross), tests(cross));
    expect(kept).toBe(offsets(cross).length);
    expect(keptWithin(decided, cross)).toBe(offsets(cross).length);
    // The sky around it stays sky.
    expect(decided[65 * WIDTH + 90]).toBe(255);
    expect(decided[75 * WIDTH + 96]).toBe(255);
  });

  it('leaves a bright patch floating in the sky, joined to nothing kept (a small cloud)', () => {
    const puff = (x: number, y: number) => x >= 40 && x < 52 && y >= 20 && y < 28;
    const decided = band();
    expect(keepBrightFittings(decided, WIDTH, ROWS, offsets(puff), tests(puff))).toBe(0);
    expect(keptWithin(decided, puff)).toBe(0);
  });

  it('leaves a bright cloud on the roof, too large for a fitting, even where only its edge was listed', () => {
    const cloud = (x: number, y: number) => x >= 20 && x < 140 && y >= 60 && y < 100;
    // Only a few columns at each end were checked pixel by pixel (the thumbnail's contrasted cells).
    const listed = (x: number, y: number) => cloud(x, y) && (x < 26 || x >= 134);
    const decided = band();
    expect(keepBrightFittings(decided, WIDTH, ROWS, offsets(listed), tests(cloud))).toBe(0);
    expect(keptWithin(decided, cloud)).toBe(0);
  });

  it('leaves a bright wisp over kept pixels of old sky, or over a short kept scrap, not a structure', () => {
    const wisp = (x: number, y: number) => x >= 60 && x < 72 && y >= 30 && y < 34;
    // A block of old cloud under it, kept by the decisions and running down to the roof.
    const block = (x: number, y: number) => x >= 56 && x < 80 && y >= 34 && y < 100;
    let decided = band(block);
    expect(
      keepBrightFittings(decided, WIDTH, ROWS, offsets(wisp), { ...tests(wisp), ground: (p) => !at(block)(p) }),
    ).toBe(0);
    // A few darker pixels kept under it, with sky under them.
    const scrap = (x: number, y: number) => x >= 62 && x < 66 && y >= 34 && y < 38;
    decided = band(scrap);
    expect(keepBrightFittings(decided, WIDTH, ROWS, offsets(wisp), tests(wisp))).toBe(0);
    expect(keptWithin(decided, wisp)).toBe(0);
  });

  it("leaves a cloud's bright heart on a roof, which fades into the cloud rather than standing out of it", () => {
    const heart = (x: number, y: number) => x >= 90 && x < 104 && y >= 84 && y < 100;
    // Only its top row stands out (of the sky over the cloud); the rest lies in paler cloud.
    const decided = band();
    const kept = keepBrightFittings(decided, WIDTH, ROWS, offsets(heart), {
      bright: at(heart),
      standsOut: (p) => Math.floor(p / WIDTH) === 84,
      ground: () => true,
    });
    expect(kept).toBe(0);
  });

  it('scales its limits with the width: the same cross at four times the size stays', () => {
    const width = 4 * 1024;
    const rows = 400;
    const decided = new Uint8Array(width * rows).fill(255);
    const post = (x: number, y: number) => x >= 2000 && x < 2016 && y >= 320;
    const cross = (x: number, y: number) =>
      (x >= 2000 && x < 2016 && y >= 240 && y < 320) || (x >= 1976 && x < 2040 && y >= 264 && y < 280);
    const list: number[] = [];
    for (let y = 0; y < rows; y++) {
      for (let x = 1900; x < 2100; x++) {
        if (post(x, y)) decided[y * width + x] = 0;
        if (cross(x, y)) list.push(y * width + x);
      }
    }
    const inCross = (p: number) => cross(p % width, Math.floor(p / width));
    const kept = keepBrightFittings(decided, width, rows, Int32Array.from(list), {
      bright: inCross,
      standsOut: inCross,
      ground: () => true,
    });
    expect(kept).toBe(list.length);
  });
});
