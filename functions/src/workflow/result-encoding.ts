/**
 * The stored result's encoding (decision 091): a high-quality JPEG at the original's pixel size, or
 * a lossless PNG when the original was a PNG with transparency (which a JPEG would lose). A 12 MP
 * photo then weighs a few megabytes instead of about 20 as a PNG (`npm run bench -- pipeline`).
 */
import sharp from 'sharp';
import { RESULT_FORMATS, type ResultContentType, type ResultFormat } from '@vitrine/shared';

/** Quality 90 with 4:2:0 chroma: no visible loss on photographs, a third of the 4:4:4 weight gain. */
export const RESULT_JPEG = { quality: 90, chromaSubsampling: '4:2:0' } as const;

/**
 * JPEG unless the validated original is a PNG (the normalised form of PNG and WebP uploads) with
 * at least one pixel that is not opaque: an alpha channel of 255 everywhere is no transparency.
 */
export async function resultFormatFor(original: Buffer): Promise<ResultFormat> {
  const meta = await sharp(original).metadata();
  if (meta.format !== 'png' || !meta.hasAlpha) return 'jpeg';
  const { isOpaque } = await sharp(original).stats();
  return isOpaque ? 'jpeg' : 'png';
}

export interface EncodedResult {
  body: Buffer;
  contentType: ResultContentType;
}

/**
 * The engine's image at the original's size, in `format`. Never stretched: an engine result of
 * another aspect ratio is an error, not a picture to distort. A PNG already at size is kept as is.
 */
export async function encodeResult(
  image: Buffer,
  width: number,
  height: number,
  format: ResultFormat,
): Promise<EncodedResult> {
  const contentType = RESULT_FORMATS[format].contentType;
  const meta = await sharp(image).metadata();
  if (Math.abs(meta.width / meta.height - width / height) > 0.01) {
    throw new Error(`Engine result ${meta.width}x${meta.height} does not have the original's ratio ${width}x${height}`);
  }
  const atSize = meta.width === width && meta.height === height;
  if (format === 'png' && meta.format === 'png' && atSize) return { body: image, contentType };
  const pipeline = atSize ? sharp(image) : sharp(image).resize(width, height, { fit: 'fill' });
  const body =
    format === 'png'
      ? await pipeline.png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer()
      : // A JPEG has no alpha: anything an engine left transparent shows white, not black.
        await pipeline.flatten({ background: '#ffffff' }).jpeg(RESULT_JPEG).toBuffer();
  return { body, contentType };
}
