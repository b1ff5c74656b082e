import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { InvalidImageError } from './errors';
import { badImages } from './testing/bad-images';
import { jpegCarriesOnlyPixels, pngCarriesOnlyPixels, sniffFormat, validateImage } from './validate-image';

const photo = (format: 'jpeg' | 'png' | 'webp', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .toFormat(format)
    .toBuffer();

const HTML = Buffer.from('<html><script>alert(document.cookie)</script></html>', 'latin1');

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Inserts a chunk right after IHDR (signature 8 bytes + IHDR 25 bytes). */
const withPngChunk = (png: Buffer, chunk: Buffer) => Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);

/** Inserts a marker segment right after SOI. */
function withJpegSegment(jpeg: Buffer, marker: number, payload: Buffer): Buffer {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}

const JFIF = (thumbnail: number) =>
  Buffer.concat([Buffer.from('JFIF\0', 'latin1'), Buffer.from([1, 1, 0, 0, 1, 0, 1, thumbnail, thumbnail])]);

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

  it('keeps a PNG of only the chunks a viewer needs byte for byte', async () => {
    const input = withPngChunk(await photo('png'), pngChunk('gAMA', Buffer.from([0, 0, 0xb1, 0x8f])));
    expect(pngCarriesOnlyPixels(input)).toBe(true);
    expect((await validateImage(input)).image.equals(input)).toBe(true);
  });

  it.each([
    ['HTML after IEND', async () => Buffer.concat([await photo('png'), HTML])],
    ['HTML in a private chunk', async () => withPngChunk(await photo('png'), pngChunk('prVt', HTML))],
    [
      'HTML in a text chunk',
      async () => withPngChunk(await photo('png'), pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), HTML]))),
    ],
  ])('re-encodes a PNG with %s: the stored original holds only pixels', async (_label, make) => {
    const input = await make();
    expect(pngCarriesOnlyPixels(input)).toBe(false);
    const result = await validateImage(input);
    expect(result).toMatchObject({ format: 'png', width: 64, height: 48 });
    expect(result.image.includes(HTML)).toBe(false);
    expect(pngCarriesOnlyPixels(result.image)).toBe(true);
  });

  it('keeps a JPEG with a JFIF header and an ICC profile byte for byte', async () => {
    const icc = Buffer.concat([Buffer.from('ICC_PROFILE\0', 'latin1'), Buffer.from([1, 1, 0, 0])]);
    const input = withJpegSegment(withJpegSegment(await photo('jpeg'), 0xe2, icc), 0xe0, JFIF(0));
    expect(jpegCarriesOnlyPixels(input)).toBe(true);
    expect((await validateImage(input)).image.equals(input)).toBe(true);
  });

  it.each([
    ['HTML after EOI', async () => Buffer.concat([await photo('jpeg'), HTML])],
    ['HTML in an APP11 segment', async () => withJpegSegment(await photo('jpeg'), 0xeb, HTML)],
    ['HTML in an APP2 segment that is no ICC profile', async () => withJpegSegment(await photo('jpeg'), 0xe2, HTML)],
    [
      'a JFIF thumbnail',
      async () => withJpegSegment(await photo('jpeg'), 0xe0, Buffer.concat([JFIF(1), Buffer.alloc(3, 0x7f)])),
    ],
    ['a second image after EOI', async () => Buffer.concat([await photo('jpeg'), await photo('jpeg')])],
  ])('re-encodes a JPEG with %s', async (_label, make) => {
    const input = await make();
    expect(jpegCarriesOnlyPixels(input)).toBe(false);
    const result = await validateImage(input);
    expect(result).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(result.image.includes(HTML)).toBe(false);
    expect(result.image.equals(input)).toBe(false);
  });

  it('gives the thumbnail of a clean JPEG, made by the decode that proves it whole (decision 132)', async () => {
    const result = await validateImage(await photo('jpeg', 960, 640));
    expect(await sharp(result.thumbnail).metadata()).toMatchObject({ format: 'webp', width: 480, height: 320 });
  });

  it('gives the thumbnail of a re-encoded JPEG upright, as the stored original shows', async () => {
    const input = await sharp(await photo('jpeg', 960, 640))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const result = await validateImage(input);
    expect(result).toMatchObject({ width: 640, height: 960 });
    expect(await sharp(result.thumbnail).metadata()).toMatchObject({ format: 'webp', width: 320, height: 480 });
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
