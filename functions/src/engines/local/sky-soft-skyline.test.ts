import { luma } from './raster';
import { keySoftSkyline } from './sky-soft-skyline';

const WIDTH = 320;
const ROWS = 160;
const SKY = [120, 140, 190] as const;
const TREES = [40, 46, 52] as const;

/** A smooth sky over a ground whose top, at `skyline(x)`, fades into the sky over `blur` rows (1: a sharp edge). */
function photo(skyline: (x: number) => number, blur: (x: number) => number, ground: readonly number[] = TREES): Buffer {
  const pixels = Buffer.alloc(WIDTH * ROWS * 3);
  for (let y = 0; y < ROWS; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const share = Math.max(0, Math.min(1, 0.5 - (y - skyline(x)) / blur(x)));
      const i = (y * WIDTH + x) * 3;
      for (let k = 0; k < 3; k++) pixels[i + k] = Math.round(share * SKY[k]! + (1 - share) * ground[k]!);
    }
  }
  return pixels;
}

/** The decisions as the thumbnail's grid cuts them: pure sky down to `edge(x)`, ground below. */
function decisions(edge: (x: number) => number): Uint8Array {
  const decided = new Uint8Array(WIDTH * ROWS);
  for (let y = 0; y < ROWS; y++) for (let x = 0; x < WIDTH; x++) decided[y * WIDTH + x] = y < edge(x) ? 255 : 0;
  return decided;
}

/** A wavy tree line, its top at row 80 give or take 6. */
const treeLine = (x: number) => 80 + 6 * Math.sin(x / 25);
/** The decisions' edge: flat steps 20 px wide, each a little over the highest of the tree line's top over it. */
const steps = (x: number) =>
  Math.floor(Math.min(...[0, 5, 10, 15, 19].map((d) => treeLine(Math.floor(x / 20) * 20 + d)))) - 4;

function changed(decided: Uint8Array, before: Uint8Array): number {
  return decided.reduce((count, a, p) => count + (a === before[p] ? 0 : 1), 0);
}

describe('keySoftSkyline', () => {
  it('takes a blurred tree line by its share of sky, down each column, whatever the steps the decisions cut', () => {
    const pixels = photo(treeLine, () => 20);
    const original = Buffer.from(pixels);
    const decided = decisions(steps);
    const mixed = keySoftSkyline(pixels, decided, WIDTH, ROWS, null);
    expect(mixed).not.toBeNull();
    // Away from the frame's sides (where the averaged weight falls), each pixel of the blur shows
    // the new sky by its own share of the old, its alpha following the photo rather than the steps.
    let worst = 0;
    for (let x = 40; x < WIDTH - 40; x++) {
      for (let y = Math.ceil(steps(x)); y < treeLine(x) + 8; y++) {
        const i = (y * WIDTH + x) * 3;
        const share =
          (luma(original[i]!, original[i + 1]!, original[i + 2]!) - luma(...TREES)) / (luma(...SKY) - luma(...TREES));
        worst = Math.max(worst, Math.abs(decided[y * WIDTH + x]! / 255 - share));
      }
    }
    expect(worst).toBeLessThan(0.15);
    // A pixel taken keeps the trees' colour, the old sky's share taken out of it.
    const half = Math.round(treeLine(160)) * WIDTH + 160;
    expect(mixed![half]).toBe(1);
    for (let k = 0; k < 3; k++) expect(Math.abs(pixels[half * 3 + k]! - TREES[k]!)).toBeLessThan(10);
  });

  it('leaves a sharp edge (a roof) as the decisions cut it', () => {
    const pixels = photo(treeLine, () => 1);
    const decided = decisions(steps);
    const before = Uint8Array.from(decided);
    expect(keySoftSkyline(pixels, decided, WIDTH, ROWS, null)).toBeNull();
    expect(changed(decided, before)).toBe(0);
  });

  it('leaves a few soft columns among sharp ones (a crown in leaf), which make no soft skyline', () => {
    const pixels = photo(treeLine, (x) => (x % 60 < 3 ? 24 : 1));
    const decided = decisions(steps);
    const before = Uint8Array.from(decided);
    keySoftSkyline(pixels, decided, WIDTH, ROWS, null);
    expect(changed(decided, before)).toBe(0);
  });

  it('leaves a ground paler than the sky (a white wall under a blue sky)', () => {
    const pixels = photo(treeLine, () => 24, [230, 228, 222]);
    const decided = decisions(steps);
    const before = Uint8Array.from(decided);
    expect(keySoftSkyline(pixels, decided, WIDTH, ROWS, null)).toBeNull();
    expect(changed(decided, before)).toBe(0);
  });

  it('never lowers the sky decided, even where the photo darkens under it (a cloud’s shaded side)', () => {
    const pixels = photo(treeLine, () => 24);
    // The decisions took the blur down to its foot: the key would ask less sky of its lower half.
    const decided = decisions((x) => treeLine(x) + 10);
    const before = Uint8Array.from(decided);
    keySoftSkyline(pixels, decided, WIDTH, ROWS, null);
    for (let p = 0; p < decided.length; p++) expect(decided[p]).toBeGreaterThanOrEqual(before[p]!);
  });
});
