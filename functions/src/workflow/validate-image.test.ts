import sharp from 'sharp';
import { InvalidImageError } from './errors';
import { badImages } from './testing/bad-images';
import { jpegCarriesOnlyPixels, sniffFormat, validateImage } from './validate-image';

const photo = (format: 'jpeg' | 'png' | 'webp', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .toFormat(format)
    .toBuffer();

describe('sniffFormat', () => {
  it('recognises JPEG, PNG and WEBP by their magic bytes only', async () => {
    expect(sniffFormat(await photo('jpeg'))).toBe('jpeg');
    expect(sniffFormat(await photo('png'))).toBe('png');
    expect(sniffFormat(await photo('webp'))).toBe('webp');
    expect(sniffFormat(Buffer.from('Bonjour, ceci est un texte.'))).toBeNull();
  });
});

describe('validateImage', () => {
  it('normalises a JPEG: orientation applied, metadata stripped', async () => {
    // 64x48 stored, EXIF orientation 6 (rotate 90° clockwise to display), with GPS-like metadata.
    const input = await sharp(await photo('jpeg'))
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Agence', Artist: 'GPS 48.85,2.35' } } })
      .jpeg()
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const result = await validateImage(input);
    expect(result).toMatchObject({ format: 'jpeg', contentType: 'image/jpeg', width: 48, height: 64 });
    const meta = await sharp(result.image).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('keeps a clean JPEG byte for byte (nothing to strip, no second lossy generation)', async () => {
    const input = await photo('jpeg');
    const result = await validateImage(input);
    expect(result.image.equals(input)).toBe(true);
    expect(result).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
  });

  it('re-encodes a JPEG whose comment segment could carry personal data', async () => {
    const clean = await photo('jpeg');
    const comment = Buffer.from('Propriétaire : Jean Dupont, 12 rue des Lilas', 'latin1');
    const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
    const input = Buffer.concat([clean.subarray(0, 2), segment, clean.subarray(2)]);
    expect(jpegCarriesOnlyPixels(clean)).toBe(true);
    expect(jpegCarriesOnlyPixels(input)).toBe(false);
    const result = await validateImage(input);
    expect(result.image.includes(comment)).toBe(false);
  });

  it('turns WEBP into PNG and keeps PNG lossless', async () => {
    await expect(validateImage(await photo('webp'))).resolves.toMatchObject({ format: 'png', width: 64, height: 48 });
    await expect(validateImage(await photo('png'))).resolves.toMatchObject({ format: 'png' });
  });

  it.each(badImages)('refuses $label with a French message', async ({ make, message }) => {
    const attempt = validateImage(await make());
    await expect(attempt).rejects.toBeInstanceOf(InvalidImageError);
    await expect(attempt).rejects.toThrow(message);
  });
});
