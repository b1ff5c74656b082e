import { takeSkySeenThrough } from './sky-seen-through';

const WIDTH = 400;
const ROWS = 240;
const SKY = [150, 185, 230] as const;
const BARK = [45, 38, 34] as const;

/** A smooth blue sky, a little paler toward the bottom, with `paint` giving the colour of the other pixels. */
function photo(paint: (x: number, y: number) => readonly number[] | null): Buffer {
  const pixels = Buffer.alloc(WIDTH * ROWS * 3);
  for (let y = 0; y < ROWS; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      const colour = paint(x, y) ?? SKY.map((c) => c + (y / ROWS) * 12);
      for (let k = 0; k < 3; k++) pixels[i + k] = colour[k]!;
    }
  }
  return pixels;
}

/** Decided pure sky everywhere but inside `kept`, which the band's decisions kept whole. */
function decisions(kept: (x: number, y: number) => boolean): Uint8Array {
  const decided = new Uint8Array(WIDTH * ROWS).fill(255);
  for (let y = 0; y < ROWS; y++) for (let x = 0; x < WIDTH; x++) if (kept(x, y)) decided[y * WIDTH + x] = 0;
  return decided;
}

/** The crown's area, from the right of the frame: the thumbnail called it ground. */
const crown = (x: number, y: number) => x >= 120 && y >= 40;
/** A bare crown's twigs: two crossing families of thin dark lines, 1 px wide, 3 and 5 px apart. */
const twig = (x: number, y: number) => crown(x, y) && ((x + y) % 3 === 0 || (x - y + 600) % 5 === 0);

/** How many decisions differ. */
function changed(decided: Uint8Array, before: Uint8Array): number {
  return decided.reduce((count, a, p) => count + (a === before[p] ? 0 : 1), 0);
}

function taken(decided: Uint8Array, where: (x: number, y: number) => boolean): { count: number; mean: number } {
  let count = 0;
  let sum = 0;
  for (let y = 50; y < ROWS - 10; y++) {
    for (let x = 130; x < WIDTH - 10; x++) {
      if (!where(x, y)) continue;
      count++;
      sum += decided[y * WIDTH + x]!;
    }
  }
  return { count, mean: sum / count };
}

describe('takeSkySeenThrough', () => {
  it('takes the sky seen between the twigs of a bare crown the decisions kept, and keeps the twigs', () => {
    const pixels = photo((x, y) => (twig(x, y) ? BARK : null));
    const decided = decisions(crown);
    const mixed = takeSkySeenThrough(pixels, decided, WIDTH, ROWS, null);
    expect(mixed).not.toBeNull();
    const gaps = taken(decided, (x, y) => crown(x, y) && !twig(x, y));
    const twigs = taken(decided, twig);
    // Nearly every gap is new sky, nearly every twig stays.
    expect(gaps.mean).toBeGreaterThan(240);
    expect(twigs.mean).toBeLessThan(20);
    // A taken pixel is marked to be mixed plainly by its alpha, the bark keeping its colour.
    expect(mixed![100 * WIDTH + 201]).toBe(1);
    const twigPixel = (100 * WIDTH + 200) * 3;
    expect([...pixels.subarray(twigPixel, twigPixel + 3)]).toEqual([...BARK]);
  });

  it("leaves a flat wall of the sky's own colour whose windows are as dark and thin as twigs", () => {
    // A hazy far building: the sky's grey-blue, with dark window slits 2 px wide every 12 px.
    const window = (x: number, y: number) => crown(x, y) && x % 12 < 2 && y % 16 < 10;
    const pixels = photo((x, y) => (window(x, y) ? BARK : crown(x, y) ? [148, 182, 226] : null));
    const decided = decisions(crown);
    const before = Uint8Array.from(decided);
    expect(takeSkySeenThrough(pixels, decided, WIDTH, ROWS, null)).toBeNull();
    expect(changed(decided, before)).toBe(0);
  });

  it('leaves a crown under a cloudy sky, which no smooth fit follows', () => {
    // Clouds: large bright and dark blotches over the sky.
    const cloud = (x: number, y: number) =>
      (Math.floor(x / 40) + Math.floor(y / 30)) % 2 === 0 ? [225, 228, 232] : null;
    const pixels = photo((x, y) => (twig(x, y) ? BARK : cloud(x, y)));
    const decided = decisions(crown);
    const before = Uint8Array.from(decided);
    expect(takeSkySeenThrough(pixels, decided, WIDTH, ROWS, null)).toBeNull();
    expect(changed(decided, before)).toBe(0);
  });

  it('leaves the pixels of an area the pure sky does not reach (an arcade lower down)', () => {
    // The crown's pattern, but walled off from the sky by a solid dark band 20 px wide.
    const inside = (x: number, y: number) => x >= 140 && y >= 60;
    const band = (x: number, y: number) => crown(x, y) && !inside(x, y);
    const pixels = photo((x, y) => (band(x, y) ? BARK : inside(x, y) && twig(x, y) ? BARK : null));
    const decided = decisions(crown);
    const before = Uint8Array.from(decided);
    takeSkySeenThrough(pixels, decided, WIDTH, ROWS, null);
    expect(changed(decided, before)).toBe(0);
  });
});
