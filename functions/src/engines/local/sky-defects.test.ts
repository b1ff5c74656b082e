import { distanceToOther, erode, largestComponent, skyDefects } from './sky-defects';
import { crownSkyKept, LEAK_LUMA, skyLeaks, skylineFringe, skylineRim, type DrawnSkyMask } from './sky-evaluation';

// A 100 x 80 reference: sky above row 40, a building (never touch) below it on the left half.
const WIDTH = 100;
const HEIGHT = 80;
const drawn: DrawnSkyMask = {
  width: WIDTH,
  height: HEIGHT,
  sky: [
    [
      [0, 0],
      [100, 0],
      [100, 40],
      [0, 40],
    ],
  ],
  neverTouch: [
    [
      [0, 30],
      [50, 30],
      [50, 80],
      [0, 80],
    ],
  ],
};

/** The drawn sky replaced exactly, then `paint` applied. */
function alphaWith(paint: (set: (x0: number, y0: number, x1: number, y1: number, value: number) => void) => void) {
  const alpha = new Uint8Array(WIDTH * HEIGHT);
  const set = (x0: number, y0: number, x1: number, y1: number, value: number) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) alpha[y * WIDTH + x] = value;
  };
  set(0, 0, WIDTH, 40, 255);
  paint(set);
  return alpha;
}

describe('what a viewer sees of a sky replacement', () => {
  it('finds nothing in an exact replacement, nor in a one-pixel disagreement along the skyline', () => {
    expect(
      skyDefects(
        alphaWith(() => {}),
        WIDTH,
        HEIGHT,
        drawn,
      ),
    ).toEqual({
      leftover: 0,
      replacedForeground: 0,
      neverTouch: 0,
      tinted: 0,
      block: 0,
    });
    // The skyline a pixel lower, and a row of old sky just above it: within the tolerance.
    const shifted = alphaWith((set) => {
      set(0, 40, WIDTH, 41, 255);
      set(60, 39, 80, 40, 0);
    });
    expect(skyDefects(shifted, WIDTH, HEIGHT, drawn)).toEqual({
      leftover: 0,
      replacedForeground: 0,
      neverTouch: 0,
      tinted: 0,
      block: 0,
    });
  });

  it('measures the largest patch of old sky left, and calls a thick one along the skyline a block', () => {
    const alpha = alphaWith((set) => {
      set(10, 5, 16, 10, 0); // 30 px of old sky high up
      set(60, 32, 70, 40, 100); // an old-sky block on the skyline (alpha under half)
    });
    const defects = skyDefects(alpha, WIDTH, HEIGHT, drawn);
    // The block counts beyond the 2 px tolerance only: 10 x 6.
    expect(defects.leftover).toBe(60);
    // The whole 10 x 8 block lies in the skyline's band; eroded by 1 px, 8 x 6 remain.
    expect(defects.block).toBe(48);
    expect(defects.replacedForeground).toBe(0);
  });

  it('counts every replaced pixel inside a drawn building, and the replaced foreground patch', () => {
    const alpha = alphaWith((set) => set(20, 50, 25, 54, 255));
    const defects = skyDefects(alpha, WIDTH, HEIGHT, drawn);
    expect(defects.neverTouch).toBe(20);
    expect(defects.replacedForeground).toBe(20);
    // The same hole outside the building's outline is foreground, not never-touch.
    const outside = skyDefects(
      alphaWith((set) => set(70, 50, 75, 54, 255)),
      WIDTH,
      HEIGHT,
      drawn,
    );
    expect(outside.neverTouch).toBe(0);
    expect(outside.replacedForeground).toBe(20);
  });

  it('leaves an ignored area out of never-touch and tinted, as out of every figure', () => {
    const alpha = alphaWith((set) => {
      set(20, 50, 25, 54, 255); // replaced
      set(30, 50, 35, 54, 100); // tinted
    });
    const ignored: DrawnSkyMask = {
      ...drawn,
      ignore: [
        [
          [15, 45],
          [40, 45],
          [40, 60],
          [15, 60],
        ],
      ],
    };
    expect(skyDefects(alpha, WIDTH, HEIGHT, ignored)).toEqual({
      leftover: 0,
      replacedForeground: 0,
      neverTouch: 0,
      tinted: 0,
      block: 0,
    });
    expect(skyDefects(alpha, WIDTH, HEIGHT, drawn)).toMatchObject({ neverTouch: 20, tinted: 20 });
  });

  it('counts pixels kept inside a drawn building but tinted by a quarter to half of the new sky', () => {
    const alpha = alphaWith((set) => {
      set(10, 50, 15, 54, 100); // tinted: 20 px
      set(20, 50, 25, 54, 40); // a trace of the new sky only
      set(30, 50, 35, 54, 200); // replaced
    });
    const defects = skyDefects(alpha, WIDTH, HEIGHT, drawn);
    expect(defects.tinted).toBe(20);
    expect(defects.neverTouch).toBe(20);
  });

  it('judges a 12 MP result against the reference scaled, not its pixels', () => {
    const scale = 4;
    const alpha = new Uint8Array(WIDTH * scale * HEIGHT * scale);
    for (let y = 0; y < 40 * scale; y++) alpha.fill(255, y * WIDTH * scale, (y + 1) * WIDTH * scale);
    expect(skyDefects(alpha, WIDTH * scale, HEIGHT * scale, drawn)).toEqual({
      leftover: 0,
      replacedForeground: 0,
      neverTouch: 0,
      tinted: 0,
      block: 0,
    });
  });
});

