import { featherDecisions, keepInconsistentSky } from './sky-consistency';

const WIDTH = 1024;
const ROWS = 64;
const SKY_ROWS = 32;
const BLUE = [90, 140, 220] as const;
const PALE_WALL = [205, 200, 190] as const;
const DARK_ROOF = [50, 45, 40] as const;
const WALL = { from: 300, to: 700 };

const CLOUD = [235, 235, 240] as const;
/** A sunlit slate flank: as white as the cloud on average, grained (a checkerboard of two whites). */
const LIT_SLATE = [
  [215, 215, 220],
  [255, 255, 255],
] as const;

/** Blue sky over a pale wall between two dark roofs. */
function photo(): Buffer {
  return paint((x, y) => (y < SKY_ROWS ? BLUE : x >= WALL.from && x < WALL.to ? PALE_WALL : DARK_ROOF));
}

/** A white cloud over a sunlit slate flank between two dark roofs. */
function cloudOverSlate(): Buffer {
  return paint((x, y) => (y < SKY_ROWS ? CLOUD : x >= WALL.from && x < WALL.to ? LIT_SLATE[(x + y) % 2]! : DARK_ROOF));
}

function paint(colourAt: (x: number, y: number) => readonly number[]): Buffer {
  const pixels = Buffer.alloc(WIDTH * ROWS * 3);
  for (let y = 0; y < ROWS; y++) for (let x = 0; x < WIDTH; x++) pixels.set(colourAt(x, y), (y * WIDTH + x) * 3);
  return pixels;
}

/**
 * The sky decided down to its edge, and `wrong` rows of the wall under it decided sky too (a pale
 * wall joined to the sky above it). The skyline's pixels decided sky: the last 4 rows of sky and the
 * wrong ones, in rows from the top.
 */
function decisions(wrong: number): { decided: Uint8Array; skyline: Int32Array } {
  const decided = new Uint8Array(WIDTH * ROWS);
  decided.fill(255, 0, SKY_ROWS * WIDTH);
  const skyline: number[] = [];
  for (let y = SKY_ROWS - 4; y < SKY_ROWS + wrong; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const p = y * WIDTH + x;
      if (y >= SKY_ROWS && (x < WALL.from || x >= WALL.to)) continue;
      decided[p] = 255;
      skyline.push(p);
    }
  }
  return { decided, skyline: Int32Array.from(skyline) };
}

const at = (decided: Uint8Array, x: number, y: number) => decided[y * WIDTH + x];

describe('the skyline checked against local models of its decisions', () => {
  it('keeps the top of a pale wall decided sky: its colour is the wall decided ground under it', () => {
    const { decided, skyline } = decisions(2);
    const kept = keepInconsistentSky(photo(), decided, WIDTH, skyline);
    expect(kept).toBe(2 * (WALL.to - WALL.from));
    for (const x of [WALL.from, 500, WALL.to - 1]) {
      expect(at(decided, x, SKY_ROWS)).toBe(0);
      expect(at(decided, x, SKY_ROWS + 1)).toBe(0);
    }
  });

  it('keeps the top of a grained slate flank as white as the cloud over it: its texture is the flank decided ground', () => {
    const { decided, skyline } = decisions(2);
    keepInconsistentSky(cloudOverSlate(), decided, WIDTH, skyline);
    for (const x of [WALL.from, 500, WALL.to - 1]) {
      expect(at(decided, x, SKY_ROWS)).toBe(0);
      expect(at(decided, x, SKY_ROWS + 1)).toBe(0);
      // The cloud's last row reads the flank's grain as its own texture; the rows above are sky.
      for (let y = 0; y < SKY_ROWS - 1; y++) expect(at(decided, x, y)).toBe(255);
    }
  });

  it('leaves the sky over the wall and the roofs as decided', () => {
    const { decided, skyline } = decisions(2);
    keepInconsistentSky(photo(), decided, WIDTH, skyline);
    for (const x of [0, WALL.from, 500, WALL.to - 1, WIDTH - 1]) {
      for (let y = 0; y < SKY_ROWS; y++) expect(at(decided, x, y)).toBe(255);
    }
  });

  it('never takes a kept pixel for sky', () => {
    const { decided, skyline } = decisions(2);
    const before = Uint8Array.from(decided);
    keepInconsistentSky(photo(), decided, WIDTH, skyline);
    const raised = before.filter((value, p) => value === 0 && decided[p] !== 0).length;
    expect(raised).toBe(0);
  });

  it('changes nothing where the decisions follow the colours', () => {
    const { decided, skyline } = decisions(0);
    const before = Uint8Array.from(decided);
    expect(keepInconsistentSky(photo(), decided, WIDTH, skyline)).toBe(0);
    expect(decided).toEqual(before);
  });
});

