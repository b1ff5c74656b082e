import sharp from 'sharp';
import { PNG_OUTPUT, rasterImage } from '../engines/local/raster';
import { encodeResult, RESULT_JPEG, resultFormatFor } from './result-encoding';

const photo = (channels: 3 | 4, alpha = 255) =>
  sharp({ create: { width: 64, height: 48, channels, background: { r: 40, g: 120, b: 200, alpha: alpha / 255 } } });

describe('resultFormatFor (decision 091)', () => {
  it('answers JPEG for a JPEG original and for a PNG without transparency', async () => {
    expect(await resultFormatFor(await photo(3).jpeg().toBuffer())).toBe('jpeg');
    expect(await resultFormatFor(await photo(3).png().toBuffer())).toBe('jpeg');
    // An alpha channel that is opaque everywhere is no transparency.
    expect(await resultFormatFor(await photo(4, 255).png().toBuffer())).toBe('jpeg');
  });

  it('answers PNG only for a PNG with transparent pixels', async () => {
    expect(await resultFormatFor(await photo(4, 100).png().toBuffer())).toBe('png');
  });
});

describe('encodeResult (decision 138)', () => {
  it("encodes the engine's pixels as a high-quality JPEG at the original's size, far lighter than a PNG", async () => {
    // A noisy picture, as a photograph is: a flat one would say nothing about the weights.
    const noise = Buffer.alloc(640 * 480 * 3);
    for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 2654435761) >>> 24;
    const data = await sharp(noise, { raw: { width: 640, height: 480, channels: 3 } })
      .blur(1.2)
      .raw()
      .toBuffer();
    const pixels = { data, width: 640, height: 480 };
    const { body, contentType } = await encodeResult(pixels, 1280, 960, 'jpeg');
    expect(contentType).toBe('image/jpeg');
    expect(await sharp(body).metadata()).toMatchObject({ format: 'jpeg', width: 1280, height: 960 });
    const png = await rasterImage(pixels).resize(1280, 960, { fit: 'fill' }).png(PNG_OUTPUT).toBuffer();
    expect(body.length).toBeLessThan(png.length / 2);
    expect(RESULT_JPEG.quality).toBeGreaterThanOrEqual(90);
  });

  it('encodes a lossless PNG when the format asks it', async () => {
    const pixels = { data: await photo(3).raw().toBuffer(), width: 64, height: 48 };
    const { body, contentType } = await encodeResult(pixels, 64, 48, 'png');
    expect(contentType).toBe('image/png');
    expect((await sharp(body).raw().toBuffer()).equals(pixels.data)).toBe(true);
  });

  it('refuses to stretch a result of another aspect ratio', async () => {
    const pixels = { data: await photo(3).raw().toBuffer(), width: 64, height: 48 };
    await expect(encodeResult(pixels, 100, 100, 'jpeg')).rejects.toThrow(/ratio/);
  });
});