describe('raster helpers of the defects', () => {
  it('gives the chessboard distance to the other class', () => {
    const classes = new Uint8Array(7).fill(1);
    classes[3] = 0;
    expect([...distanceToOther(classes, 7, 1, 9)]).toEqual([3, 2, 1, 1, 1, 2, 3]);
  });

  it('erodes by a square and finds the largest 8-connected component', () => {
    const map = new Uint8Array(36);
    for (let y = 1; y < 5; y++) for (let x = 1; x < 5; x++) map[y * 6 + x] = 1;
    const eroded = erode(map, 6, 6, 1);
    expect(eroded.reduce((a, b) => a + b, 0)).toBe(4);
    map[0] = 1; // touches the square diagonally
    expect(largestComponent(map, 6, 6)).toBe(17);
  });
});

describe('the old sky fringe along the skyline', () => {
  /**
   * A `width`-px result, 40 reference pixels tall: a dark new sky over a dark roof, and between
   * them a bright band of kept old sky `fringe` reference pixels thick.
   */
  function fringeOf(width: number, fringe: number) {
    const scale = width / 1024;
    const height = Math.round(40 * scale);
    const rgb = new Uint8Array(width * height * 3);
    const alpha = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      const row = y / scale;
      const sky = row < 20;
      const bright = !sky && row < 20 + fringe;
      for (let x = 0; x < width; x++) {
        const p = y * width + x;
        alpha[p] = sky ? 255 : 0;
        rgb.fill(bright ? 200 : 30, p * 3, p * 3 + 3);
      }
    }
    return skylineFringe(rgb, alpha, width, height).share;
  }

  it('sees a fringe three reference pixels wide at 12 MP as at 1024 px (decision 154)', () => {
    expect(fringeOf(1024, 3)).toBeGreaterThan(0.5);
    // Before, at 12 MP the ring (3 px) held the band's outer edge only, and the foreground it was
    // compared with (4 to 10 px from the sky) was the rest of the band: no fringe.
    expect(fringeOf(4096, 3)).toBeGreaterThan(0.5);
  });
});

describe('the old sky kept along the skyline, in any new sky (decision 156)', () => {
  const [width, height] = [200, 60];
  /**
   * The photo: a blue sky down to row `blueTo` over a pale wall (the skyline at row 30; blue rows
   * under it are a line of old sky the engine kept); the replacement's alpha `alphaAt` each row.
   */
  function rimOf(blueTo: number, alphaAt: (y: number) => number) {
    const photo = new Uint8Array(width * height * 3);
    const alpha = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const p = y * width + x;
        photo.set(y < blueTo ? [110, 160, 230] : [215, 205, 185], p * 3);
        alpha[p] = alphaAt(y);
      }
    }
    return skylineRim(photo, alpha, width, height).share;
  }
  const replacedTo = (row: number) => (y: number) => (y < row ? 255 : 0);

  it('finds no rim where the replacement stops at the skyline', () => {
    expect(rimOf(30, replacedTo(30))).toBe(0);
  });

  it('sees the old sky kept one or two pixels above the wall, whatever the new sky looks like', () => {
    // The ring is 3 px deep under the new sky: a line of 2 px is two thirds of it.
    expect(rimOf(30, replacedTo(28))).toBeGreaterThan(0.6);
    expect(rimOf(31, replacedTo(30))).toBeGreaterThan(0.3);
  });

  it('weighs old sky kept by the share of it that shows (decision 159)', () => {
    // The same two rows of old sky, feathered: a quarter of the new sky shows through them, half as
    // much as where the decision lies (alpha 128).
    const feathered = rimOf(30, (y) => (y < 28 ? 255 : y < 30 ? 64 : 0));
    expect(feathered).toBeCloseTo(rimOf(30, replacedTo(28)) * 0.5, 2);
  });

  it('does not count a wall kept whole under the new sky, nor old sky mostly replaced', () => {
    // Two rows of old sky showing half of the new (alpha 128): replaced, the ring lies under them.
    expect(rimOf(32, (y) => (y < 30 ? 255 : y < 32 ? 128 : 0))).toBe(0);
  });
});