describe('the decisions feathered where the photo shows no edge', () => {
  /**
   * A smooth sky (`width` pixels wide, at 1024 px and wider, where the models are read first once a
   * reference pixel) decided sky but for a block of it kept, as a block of old sky left in a cloud.
   */
  function keptBlock(width: number) {
    const scale = width / 1024;
    const rows = ROWS * scale;
    const block = { left: 400 * scale, right: 520 * scale, top: 8 * scale, bottom: 48 * scale };
    const pixels = Buffer.alloc(width * rows * 3);
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < width; x++) pixels.set([BLUE[0], BLUE[1] + (y >> 4), BLUE[2]], (y * width + x) * 3);
    }
    const decided = new Uint8Array(width * rows).fill(255);
    for (let y = block.top; y < block.bottom; y++) decided.fill(0, y * width + block.left, y * width + block.right);
    return { pixels, decided, block, scale };
  }

  it.each([1024, 4096])(
    'fades the new sky into old sky kept in a smooth sky, no pixel changing side (%i px wide)',
    (width) => {
      const { pixels, decided, block, scale } = keptBlock(width);
      const before = Uint8Array.from(decided);
      const mixed = featherDecisions(pixels, decided, width, null);
      expect(mixed).not.toBeNull();
      const y = (block.top + block.bottom) / 2;
      const alpha = (x: number) => decided[y * width + x]!;
      // Beside the block the new sky shows less, then more with every pixel away from it.
      const outside = [1, 4, 8, 16].map((d) => alpha(block.right - 1 + Math.round(d * scale)));
      expect(outside[0]).toBeLessThan(255);
      for (let k = 1; k < outside.length; k++) expect(outside[k]).toBeGreaterThanOrEqual(outside[k - 1]!);
      expect(mixed![y * width + block.right]).toBe(1);
      // The block's middle stays old sky whole.
      expect(alpha((block.left + block.right) / 2)).toBe(0);
      const switched = before.filter((value, p) => value >= 128 !== decided[p]! >= 128).length;
      expect(switched).toBe(0);
    },
  );

  it('leaves a skyline on an edge of the photo as decided: a pale wall and dark roofs under a blue sky', () => {
    const decided = new Uint8Array(WIDTH * ROWS);
    decided.fill(255, 0, SKY_ROWS * WIDTH);
    const before = Uint8Array.from(decided);
    expect(featherDecisions(photo(), decided, WIDTH, null)).toBeNull();
    expect(decided).toEqual(before);
  });

  it('never moves a pixel across the decision, whatever the photo', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pixels = Buffer.alloc(WIDTH * ROWS * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(random() * 256);
    const decided = new Uint8Array(WIDTH * ROWS);
    for (let p = 0; p < decided.length; p++) decided[p] = Math.floor(random() * 256);
    const before = Uint8Array.from(decided);
    featherDecisions(pixels, decided, WIDTH, null);
    expect(before.filter((value, p) => value >= 128 !== decided[p]! >= 128).length).toBe(0);
  });
});
