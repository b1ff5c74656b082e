/**
 * From the full-resolution original to the provider's canvas and back (decision 61): the photo and
 * its edit mask framed for the provider (provider-frame.ts), the answer cropped back to the photo,
 * and composited into the full-resolution original inside a feathered edit region. Where the
 * feathered region is 0 the result is the original's pixel, bit for bit; the output keeps the
 * original's width, height and orientation.
 */
import sharp from 'sharp';
import type { Raster } from '../local/raster';
import type { Frame } from './provider-frame';
import { erode } from './masks';

const { max, min, round } = Math;

/** The original, EXIF orientation applied (Validate did it already; this guards direct callers). */
export async function decodeOriented(image: Buffer): Promise<Raster> {
  const { data, info } = await sharp(image)
    .rotate()
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A one-byte mask as an 8-bit greyscale raster (255 inside). */
function maskImage(mask: Uint8Array, width: number, height: number) {
  const grey = Buffer.alloc(mask.length);
  for (let p = 0; p < mask.length; p++) grey[p] = mask[p] ? 255 : 0;
  return sharp(grey, { raw: { width, height, channels: 1 } });
}

/**
 * The provider's input: the photo and the mask (white = paint here) on the provider's canvas, as PNG.
 * The photo is mirrored into the padding, so the model sees a plausible continuation, never a border.
 */
export async function framedInput(
  original: Raster,
  region: Uint8Array,
  regionSize: { width: number; height: number },
  frame: Frame,
): Promise<{ image: Buffer; mask: Buffer }> {
  const { content } = frame;
  const padding = {
    left: content.left,
    top: content.top,
    right: frame.width - content.width - content.left,
    bottom: frame.height - content.height - content.top,
  };
  const image = await sharp(original.data, { raw: { width: original.width, height: original.height, channels: 3 } })
    .resize(content.width, content.height, { fit: 'fill', kernel: 'lanczos3' })
    .extend({ ...padding, extendWith: 'mirror' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const mask = await maskImage(region, regionSize.width, regionSize.height)
    .resize(content.width, content.height, { fit: 'fill', kernel: 'nearest' })
    .extend({ ...padding, background: { r: 0, g: 0, b: 0, alpha: 1 } })
    .toColourspace('b-w')
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { image, mask };
}

/** The provider's answer cropped to the photo and resized to `size` (no stretch: same aspect ratio). */
export async function unframed(answer: Buffer, frame: Frame, size: { width: number; height: number }): Promise<Raster> {
  const meta = await sharp(answer).metadata();
  let pipeline = sharp(answer).removeAlpha();
  // A provider may answer at another scale of the same canvas: bring it back to the canvas first.
  if (meta.width !== frame.width || meta.height !== frame.height) {
    pipeline = sharp(await pipeline.resize(frame.width, frame.height, { fit: 'fill' }).toBuffer());
  }
  const { data, info } = await pipeline
    .extract(frame.content)
    .resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * The feathered edit region at full resolution, one byte per pixel: 0 outside the region, rising
 * to 255 over a band inside its border (eroded, blurred, scaled up, then cut at the region).
 */
export async function featheredAlpha(
  region: Uint8Array,
  regionSize: { width: number; height: number },
  size: { width: number; height: number },
): Promise<Buffer> {
  const radius = max(1, round(min(regionSize.width, regionSize.height) * 0.006));
  const inner = erode(region, regionSize.width, regionSize.height, radius);
  const upscale = (mask: Uint8Array, kernel: 'linear' | 'nearest', blur?: number) => {
    let pipeline = maskImage(mask, regionSize.width, regionSize.height);
    if (blur) pipeline = pipeline.blur(blur);
    return pipeline.resize(size.width, size.height, { fit: 'fill', kernel }).extractChannel(0).raw().toBuffer();
  };
  const [soft, hard] = await Promise.all([upscale(inner, 'linear', radius * 0.8 + 0.3), upscale(region, 'nearest')]);
  // libvips' blur of a flat 255 lands a few levels short: the region's core is scaled back to 255.
  let peak = 1;
  for (let p = 0; p < soft.length; p++) if (soft[p]! > peak) peak = soft[p]!;
  const gain = 255 / peak;
  // The blur reaches past the region's border: cut it there, so outside means untouched.
  for (let p = 0; p < soft.length; p++) soft[p] = hard[p] === 0 ? 0 : min(255, round(soft[p]! * gain));
  return soft;
}

/** original + (edited - original) * alpha, per channel; alpha 0 copies the original's byte. */
export function composite(original: Raster, edited: Raster, alpha: Buffer): Buffer {
  const out = Buffer.from(original.data);
  const source = edited.data;
  for (let p = 0; p < alpha.length; p++) {
    const a = alpha[p]!;
    if (a === 0) continue;
    const i = p * 3;
    if (a === 255) {
      out[i] = source[i]!;
      out[i + 1] = source[i + 1]!;
      out[i + 2] = source[i + 2]!;
      continue;
    }
    for (let c = i; c < i + 3; c++) out[c] = round(out[c]! + ((source[c]! - out[c]!) * a) / 255);
  }
  return out;
}
