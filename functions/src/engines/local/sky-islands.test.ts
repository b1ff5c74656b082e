import { fillSkyIslands } from './sky-islands';

const SKY = 255;

/** A band of sky (width x rows) with ground along its last rows, and patches drawn into it. */
function band(width: number, rows: number, kept: (x: number, y: number) => boolean): Uint8Array {
  const alpha = new Uint8Array(width * rows).fill(SKY);
  for (let y = 0; y < rows; y++) for (let x = 0; x < width; x++) if (kept(x, y)) alpha[y * width + x] = 0;
  return alpha;
}

const ground = (y: number) => y >= 50;
const at = (alpha: Uint8Array, x: number, y: number) => alpha[y * 200 + x];

describe('old sky floating inside the new sky', () => {
  it('replaces a thick floating scrap of old cloud', () => {
    const alpha = band(200, 60, (x, y) => ground(y) || (x >= 40 && x < 50 && y >= 10 && y < 20));
    expect(fillSkyIslands(alpha, 200, 60, SKY)).toBe(10 * 10);
    expect(at(alpha, 45, 15)).toBe(SKY);
  });

  it('keeps what joins the ground or the frame: a tower, a branch from the top, a cloud at the edge', () => {
    const alpha = band(
      200,
      60,
      (x, y) =>
        ground(y) ||
        (x >= 80 && x < 100 && y >= 20) ||
        (x >= 120 && x < 130 && y < 15) ||
        (x >= 190 && y >= 20 && y < 30),
    );
    const before = Uint8Array.from(alpha);
    expect(fillSkyIslands(alpha, 200, 60, SKY)).toBe(0);
    expect(alpha).toEqual(before);
  });

  it('keeps thin floating things: a cable cut loose by the edge decisions, a bird', () => {
    const alpha = band(
      200,
      60,
      (x, y) => ground(y) || (y >= 20 && y < 23 && x >= 10 && x < 150) || (x >= 170 && x < 173 && y >= 8 && y < 11),
    );
    expect(fillSkyIslands(alpha, 200, 60, SKY)).toBe(0);
    expect(at(alpha, 60, 21)).toBe(0);
  });

  it('replaces a scrap torn into speckles by the edge decisions, and keeps a diagonal wire', () => {
    const speckled = (x: number, y: number) => x >= 20 && x < 38 && y >= 5 && y < 23 && (x + y) % 3 !== 0;
    const wire = (x: number, y: number) => x >= 60 && x < 140 && Math.abs(y - 5 - (x - 60) / 2) < 1.5;
    const alpha = band(400, 60, (x, y) => ground(y) || speckled(x, y) || wire(x, y));
    expect(fillSkyIslands(alpha, 400, 60, SKY)).toBeGreaterThan(200);
    expect(alpha[6 * 400 + 21]).toBe(SKY);
    expect(alpha[25 * 400 + 100]).toBe(0);
  });

  it("keeps a tower's segment cut loose (three times taller than wide), and replaces a scrap as large", () => {
    const segment = (x: number, y: number) => x >= 100 && x < 112 && y >= 10 && y < 50;
    const scrap = (x: number, y: number) => x >= 200 && x < 222 && y >= 10 && y < 32;
    const alpha = band(400, 200, (x, y) => y >= 190 || segment(x, y) || scrap(x, y));
    expect(fillSkyIslands(alpha, 400, 200, SKY)).toBe(22 * 22);
    expect(alpha[30 * 400 + 105]).toBe(0);
    expect(alpha[20 * 400 + 210]).toBe(SKY);
  });

  it('keeps a floating patch too large to be a scrap (more than a hundredth of the band)', () => {
    const alpha = band(200, 60, (x, y) => ground(y) || (x >= 30 && x < 70 && y >= 5 && y < 40));
    expect(fillSkyIslands(alpha, 200, 60, SKY)).toBe(0);
  });

  it('counts a kept pixel with a small share of old sky as kept, and replaces it with its patch', () => {
    const alpha = band(200, 60, (x, y) => ground(y) || (x >= 40 && x < 50 && y >= 10 && y < 20));
    alpha[15 * 200 + 45] = 100;
    fillSkyIslands(alpha, 200, 60, SKY);
    expect(at(alpha, 45, 15)).toBe(SKY);
  });
});

describe('a light floating inside the sky', () => {
  it('keeps a lamp globe cut loose from its post', () => {
    const alpha = band(200, 60, (x, y) => ground(y) || (x >= 40 && x < 50 && y >= 10 && y < 20));
    const globe = (p: number) => p % 200 < 45 && Math.floor(p / 200) < 15;
    expect(fillSkyIslands(alpha, 200, 60, SKY, globe)).toBe(0);
    expect(at(alpha, 45, 15)).toBe(0);
  });

  it('replaces a scrap of cloud with a few lit pixels on its rim', () => {
    const alpha = band(200, 60, (x, y) => ground(y) || (x >= 40 && x < 50 && y >= 10 && y < 20));
    const rim = (p: number) => Math.floor(p / 200) === 10 && p % 200 < 45;
    expect(fillSkyIslands(alpha, 200, 60, SKY, rim)).toBe(100);
  });
});
