/**
 * Which URL of a saved image to show. Grids, cards and dialogs use the small WebPs; the full-size
 * result is for downloads and 'Ouvrir en taille réelle'. An image saved before thumbnails existed
 * has none: its full-size URLs stand in.
 */
import type { Image } from '@vitrine/shared';

export const resultThumbnail = (image: Image): string | null =>
  image.thumbnailUrl ?? image.transformedSignedUrl ?? image.url ?? null;

export const originalThumbnail = (image: Image): string | null =>
  image.originalThumbnailUrl ?? image.originalSignedUrl ?? null;

export const fullSizeResult = (image: Image): string | null => image.transformedSignedUrl ?? image.url ?? null;
