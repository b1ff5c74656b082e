import sharp from 'sharp';
import { skyReplacementMask } from './replace-sky';

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

describe('sky segmentation', () => {
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
          // The pink band just over the trees is a known miss (see docs/architecture.md).
          sky++;
          if (value >= 128) skyReplaced++;
        }
      }
    }
    expect(lakeReplaced / lake).toBeLessThan(0.01);
    expect(skyReplaced / sky).toBeGreaterThan(0.98);
  });
});
