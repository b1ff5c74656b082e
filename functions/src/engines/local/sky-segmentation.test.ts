import sharp from 'sharp';
import { channelsOf, maskOf } from '../../testing/pixel-maps';
import { luma } from './raster';
import { skyReplacementMask } from './replace-sky';
import { darkZenith, dropDetachedPatches, extendGlow, skyPath } from './sky-segmentation';

const WIDTH = 900;
const HEIGHT = 600;
const WATERLINE = 330;

/**
 * A dusk sky over a thin line of trees on a calm lake that mirrors them and the sky: the lake
 * has the sky's colours and touches the sky where the trees thin out.
 */
async function mirroredLake(): Promise<Buffer> {
  const data = Buffer.alloc(WIDTH * HEIGHT * 3);
  const scene = (x: number, y: number): number[] => {
    const treeTop = WATERLINE - 12 - Math.round(10 * Math.abs(Math.sin(x / 37)) + 6 * Math.abs(Math.sin(x / 11)));
    // Trees along most of the shore, none at the left end: there the water meets the sky.
    if (x > 140 && y >= treeTop) return [28, 30, 40];
    const t = y / WATERLINE;
    return [90 + 120 * t, 80 + 60 * t, 190 - 10 * t];
  };
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      // Under the waterline, the scene mirrored and a little darker.
      const colour = y < WATERLINE ? scene(x, y) : scene(x, 2 * WATERLINE - 1 - y).map((v) => v * 0.9);
      for (let c = 0; c < 3; c++) data[(y * WIDTH + x) * 3 + c] = Math.round(colour[c]!);
    }
  }
  return sharp(data, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** Deterministic noise in -1..1 (texture for foliage and ripples). */
function noise(x: number, y: number): number {
  const n = Math.sin(x * 12.9898 + y * 78.233) * 43758.5453;
  return 2 * (n - Math.floor(n)) - 1;
}

/** Share of the pixels of `region` (sampled every 2 pixels) that the mask replaces. */
function replacedShare(mask: Uint8Array, region: (x: number, y: number) => boolean): number {
  let count = 0;
  let replaced = 0;
  for (let y = 0; y < HEIGHT; y += 2) {
    for (let x = 0; x < WIDTH; x += 2) {
      if (!region(x, y)) continue;
      count++;
      if (mask[y * WIDTH + x]! >= 128) replaced++;
    }
  }
  return replaced / count;
}

async function jpeg(scene: (x: number, y: number) => number[]): Promise<Buffer> {
  const data = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const colour = scene(x, y);
      for (let c = 0; c < 3; c++) data[(y * WIDTH + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(colour[c]!)));
    }
  }
  return sharp(data, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** Rows of the sunset scene: blue sky, the glow (under dark clouds on the left), hills, a lake. */
const CLOUDS = 110;
const GLOW = 160;
const HILLS = 260;
const SHORE = 320;

/**
 * A sunset: on the left a band of dark clouds, on the right the blue sky warms and brightens
 * into the orange glow, which runs under the clouds to the hills. The rippled lake below the
 * wooded hills shows the same orange and blue, and no mirror.
 */
function sunsetOverLake(x: number, y: number): number[] {
  const ripple = 14 * noise(x, y);
  if (y < HILLS - 20 * Math.abs(Math.sin(x / 90))) {
    const blue = [70 + y / 6, 110 + y / 5, 190];
    const glow = [240, 150 + (y - GLOW) / 4, 70];
    const sky = mix(blue, glow, (y - 40) / (GLOW - 40));
    // The clouds thin out to the right.
    const cloudy = Math.max(0, Math.min(1, (WIDTH * 0.55 - x) / 120));
    const inBand = Math.max(0, 1 - Math.abs(y - CLOUDS) / 35);
    return mix(sky, [85, 85, 110], cloudy * Math.min(1, 2 * inBand));
  }
  if (y < SHORE) return [30 + 20 * noise(x, y), 40 + 20 * noise(y, x), 30];
  return (x + 3 * y) % 160 < 90 ? [235 + ripple, 150 + ripple, 70] : [80 + ripple, 110 + ripple, 185];
}

/** a to b, t clamped to 0..1. */
function mix(a: number[], b: number[], t: number): number[] {
  const k = Math.max(0, Math.min(1, t));
  return a.map((v, c) => v + (b[c]! - v) * k);
}

/** The 3x3-mean channels and luma the segmentation reads, from each pixel's colour, as given. */
function calmOf(width: number, height: number, colour: (x: number, y: number) => number[]) {
  const calm = channelsOf(width, height, colour);
  const lum = Float32Array.from({ length: width * height }, (_, p) => luma(calm[0]![p]!, calm[1]![p]!, calm[2]![p]!));
  return { calm, lum };
}

/** The sky labels `extendGlow` leaves over `colour` (3x3 means) when the sky ends above row 50. */
function glowOver(width: number, height: number, colour: (x: number, y: number) => number[]): Uint8Array {
  const { calm, lum } = calmOf(width, height, colour);
  const sky = maskOf(width, height, (_x, y) => y < 50);
  extendGlow(sky, calm, lum, width, height, height);
  return sky;
}

describe('sky segmentation', () => {
  it("takes a sunset's glow under dark clouds for sky, though the lake below has its colours", async () => {
    const image = await jpeg(sunsetOverLake);
    const result = await skyReplacementMask(image);
    expect(result).not.toBeNull();
    const { mask } = result!;
    // The glow under the clouds, between them and the hills.
    expect(replacedShare(mask, (x, y) => x < WIDTH * 0.4 && y >= CLOUDS + 40 && y < HILLS - 26)).toBeGreaterThan(0.95);
    expect(replacedShare(mask, (_x, y) => y >= SHORE + 4)).toBeLessThan(0.01);
  });

  it('replaces a dark cloud enclosed by sky, and keeps a bird', async () => {
    // Taller above its middle than under it, as a cumulus (a symmetric one would pass for a mirror).
    const inCloud = (x: number, y: number) => ((x - 450) / 120) ** 2 + ((y - 170) / (y < 170 ? 70 : 30)) ** 2;
    const cloud = (x: number, y: number) => inCloud(x, y) < 0.5;
    const bird = (x: number, y: number) => Math.abs(x - 200) < 5 && Math.abs(y - 100) < 3;
    const scene = (x: number, y: number): number[] => {
      if (y >= 380 + 30 * Math.sin(x / 70)) return [150 + 20 * noise(x, y), 80 + 20 * noise(y, x), 60];
      if (bird(x, y)) return [25, 25, 30];
      // A dark cloud whose rim fades into the blue sky.
      return mix([70 + 4 * noise(x, y), 65, 75], [90 + y / 8, 140 + y / 8, 215], (inCloud(x, y) - 0.5) / 0.8);
    };
    const image = await jpeg(scene);
    const result = await skyReplacementMask(image);
    expect(result).not.toBeNull();
    const { mask } = result!;
    expect(replacedShare(mask, cloud)).toBeGreaterThan(0.95);
    expect(mask[100 * WIDTH + 200]).toBe(0);
  });

  it('extends a warm sky down its glow, not a blue sky whose lowest pixel is warm only by mixing with stone', () => {
    // Two columns, 3x3 means: rows 0-49 sky, row 49 its lowest pixel (warm in both), rows 50-54
    // a bright warm band, then dark land. Column 0: the sky above row 49 is a sunset's orange;
    // column 1: it is blue, and row 49 mixes it with the sunlit stone under it.
    const width = 2;
    const height = 100;
    const colour = (x: number, y: number): number[] => {
      if (y < 49) return x === 0 ? [230, 140, 90] : [90, 140, 210];
      if (y === 49) return x === 0 ? [235, 150, 95] : [170, 160, 140];
      if (y < 55) return [240, 200, 140];
      return [50, 35, 25];
    };
    const sky = glowOver(width, height, colour);
    // The glow joins the sunset's sky (decision 083); the stone stays (decision 145).
    expect(sky[52 * width]).toBe(1);
    expect(sky[52 * width + 1]).toBe(0);
  });

  it('extends a warm sky through a lit cloud band to the glow under it, not into a lit hilltop or sun glare', () => {
    // Three columns, 3x3 means, under an orange sky (rows 0-49): rows 50-54 a darker band of lit
    // cloud (strongly warm), then, column 0: glow again (rows 55-59) and backlit land; column 1:
    // glow (rows 50-57), then a sunlit hilltop, warm but less so than the glow, darkening into the
    // land (rows 58-59); column 2: sun glare that only darkens into the land (rows 50-57).
    const width = 3;
    const height = 200;
    const land = [50, 45, 40];
    const colour = (x: number, y: number): number[] => {
      if (y < 50) return [240, 170, 100];
      if (x === 0) return y < 55 ? [160, 90, 50] : y < 60 ? [245, 190, 95] : land;
      if (x === 1) return y < 58 ? [245, 190, 95] : y < 60 ? [150, 120, 100] : land;
      return y < 58 ? [230 - 8 * (y - 50), 150 - 8 * (y - 50), 50] : land;
    };
    const sky = glowOver(width, height, colour);
    const column = (x: number) => Array.from({ length: 12 }, (_, k) => sky[(50 + k) * width + x]).join('');
    // Decision 146: the cloud and the glow under it join; the hilltop and the glare stay.
    expect(column(0)).toBe('111111111100');
    expect(column(1)).toBe('111111110000');
    expect(column(2)).toBe('000000000000');
  });

  it("follows the glow down through the haze over a hill while it keeps the glow's warmth", () => {
    // One column under an orange sky (rows 0-49): glow (rows 50-53), then haze fading a seventh of
    // the way at each row from the glow to the backlit land (rows 54-59), then the land.
    const height = 200;
    const glow = [245, 190, 95];
    const land = [60, 50, 45];
    const colour = (_x: number, y: number): number[] => {
      if (y < 50) return [240, 170, 100];
      if (y < 54) return glow;
      const t = Math.min(1, (y - 53) / 7);
      return glow.map((c, i) => c + (land[i]! - c) * t);
    };
    const sky = glowOver(1, height, colour);
    // Decision 160: rows 54-56 are haze, as warm per luma as the glow; row 57 is dark enough to be
    // land. Before, the land lay too far under the glow and none of it joined.
    expect(Array.from({ length: 12 }, (_, k) => sky[50 + k]).join('')).toBe('111111100000');
  });

  it('closes a column the glow rules miss inside a glow band, not a chimney three columns wide', () => {
    // Under an orange sky (rows 0-49): glow (rows 50-57) then land, but for a darker, strongly warm
    // band at the same rows in column 10 (the glow's tests stop on it), and in columns 30-32.
    const width = 41;
    const height = 200;
    const colour = (x: number, y: number): number[] => {
      if (y < 50) return [240, 170, 100];
      if (y >= 58) return [50, 45, 40];
      return x === 10 || (x >= 30 && x <= 32) ? [200, 150, 90] : [245, 190, 95];
    };
    const sky = glowOver(width, height, colour);
    // Decision 160: column 10 joins with the band around it; the chimney stays.
    expect(sky[54 * width + 9]).toBe(1);
    expect(sky[54 * width + 10]).toBe(1);
    expect(sky[54 * width + 31]).toBe(0);
    expect(sky[54 * width + 30]).toBe(0);
  });

  it('takes lit cloud over the glow for sky only as a bank along the horizon, not as a narrow brick chimney', () => {
    // Under an orange sky (rows 0-49): columns 10-29 and columns 60-62 each a darker, strongly warm
    // band (rows 50-57), then a pale warm band (rows 58-59), then dark land; elsewhere dark land at
    // once. The same colours, one set a fifth of the width wide (a bank), the other three columns.
    const width = 100;
    const height = 200;
    const banded = (x: number) => (x >= 10 && x < 30) || (x >= 60 && x < 63);
    const colour = (x: number, y: number): number[] => {
      if (y < 50) return [240, 170, 100];
      if (!banded(x) || y >= 60) return [60, 50, 50];
      return y < 58 ? [150, 80, 60] : [245, 190, 120];
    };
    const sky = glowOver(width, height, colour);
    // Decision 146: the bank joins the sky; the chimney and its trim stay.
    expect(sky[55 * width + 20]).toBe(1);
    expect(sky[59 * width + 20]).toBe(1);
    expect(sky[55 * width + 61]).toBe(0);
    expect(sky[59 * width + 61]).toBe(0);
  });

  it('keeps a calm lake that mirrors the sky out of the sky', async () => {
    const result = await skyReplacementMask(await mirroredLake());
    expect(result).not.toBeNull();
    const { mask } = result!;
    let lake = 0;
    let lakeReplaced = 0;
    let sky = 0;
    let skyReplaced = 0;
    for (let y = 0; y < HEIGHT; y += 2) {
      for (let x = 0; x < WIDTH; x += 2) {
        const value = mask[y * WIDTH + x]!;
        if (y >= WATERLINE + 4) {
          lake++;
          if (value >= 128) lakeReplaced++;
        } else if (y < WATERLINE - 130) {
          // The pink band just over the trees is a known miss (decision 55).
          sky++;
          if (value >= 128) skyReplaced++;
        }
      }
    }
    expect(lakeReplaced / lake).toBeLessThan(0.01);
    expect(skyReplaced / sky).toBeGreaterThan(0.98);
  });

  it("marks a dusk sky's zenith, deep blue down to blue sky, not deep blue that ends on an edge or on ground", () => {
    // Four columns, 30 rows, as 3x3 means: (0) deep blue at the top brightening smoothly into blue
    // sky; (1) the same over a deep blue awning that ends on a hard edge; (2) deep blue running
    // down to a dark wall, never reaching blue sky; (3) a black border at the top.
    const width = 4;
    const height = 30;
    const columns: ((y: number) => number[])[] = [
      (y) => mix([2, 22, 50], [30, 70, 130], y / 29),
      (y) => (y < 8 ? [4, 14, 48] : mix([2, 22, 50], [30, 70, 130], y / 29)),
      (y) => (y < 15 ? mix([2, 22, 50], [10, 32, 66], y / 14) : [40, 35, 38]),
      (y) => (y < 5 ? [3, 3, 4] : mix([2, 22, 50], [30, 70, 130], y / 29)),
    ];
    const { calm, lum } = calmOf(width, height, (x, y) => columns[x]!(y));
    const zenith = darkZenith(calm, lum, width, height);
    const marked = (x: number) =>
      Array.from({ length: height }, (_, y) => zenith[y * width + x]).filter(Boolean).length;
    // Marked down to the first blue sky pixel (luma over 40).
    expect(marked(0)).toBeGreaterThan(10);
    expect(zenith[0]).toBe(1);
    expect(marked(1)).toBe(0);
    expect(marked(2)).toBe(0);
    expect(marked(3)).toBe(0);
  });

  it("stops the sky's smooth path at a calm water's waterline, so the water does not make it a leak", () => {
    // A sky brightening evenly down to the bottom of the frame; the core is its top rows.
    const width = 40;
    const height = 60;
    const channel = () => Float32Array.from({ length: width * height }, (_, p) => 100 + Math.floor(p / width));
    const calm = [channel(), channel(), channel()];
    const core = Uint8Array.from({ length: width * height }, (_, p) => (p < width * 5 ? 1 : 0));
    // Over water whose waterline is row 40 (decision 134): joined down to it, not beyond, no leak.
    const overWater = skyPath(calm, core, width, height, 40);
    expect(overWater.leaked).toBe(false);
    expect(overWater.nearSky[39 * width + 10]).toBe(1);
    expect(overWater.nearSky[40 * width + 10]).toBe(0);
    // Without a waterline the same path reaches the bottom: a blurred horizon, a leak.
    const onLand = skyPath(calm, core, width, height, height);
    expect(onLand.leaked).toBe(true);
  });

  it("never follows the sky's smooth path into land far darker than the sky it left, however gentle each step", () => {
    // A sky (sum of channels 540) over a dark wall, but at the left border, where the haze of the
    // horizon joins it to a band of hills that darkens sideways, 4 a column (decision 150).
    const width = 120;
    const height = 40;
    const sum = (x: number, y: number) => (y < 10 || (y < 20 && x === 0) ? 540 : y < 20 ? 60 : 540 - 4 * x);
    const calm = channelsOf(width, height, (x, y) => [sum(x, y) / 3, sum(x, y) / 3, sum(x, y) / 3]);
    const core = maskOf(width, height, (_, y) => y < 5);
    const { nearSky } = skyPath(calm, core, width, height, height);
    expect(nearSky[25 * width + 20]).toBe(1); // 460, 85 % of the sky
    expect(nearSky[25 * width + 50]).toBe(0); // 340, 63 %
    expect(nearSky[25 * width + 100]).toBe(0);
    expect(nearSky[15 * width + 50]).toBe(0); // the wall
  });

  describe('the sky seen between the columns of a gate (decisions 152, 162 and 163)', () => {
    // A gate (columns 0-39, its skyline at row 10) beside land whose horizon is row 30; the
    // opening between two of its columns is x 10 to 20.
    const width = 60;
    const height = 40;
    const bottom = Int32Array.from({ length: width }, (_, x) => (x < 40 ? 10 : 30));
    const top = new Int32Array(width);
    const opening = (x: number) => x >= 10 && x <= 20;
    /** The sky over the gate and the land, and the cut's sky in the opening, after `dropDetachedPatches`. */
    function dropped(
      inOpening: (y: number) => boolean,
      blue: (p: number) => boolean,
      clipped: (p: number) => boolean = () => false,
      continues?: (from: number, to: number) => boolean,
    ): Uint8Array {
      const sky = maskOf(width, height, (x, y) => y < bottom[x]! || (opening(x) && inOpening(y)));
      dropDetachedPatches(sky, width, height, bottom, top, blue, clipped, continues);
      expect(sky[5 * width + 30]).toBe(1); // the sky over the gate stays
      return sky;
    }
    const row = (p: number) => Math.floor(p / width);

    it('keeps a patch whose glow is clipped white under blue, not a white wall there', () => {
      // Under the horizon and cut from the sky above, a patch: 3 rows of its top, then 5 rows
      // clipped white.
      const kept = (patchTop: 'blue' | 'white' | 'clipped') => {
        const clipped = (p: number) => patchTop === 'clipped' || row(p) >= 33;
        const blue = (p: number) => patchTop === 'blue' && !clipped(p);
        const sky = dropped((y) => y >= 30 && y < 38, blue, clipped);
        return sky[31 * width + 15] === 1 && sky[36 * width + 15] === 1;
      };
      expect(kept('blue')).toBe(true);
      expect(kept('white')).toBe(false);
      expect(kept('clipped')).toBe(false);
    });

    it('keeps a pale glow cut from the blue over it by a cloud band, with that blue', () => {
      // Two patches: blue sky (rows 30-33), then a dark cloud band the cut gave the structure,
      // then a pale glow, neither blue nor clipped, from row `glowTop` down.
      const blue = (p: number) => row(p) < 34;
      const glowKept = (glowTop: number) =>
        dropped((y) => (y >= 30 && y < 34) || y >= glowTop, blue)[39 * width + 15] === 1;
      expect(glowKept(37)).toBe(true); // 3 rows of cloud; 44 blue pixels of 77
      expect(glowKept(39)).toBe(false); // 5 rows of cloud, 6 rows from the blue: too far
      // Alone, the glow is a white wall's patch.
      expect(
        dropped(
          (y) => y >= 37,
          () => false,
        )[39 * width + 15],
      ).toBe(0);
    });

    it('grows the blue down into the glow it shades into, not out into the land', () => {
      // The cut found blue sky (rows 30-33) and gave the structure the glow under it (from row
      // 34); trees from `treeTop`. The glow continues the sky above it; the trees, and the
      // columns beside, do not.
      const blue = (p: number) => row(p) < 34;
      const grown = (treeTop: number) => {
        const continues = (_: number, to: number) => opening(to % width) && row(to) < treeTop;
        const sky = dropped((y) => y >= 30 && y < 34, blue, undefined, continues);
        expect(sky[31 * width + 15]).toBe(1); // the blue stays
        expect(sky[36 * width + 9]).toBe(0); // the column beside
        return sky[36 * width + 15] === 1;
      };
      expect(grown(38)).toBe(true);
      // With no trees under it, the glow runs down to the photo's last row: land, not sky.
      expect(grown(height)).toBe(false);
    });
  });
});
