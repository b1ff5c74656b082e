/**
 * How a prepared photo (a reduced photo, a converted HEIC) becomes the JPEG that is sent: encoded
 * at a lower quality step by step while still above the 10 MB upload limit.
 */
import { PHOTO_PREPARATION, UPLOAD_LIMITS } from '@vitrine/shared';

const QUALITY_STEPS = [PHOTO_PREPARATION.jpegQuality, 0.82, 0.74, 0.66];

/** The first JPEG `encode` gives under the upload limit, or null when none is. */
export async function jpegUnderLimit(encode: (quality: number) => Promise<Blob>): Promise<Blob | null> {
  for (const quality of QUALITY_STEPS) {
    const blob = await encode(quality);
    if (blob.size <= UPLOAD_LIMITS.maxBytes) return blob;
  }
  return null;
}

/** The photo's name with a `.jpg` extension, as it is sent once prepared. */
export const jpegName = (fileName: string): string => fileName.replace(/\.[^.]*$/, '') + '.jpg';
