/**
 * The small pictures galleries, cards and dialogs show (architecture decision 44): a WebP of
 * about 480 px on the long side, of the validated original and of the result, stored beside the
 * result. Grids of 40 then weigh about a megabyte instead of 40 full-size PNGs.
 */
import sharp, { type Sharp } from 'sharp';
import { objectKeys } from '../lib/object-keys';
import type { TransformationRef } from './steps';

export const THUMBNAIL = { longSide: 480, quality: 75, contentType: 'image/webp' } as const;

export const thumbnailKeyOf = (ref: TransformationRef, picture: 'original' | 'result') =>
  objectKeys.thumbnail(ref.orgId, ref.transformationId, picture);

/** Pixel size of the thumbnail of a `width` x `height` picture (never enlarged). */
export function thumbnailSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, THUMBNAIL.longSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The thumbnail of encoded `image`, a `width` x `height` picture (a result's comes from its pixels, decision 138). */
export function makeThumbnail(image: Buffer, width: number, height: number): Promise<Buffer> {
  return thumbnailOf(sharp(image), width, height);
}

/**
 * The thumbnail of the picture `pipeline` decodes, at the size of a `width` x `height` picture.
 * From a JPEG, libvips decodes at 1/8 scale (shrink-on-load): a fraction of a full decode.
 */
export function thumbnailOf(pipeline: Sharp, width: number, height: number): Promise<Buffer> {
  const size = thumbnailSize(width, height);
  return pipeline
    .resize(size.width, size.height, { fit: 'fill' })
    .webp({ quality: THUMBNAIL.quality, effort: 2 })
    .toBuffer();
}
