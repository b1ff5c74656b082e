/** A provider's image as PNG with its size; re-encoded only when the provider sent another format. */
import sharp from 'sharp';
import { PNG_OUTPUT } from '../local/raster';

export async function asPng(image: Buffer): Promise<{ image: Buffer; width: number; height: number }> {
  const { format, width, height } = await sharp(image).metadata();
  if (format === 'png') return { image, width, height };
  const { data, info } = await sharp(image).png(PNG_OUTPUT).toBuffer({ resolveWithObject: true });
  return { image: data, width: info.width, height: info.height };
}
