/**
 * Photos above the 10 MB upload limit, up to PHOTO_PREPARATION.maxInputBytes, are reduced here
 * before they are sent (issue 22): decoded with their EXIF orientation applied, drawn at most
 * 6,000 px on the long side, and encoded as JPEG under the limit (jpeg-under-limit.ts).
 */
import { reducedSize, UPLOAD_LIMITS, PHOTO_PREPARATION } from '@vitrine/shared';
import { jpegName, jpegUnderLimit } from './jpeg-under-limit';

/** True when the file must be reduced before upload (and may be: not above the input bound). */
export const needsReduction = (file: Pick<File, 'size'>): boolean =>
  file.size > UPLOAD_LIMITS.maxBytes && file.size <= PHOTO_PREPARATION.maxInputBytes;

function canvasToJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))), 'image/jpeg', quality),
  );
}

/**
 * The photo reduced under the upload limit, as a JPEG named like the original (`.jpg`), or null
 * when the browser cannot decode it or cannot bring it under the limit.
 */
export async function reducePhoto(file: File): Promise<File | null> {
  let bitmap: ImageBitmap;
  try {
    // 'from-image': the EXIF orientation is applied, so a portrait photo stays upright.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const { width, height } = reducedSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await jpegUnderLimit((quality) => canvasToJpeg(canvas, quality));
    return blob && new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
