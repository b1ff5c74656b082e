import { readFileSync } from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { layoutMark, renderMarkedImage, type MarkSpec } from './render-mark';
import { textPaths } from './mark-text';

const PHOTOS = path.join(__dirname, '../../../test/fixtures/photos');
const LIGHT_SKY = path.join(PHOTOS, 'sky/cathedral-clouds.jpg');
const DARK_ROOM = path.join(PHOTOS, 'hdr/candle-dark-room.jpg');
const URL = 'https://app.vitrine-immo.fr/api/public/originals/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

const STAGING: MarkSpec = { statement: 'Photo retouchée\u202f: ameublement virtuel', corner: 'bottom-left' };

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

async function raw(bytes: Buffer) {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean luminance and the share of near-white pixels in a box. */
async function regionStats(bytes: Buffer, box: Box) {
  const { data, info } = await sharp(bytes).extract(box).greyscale().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  let white = 0;
  for (const value of data) {
    sum += value;
    if (value > 200) white += 1;
  }
  return { mean: sum / data.length, whiteShare: white / data.length, pixels: data, info };
}

/** Mean absolute difference of two renders in a box. */
async function difference(a: Buffer, b: Buffer, box: Box): Promise<number> {
  const [x, y] = await Promise.all([regionStats(a, box), regionStats(b, box)]);
  let sum = 0;
  for (let i = 0; i < x.pixels.length; i += 1) sum += Math.abs(x.pixels[i]! - y.pixels[i]!);
  return sum / x.pixels.length;
}

describe('textPaths', () => {
  it('draws each character as a path, wider for longer text, and any unknown character as a box', () => {
    const short = textPaths('Photo', 20, '#fff');
    const long = textPaths('Photo retouchée', 20, '#fff');
    expect(short.svg.match(/<path /g)).toHaveLength(5);
    expect(long.width).toBeGreaterThan(short.width * 2);
    expect(textPaths('漢', 20, '#fff').svg).toContain('<path ');
  });
});

describe('renderMarkedImage', () => {
  it('writes the statement on a dark plate in the chosen corner of a light sky, and nothing elsewhere', async () => {
    const clean = readFileSync(LIGHT_SKY);
    const { width, height } = await sharp(clean).metadata();
    const { bytes, contentType } = await renderMarkedImage(clean, STAGING);
    expect(contentType).toBe('image/jpeg');
    expect(await sharp(bytes).metadata()).toMatchObject({ width, height, format: 'jpeg' });
    const layout = layoutMark(width!, height!, STAGING);
    expect(layout.left).toBeLessThan(width! / 4);
    expect(layout.top + layout.height).toBeGreaterThan(height! * 0.9);
    // The text: white strokes on the plate, where the photo had none of that contrast.
    const text = await regionStats(bytes, layout.text);
    expect(text.whiteShare).toBeGreaterThan(0.12);
    expect(await difference(bytes, clean, layout.text)).toBeGreaterThan(40);
    // Above the plate the photo is only re-encoded.
    const above = { left: 0, top: 0, width: width!, height: Math.floor(layout.top * 0.9) };
    expect(await difference(bytes, clean, above)).toBeLessThan(2);
  });

  it('keeps the statement legible on a dark room: the text is much lighter than the plate around it', async () => {
    const clean = readFileSync(DARK_ROOM);
    const spec: MarkSpec = { ...STAGING, corner: 'top-right' };
    const { bytes } = await renderMarkedImage(clean, spec);
    const { width, height } = await sharp(bytes).metadata();
    const layout = layoutMark(width!, height!, spec);
    expect(layout.left + layout.width).toBeGreaterThan(width! * 0.9);
    expect(layout.top).toBeLessThan(height! * 0.1);
    const text = await regionStats(bytes, layout.text);
    const plateEdge = await regionStats(bytes, {
      left: layout.left + 2,
      top: layout.top + 2,
      width: layout.width - 4,
      height: 3,
    });
    expect(text.whiteShare).toBeGreaterThan(0.12);
    expect(plateEdge.mean).toBeLessThan(60);
  });

  it('draws a different statement differently (the text is drawn, not a fixed picture)', async () => {
    const clean = readFileSync(LIGHT_SKY);
    const sky: MarkSpec = { ...STAGING, statement: 'Photo retouchée\u202f: ciel remplacé' };
    const [a, b] = await Promise.all([renderMarkedImage(clean, STAGING), renderMarkedImage(clean, sky)]);
    const { width, height } = await sharp(clean).metadata();
    const layout = layoutMark(width!, height!, sky);
    expect(await difference(a.bytes, b.bytes, layout.text)).toBeGreaterThan(20);
  });

  it('sizes the mark from the image: the same share of a small and a large image', async () => {
    const small = layoutMark(1000, 750, STAGING);
    const large = layoutMark(4000, 3000, STAGING);
    expect(large.text.height / small.text.height).toBeCloseTo(4, 0);
  });

  it('adds a QR code that decodes to the public original', async () => {
    const clean = readFileSync(LIGHT_SKY);
    const spec: MarkSpec = { ...STAGING, qrUrl: URL, qrCaption: 'Original non retouché\u202f: scannez le code' };
    const { bytes } = await renderMarkedImage(clean, spec);
    const image = await raw(bytes);
    const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(decoded?.data).toBe(URL);
    const layout = layoutMark(image.width, image.height, spec);
    expect(layout.qr!.left).toBeGreaterThanOrEqual(layout.left);
    expect(layout.text.left).toBeGreaterThan(layout.qr!.left + layout.qr!.side);
  });

  it('keeps a PNG a PNG (a transparent original) and fits a narrow image', async () => {
    const png = await sharp({ create: { width: 360, height: 640, channels: 4, background: '#ffffff00' } })
      .png()
      .toBuffer();
    const spec: MarkSpec = { ...STAGING, statement: 'Photo retouchée\u202f: pièce rénovée virtuellement', qrUrl: URL };
    const { bytes, contentType } = await renderMarkedImage(png, spec);
    expect(contentType).toBe('image/png');
    const layout = layoutMark(360, 640, spec);
    expect(layout.left + layout.width).toBeLessThanOrEqual(360);
    const image = await raw(await sharp(bytes).flatten({ background: '#fff' }).png().toBuffer());
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(URL);
  });
});
