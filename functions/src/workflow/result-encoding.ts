/**
 * The stored result's encoding (decision 091): a high-quality JPEG at the original's pixel size, or
 * a lossless PNG when the original was a PNG with transparency (the engines flatten transparency to
 * white, so that PNG is opaque: decision 138). A 12 MP photo then weighs a few megabytes instead of
 * about 20 as a PNG (`npm run bench -- pipeline`).
 */
import sharp from 'sharp';
import { RESULT_FORMATS, type ResultContentType, type ResultFormat } from '@vitrine/shared';
import { PNG_OUTPUT, rasterImage, type Raster } from '../engines/local/raster';

/**
 * Quality 90 with 4:2:0 chroma: no visible loss on photographs, a third of the 4:4:4 weight gain.
 * Huffman tables not optimised: a second pass over the coefficients that costs about twice the
 * encode itself (12 MP: 72 against 195 ms) for files 2 to 3 % lighter (decision 138).
 */
export const RESULT_JPEG = { quality: 90, chromaSubsampling: '4:2:0', optimiseCoding: false } as const;

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
 * The engine's pixels at the original's size, encoded once in `format` (decision 138). Never
 * stretched: a result of another aspect ratio is an error, not a picture to distort.
 */
export async function encodeResult(
  pixels: Raster,
  width: number,
  height: number,
  format: ResultFormat,
): Promise<EncodedResult> {
  if (Math.abs(pixels.width / pixels.height - width / height) > 0.01) {
    throw new Error(
      `Engine result ${pixels.width}x${pixels.height} does not have the original's ratio ${width}x${height}`,
    );
  }
  let image = rasterImage(pixels);
  if (pixels.width !== width || pixels.height !== height) image = image.resize(width, height, { fit: 'fill' });
  const body = await (format === 'png' ? image.png(PNG_OUTPUT) : image.jpeg(RESULT_JPEG)).toBuffer();
  return { body, contentType: RESULT_FORMATS[format].contentType };
}
