import sharp from 'sharp';
import { encodeJpeg, renderDarkRoom } from '../fixtures/synthetic-photos';
import { applyPlan, enhance, planEnhancement } from './enhance';
import { luma, rasterImage, type Raster } from './raster';

const WIDTH = 800;
const HEIGHT = 600;

async function lumaStats(image: Buffer | Raster) {
  const { data, info } = Buffer.isBuffer(image)
    ? await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })
    : { data: image.data, info: image };
  let sum = 0;
  let white = 0;
  const pixels = info.width * info.height;
  for (let i = 0; i < data.length; i += 3) {
    sum += luma(data[i]!, data[i + 1]!, data[i + 2]!);
    if (data[i] === 255 && data[i + 1] === 255 && data[i + 2] === 255) white++;
  }
  return { mean: sum / pixels, whiteShare: white / pixels, width: info.width, height: info.height, data };
}

describe('enhance', () => {
  it('brightens a dark photo without clipping anything to white', async () => {
    const dark = await encodeJpeg(renderDarkRoom(WIDTH, HEIGHT), WIDTH, HEIGHT);
    const before = await lumaStats(dark);
    const output = await enhance(dark);
    const after = await lumaStats(output);

    expect([after.width, after.height]).toEqual([WIDTH, HEIGHT]);
    expect(after.mean).toBeGreaterThan(before.mean * 1.3);
    expect(after.whiteShare).toBe(0);
    // The bright window keeps detail below white.
    const windowPixel = (Math.round(HEIGHT * 0.3) * WIDTH + Math.round(WIDTH * 0.7)) * 3;
    expect(after.data[windowPixel]).toBeLessThan(250);
  });

  it('reduces a green colour cast', async () => {
    const dark = await encodeJpeg(renderDarkRoom(WIDTH, HEIGHT), WIDTH, HEIGHT);
    const channelMeans = async (image: Buffer) => (await sharp(image).stats()).channels.map((c) => c.mean);
    const [r0, g0, b0] = await channelMeans(dark);
    const [r1, g1, b1] = await channelMeans(
      await rasterImage(await enhance(dark))
        .png()
        .toBuffer(),
    );
    const cast = (r: number, g: number, b: number) => g / ((r + b) / 2);
    expect(cast(r1!, g1!, b1!)).toBeLessThan(cast(r0!, g0!, b0!));
  });

  it('leaves a well-exposed photo well exposed', async () => {
    const gradient = Buffer.alloc(64 * 64 * 3);
    for (let p = 0; p < 64 * 64; p++) gradient.fill(((p % 64) * 4) & 255, p * 3, p * 3 + 3);
    const plan = planEnhancement({ data: gradient, width: 64, height: 64 });
    // Already spanning the full range: no stretch of the mid-tones, no white balance, and the
    // grey photo gets its little saturation.
    const mid = 128 * plan.tone[512]!;
    expect(mid).toBeGreaterThan(120);
    expect(mid).toBeLessThan(140);
    expect(plan.greenGain).toBe(1);
    expect(plan.saturation).toBeGreaterThanOrEqual(1.04);
  });

  it('keeps a low-key photo low-key: no stretch of its mid-tones past mid-grey, no lift', () => {
    // A misty dusk: levels 15 to 135, median about 80, nothing bright.
    const side = 64;
    const misty = Buffer.alloc(side * side * 3);
    for (let p = 0; p < side * side; p++) {
      const level = 15 + Math.round(((p % side) / (side - 1)) * 120);
      misty.set(
        [level * 0.6, level * 0.9, level * 1.3].map((v) => Math.min(255, Math.round(v))),
        p * 3,
      );
    }
    const plan = planEnhancement({ data: misty, width: side, height: side });
    const medianLuma = luma(75 * 0.6, 75 * 0.9, 75 * 1.3);
    // Stretching its brightest level (about 122) to 245 would double the median.
    expect(medianLuma * plan.tone[Math.round(medianLuma * 4)]!).toBeLessThan(105);
    expect(Math.max(...plan.lift.data)).toBe(0);
  });

  it('does not turn near-black chroma noise into coloured speckles', () => {
    // A dark room (levels 6 to 14, some pixels with a blue JPEG tint) beside a bright window.
    const width = 64;
    const height = 32;
    const room = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        if (x >= 48) room.set([235, 235, 230], i);
        else if ((x + y) % 7 === 0) room.set([4, 5, 16], i);
        else room.fill(6 + ((x * 3 + y) % 9), i, i + 3);
      }
    }
    const plan = planEnhancement({ data: room, width, height });
    const out = { data: Buffer.from(room), width, height };
    applyPlan(out, plan);
    const speck = (2 * width + 5) * 3; // x + y = 7
    const before = luma(4, 5, 16);
    const after = luma(out.data[speck]!, out.data[speck + 1]!, out.data[speck + 2]!);
    // Lifted several times over, but its blue excess (B - luma) grows less than its luma does.
    expect(after).toBeGreaterThan(before * 2.5);
    expect((out.data[speck + 2]! - after) / (16 - before)).toBeLessThan((after / before) * 0.8);
  });

  it.each([
    [
      'a greyscale JPEG',
      () =>
        sharp({ create: { width: 64, height: 48, channels: 3, background: '#404040' } })
          .toColourspace('b-w')
          .jpeg(),
    ],
    [
      'a PNG with transparency',
      () =>
        sharp({
          create: { width: 64, height: 48, channels: 4, background: { r: 40, g: 60, b: 80, alpha: 0.5 } },
        }).png(),
    ],
  ])('handles %s as an opaque RGB photo', async (_label, make) => {
    const output = await enhance(await make().toBuffer());
    expect([output.width, output.height, output.data.length]).toEqual([64, 48, 64 * 48 * 3]);
  });
});
