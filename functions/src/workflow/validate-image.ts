/**
 * Validation of an uploaded image, trusting nothing the browser declared: the format from its
 * magic bytes, the byte size, the pixel count read from the header BEFORE decoding (a small file
 * can declare a huge canvas: decompression bomb), then a complete decode that fails on truncated
 * data. The output is the normalised image: orientation applied, EXIF/GPS and other metadata gone.
 */
import sharp, { type Metadata } from 'sharp';
import { TRANSFORMATION_MESSAGES, UPLOAD_LIMITS } from '@vitrine/shared';
import { InvalidImageError } from './errors';

export type ImageFormat = 'jpeg' | 'png' | 'webp';

export interface NormalisedImage {
  image: Buffer;
  /** JPEG stays JPEG (no second lossy format), the others become lossless PNG. */
  format: 'jpeg' | 'png';
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

export function sniffFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

export async function validateImage(bytes: Buffer): Promise<NormalisedImage> {
  if (bytes.length > UPLOAD_LIMITS.maxBytes) throw new InvalidImageError(TRANSFORMATION_MESSAGES.fileTooLarge);
  const format = sniffFormat(bytes);
  if (!format) throw new InvalidImageError(TRANSFORMATION_MESSAGES.notAnImage);

  // Header only: metadata() does not decode pixels, so sharp's own pixel limit is lifted here
  // to let our check (and its French message) decide.
  let header: Metadata;
  try {
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new InvalidImageError(TRANSFORMATION_MESSAGES.corruptImage);
  }
  if (header.format !== format) throw new InvalidImageError(TRANSFORMATION_MESSAGES.notAnImage);
  if (header.width * header.height * (header.pages ?? 1) > UPLOAD_LIMITS.maxPixels) {
    throw new InvalidImageError(TRANSFORMATION_MESSAGES.tooManyPixels);
  }

  if (format !== 'webp' && carriesNothingToStrip(header) && (format !== 'jpeg' || jpegCarriesOnlyPixels(bytes))) {
    // Nothing to rotate or strip: a full decode proves the file is whole, and the original bytes
    // are kept as they are (no second lossy JPEG generation, and no encode on the hot path).
    try {
      await sharp(bytes, { failOn: 'truncated', limitInputPixels: UPLOAD_LIMITS.maxPixels }).raw().toBuffer();
    } catch {
      throw new InvalidImageError(TRANSFORMATION_MESSAGES.corruptImage);
    }
    return {
      image: bytes,
      format,
      contentType: format === 'jpeg' ? 'image/jpeg' : 'image/png',
      width: header.width,
      height: header.height,
    };
  }

  const output = format === 'jpeg' ? 'jpeg' : 'png';
  try {
    const pipeline = sharp(bytes, { failOn: 'truncated', limitInputPixels: UPLOAD_LIMITS.maxPixels })
      // EXIF orientation applied to the pixels; no keepMetadata(): EXIF, GPS and XMP are dropped.
      .rotate();
    const { data, info } = await (
      output === 'jpeg'
        ? pipeline.jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
        : pipeline.png({ compressionLevel: 2 })
    ).toBuffer({ resolveWithObject: true });
    return {
      image: data,
      format: output,
      contentType: output === 'jpeg' ? 'image/jpeg' : 'image/png',
      width: info.width,
      height: info.height,
    };
  } catch {
    throw new InvalidImageError(TRANSFORMATION_MESSAGES.corruptImage);
  }
}

/** No EXIF (GPS lives there), XMP, IPTC or PNG text chunks, and no rotation to apply. */
function carriesNothingToStrip(header: Metadata): boolean {
  return !header.exif && !header.xmp && !header.iptc && !header.comments?.length && (header.orientation ?? 1) === 1;
}

/**
 * sharp reports EXIF, XMP and IPTC, not JPEG comments or other application segments. Conservative
 * byte scan: inside entropy-coded data 0xFF is only followed by 0x00 or a restart marker, so any
 * comment (FFFE), application segment other than JFIF (FFE0) and ICC (FFE2), second image (FFD8)
 * or data after the end of image sends the file down the re-encoding path.
 */
export function jpegCarriesOnlyPixels(bytes: Buffer): boolean {
  for (let i = 2; i < bytes.length - 1; i++) {
    if (bytes[i] !== 0xff) continue;
    const marker = bytes[i + 1]!;
    if (marker === 0xd9) return i === bytes.length - 2;
    if (marker === 0xd8 || marker === 0xfe || (marker >= 0xe1 && marker <= 0xef && marker !== 0xe2)) return false;
    if (marker === 0xe2 && bytes.toString('latin1', i + 4, i + 16) !== 'ICC_PROFILE\0') return false;
  }
  return false;
}
