import sharp from 'sharp';
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

describe('encodeResult', () => {
  it("encodes a high-quality JPEG at the original's size, far lighter than the PNG it replaces", async () => {
    // A noisy picture, as a photograph is: a flat one would say nothing about the weights.
    const noise = Buffer.alloc(640 * 480 * 3);
    for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 2654435761) >>> 24;
    const engineOutput = await sharp(noise, { raw: { width: 640, height: 480, channels: 3 } })
      .blur(1.2)
      .png()
      .toBuffer();
    const { body, contentType } = await encodeResult(engineOutput, 1280, 960, 'jpeg');
    expect(contentType).toBe('image/jpeg');
    expect(await sharp(body).metadata()).toMatchObject({ format: 'jpeg', width: 1280, height: 960 });
    const png = await sharp(engineOutput).resize(1280, 960, { fit: 'fill' }).png({ compressionLevel: 1 }).toBuffer();
    expect(body.length).toBeLessThan(png.length / 2);
    expect(RESULT_JPEG.quality).toBeGreaterThanOrEqual(90);
  });

  it('keeps a PNG at size as it is, with its transparency', async () => {
    const transparent = await photo(4, 100).png().toBuffer();
    const { body, contentType } = await encodeResult(transparent, 64, 48, 'png');
    expect(contentType).toBe('image/png');
    expect(body).toBe(transparent);
  });

  it('shows white, not black, where an engine left transparency in a JPEG result', async () => {
    const { body } = await encodeResult(await photo(4, 0).png().toBuffer(), 64, 48, 'jpeg');
    const { data } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(data[0]!, data[1]!, data[2]!)).toBeGreaterThan(240);
  });

  it('refuses to stretch a result of another aspect ratio', async () => {
    await expect(encodeResult(await photo(3).png().toBuffer(), 100, 100, 'jpeg')).rejects.toThrow(/ratio/);
  });
});