describe("the old sky's light left in the new sky's soft edge (decision 169)", () => {
  const [width, height] = [120, 40];
  /** A dark new sky (luma 50) down to row 20, its soft edge (alpha `edge`) in rows 16 to 19, lifted by `lift`. */
  function leaksOf(edge: number, lift: number) {
    const rgb = new Uint8Array(width * height * 3);
    const alpha = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const p = y * width + x;
        const soft = y >= 16 && y < 20;
        alpha[p] = y < 16 ? 255 : soft ? edge : 0;
        rgb.fill(soft && x < 60 ? 50 + lift : y < 20 ? 50 : 200, p * 3, p * 3 + 3);
      }
    }
    return skyLeaks(rgb, alpha, width, height);
  }

  it('counts the soft edge lighter than the pure new sky around it', () => {
    expect(leaksOf(200, LEAK_LUMA + 10)).toBe(4 * 60);
  });

  it('leaves an edge as dark as the sky, one barely lighter, and the kept foreground out', () => {
    expect(leaksOf(200, 0)).toBe(0);
    expect(leaksOf(200, LEAK_LUMA - 2)).toBe(0);
    // Kept pixels (under half of the new sky) are the halo's and the rim's to judge, and the bright
    // ground under the sky is never compared.
    expect(leaksOf(100, LEAK_LUMA + 10)).toBe(0);
  });
});

describe('the sky between the twigs of an ignored crown kept (decision 170)', () => {
  const [width, height] = [100, 60];
  /** A sky (luma 200) over rows 0 to 29, a crown ignored over columns 50 to 99 of it, twigs (luma 60) every third column. */
  const drawn: DrawnSkyMask = {
    width,
    height,
    sky: [
      [
        [0, 0],
        [100, 0],
        [100, 30],
        [0, 30],
      ],
    ],
    ignore: [
      [
        [50, 0],
        [100, 0],
        [100, 30],
        [50, 30],
      ],
    ],
  };
  const photo = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) photo.fill(y >= 30 ? 40 : x >= 50 && x % 3 === 0 ? 60 : 200, (y * width + x) * 3);
  }
  /** The replacement's alpha: sky above row 30 but where `kept` holds. */
  const alphaKeeping = (kept: (x: number, y: number) => boolean) =>
    Uint8Array.from({ length: width * height }, (_, p) =>
      p >= 30 * width || kept(p % width, Math.floor(p / width)) ? 0 : 255,
    );

  it("counts the share of the crown's sky-bright pixels kept, twigs aside", () => {
    // The whole crown kept, as the thumbnail's decisions left it: all its sky between twigs stays.
    expect(
      crownSkyKept(
        photo,
        alphaKeeping((x) => x >= 50),
        width,
        height,
        drawn,
      ),
    ).toBe(1);
    // The crown's sky taken, its twigs kept: none of it stays.
    expect(
      crownSkyKept(
        photo,
        alphaKeeping((x) => x >= 50 && x % 3 === 0),
        width,
        height,
        drawn,
      ),
    ).toBe(0);
    // Its left half taken.
    expect(
      crownSkyKept(
        photo,
        alphaKeeping((x) => x >= 75),
        width,
        height,
        drawn,
      ),
    ).toBeCloseTo(16 / 33, 2);
  });

  it('has no figure where the reference ignores nothing', () => {
    expect(
      crownSkyKept(
        photo,
        alphaKeeping(() => false),
        width,
        height,
        { ...drawn, ignore: undefined },
      ),
    ).toBeNull();
  });
});
