import sharp from 'sharp';
import { replaceSky, skyReplacementMask } from './replace-sky';
import { skylineFringe } from './sky-evaluation';

const WIDTH = 960;
const HEIGHT = 640;
const GROUND = 420;

/** A blue sky over a lawn, with optional grain on the sky and a dark wire across it. */
async function photo(options: { wire: boolean; grain: number }): Promise<Buffer> {
  const data = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 12345;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed / 2147483648 - 0.5) * 2 * options.grain;
  };
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      let colour: number[];
      if (y >= GROUND) colour = [70 + ((x * 7 + y * 3) % 23), 110 + ((x * 5 + y * 11) % 31), 50];
      else if (options.wire && Math.abs(y - (120 + x * 0.1)) < 1.5) colour = [40, 38, 36];
      else {
        const n = noise();
        colour = [70 + y * 0.1 + n, 130 + y * 0.1 + n, 215 + n];
      }
      for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, Math.round(colour[c]!)));
    }
  }
  return sharp(data, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

describe('full-resolution sky edges', () => {
  it('keeps a wire thinner than a thumbnail pixel in front of the new sky', async () => {
    const result = await skyReplacementMask(await photo({ wire: true, grain: 0 }));
    expect(result).not.toBeNull();
    const { mask } = result!;
    let wire = 0;
    let wireKept = 0;
    let besideReplaced = 0;
    let beside = 0;
    for (let x = 20; x < WIDTH - 20; x += 3) {
      const centre = Math.round(120 + x * 0.1);
      wire++;
      if (mask[centre * WIDTH + x] === 0) wireKept++;
      for (const y of [centre - 8, centre + 8]) {
        beside++;
        if (mask[y * WIDTH + x] === 255) besideReplaced++;
      }
    }
    expect(wireKept / wire).toBeGreaterThan(0.9);
    expect(besideReplaced / beside).toBeGreaterThan(0.98);
  });

  it('leaves no specks of old sky in a grainy sky', async () => {
    const result = await skyReplacementMask(await photo({ wire: false, grain: 18 }));
    expect(result).not.toBeNull();
    let sky = 0;
    let replaced = 0;
    for (let y = 10; y < GROUND - 20; y++) {
      for (let x = 10; x < WIDTH - 10; x++) {
        sky++;
        if (result!.mask[y * WIDTH + x] === 255) replaced++;
      }
    }
    expect(replaced / sky).toBeGreaterThan(0.999);
  });

  it('leaves no line of the old sky along a roof whose edge pixels mix roof and sky', async () => {
    // An overcast sky over a dark roof whose ridge slopes, anti-aliased: the pixels along it are
    // part sky, part roof, as in a real photo.
    const data = Buffer.alloc(WIDTH * HEIGHT * 3);
    const sky = [226, 229, 233];
    const roof = [84, 58, 50];
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const ridge = 300 + x * 0.15;
        const cover = Math.max(0, Math.min(1, y + 1 - ridge));
        for (let c = 0; c < 3; c++) data[(y * WIDTH + x) * 3 + c] = Math.round(sky[c]! + (roof[c]! - sky[c]!) * cover);
      }
    }
    const image = await sharp(data, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer();
    const replaced = (await skyReplacementMask(image))!;
    const { data: result } = await replaceSky(image, 'night');
    const fringe = skylineFringe(result, replaced.mask, WIDTH, HEIGHT);
    expect(fringe.ring).toBeGreaterThan(WIDTH * 2);
    expect(fringe.share).toBeLessThan(0.02);
  });
});
