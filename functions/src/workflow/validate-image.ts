/**
 * Validation of an uploaded image, trusting nothing the browser declared: the format from its
 * magic bytes, the byte size, the pixel count read from the header BEFORE decoding (a small file
 * can declare a huge canvas: decompression bomb), then a complete decode that fails on truncated
 * data. The output is the normalised image: orientation applied, EXIF/GPS and other metadata gone,
 * with its thumbnail (decision 132: made by the decode that proves a clean file whole).
 */
import sharp, { type Metadata } from 'sharp';
import { TRANSFORMATION_MESSAGES, UPLOAD_LIMITS } from '@vitrine/shared';
import { InvalidImageError } from './errors';
import { makeThumbnail, thumbnailOf } from './thumbnail';

export type ImageFormat = 'jpeg' | 'png' | 'webp';

export interface NormalisedImage {
  image: Buffer;
  /** JPEG stays JPEG (no second lossy format), the others become lossless PNG. */
  format: 'jpeg' | 'png';
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  /** Its thumbnail (thumbnail.ts), for the galleries. */
  thumbnail: Buffer;
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

/**
 * What the checks before any decode found: the format, the size, and whether the upload is kept as
 * it is (`keptAsIs`: upright, nothing to strip) or re-encoded. Its bytes are then trusted in
 * structure; only a decode can prove its pixels whole (normaliseUpload).
 */
export interface CheckedUpload {
  format: ImageFormat;
  header: Metadata;
  /** The upload itself is the normalised original, once its decode proves it whole. */
  keptAsIs?: { format: 'jpeg' | 'png'; contentType: 'image/jpeg' | 'image/png' };
}

/** The checks that need no decode: size, magic bytes, header, pixel count, what the file carries. */
export async function checkUpload(bytes: Buffer): Promise<CheckedUpload> {
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
  if (format !== 'webp' && carriesNothingToStrip(header) && carriesOnlyPixels(format, bytes)) {
    return { format, header, keptAsIs: { format, contentType: format === 'jpeg' ? 'image/jpeg' : 'image/png' } };
  }
  return { format, header };
}

export async function validateImage(bytes: Buffer): Promise<NormalisedImage> {
  return normaliseUpload(bytes, await checkUpload(bytes));
}

/** The normalised original of a checked upload, with its thumbnail; refuses pixels that do not decode. */
export async function normaliseUpload(
  bytes: Buffer,
  { format, header, keptAsIs }: CheckedUpload,
): Promise<NormalisedImage> {
  if (keptAsIs) {
    // Nothing to rotate or strip: the original bytes are kept as they are (no second lossy JPEG
    // generation, no encode). One decode proves the file whole and makes its thumbnail: a large
    // JPEG is decoded at 1/8 scale, yet every block is still entropy-decoded, so what fails a full
    // decode fails this one (decision 132).
    let thumbnail: Buffer;
    try {
      thumbnail = await thumbnailOf(
        sharp(bytes, { failOn: 'truncated', limitInputPixels: UPLOAD_LIMITS.maxPixels }),
        header.width,
        header.height,
      );
    } catch {
      throw new InvalidImageError(TRANSFORMATION_MESSAGES.corruptImage);
    }
    return { image: bytes, ...keptAsIs, width: header.width, height: header.height, thumbnail };
  }

  const output = format === 'jpeg' ? 'jpeg' : 'png';
  let normalised: { data: Buffer; info: { width: number; height: number } };
  try {
    const pipeline = sharp(bytes, { failOn: 'truncated', limitInputPixels: UPLOAD_LIMITS.maxPixels })
      // EXIF orientation applied to the pixels; no keepMetadata(): EXIF, GPS and XMP are dropped.
      .rotate();
    normalised = await (
      output === 'jpeg'
        ? pipeline.jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
        : pipeline.png({ compressionLevel: 2 })
    ).toBuffer({ resolveWithObject: true });
  } catch {
    throw new InvalidImageError(TRANSFORMATION_MESSAGES.corruptImage);
  }
  const { data, info } = normalised;
  return {
    image: data,
    format: output,
    contentType: output === 'jpeg' ? 'image/jpeg' : 'image/png',
    width: info.width,
    height: info.height,
    // From the stored picture itself: upright, as the galleries show it.
    thumbnail: await makeThumbnail(data, info.width, info.height),
  };
}

/** No EXIF (GPS lives there), XMP, IPTC or PNG text chunks, and no rotation to apply. */
function carriesNothingToStrip(header: Metadata): boolean {
  return !header.exif && !header.xmp && !header.iptc && !header.comments?.length && (header.orientation ?? 1) === 1;
}

function carriesOnlyPixels(format: 'jpeg' | 'png', bytes: Buffer): boolean {
  return format === 'jpeg' ? jpegCarriesOnlyPixels(bytes) : pngCarriesOnlyPixels(bytes);
}

/** What a viewer needs to draw a PNG, colour management included; anything else (text, eXIf,
 * private chunks that can hold HTML or a script) sends the file down the re-encoding path. */
const PNG_CHUNKS_KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'pHYs',
]);

/**
 * Walks the chunks after the signature: true only when every chunk is in `PNG_CHUNKS_KEPT`, each
 * lies within the file, and IEND ends it (nothing appended after the image).
 */
export function pngCarriesOnlyPixels(bytes: Buffer): boolean {
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > bytes.length || !PNG_CHUNKS_KEPT.has(type)) return false;
    if (type === 'IEND') return end === bytes.length;
    offset = end;
  }
  return false;
}

const JPEG = { SOI: 0xd8, EOI: 0xd9, SOS: 0xda, DQT: 0xdb, DHT: 0xc4, DRI: 0xdd, APP0: 0xe0, APP2: 0xe2 } as const;

/** Frame headers SOF0-SOF15, except DHT (0xC4), JPG (0xC8, reserved) and DAC (0xCC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Whether a marker segment (payload `start`..`end`) is one a viewer needs to draw the image. */
function jpegSegmentKept(bytes: Buffer, marker: number, start: number, end: number): boolean {
  if (marker === JPEG.APP0) {
    // JFIF without its optional thumbnail (a second picture, possibly of what was cropped out).
    return (
      end - start === 14 &&
      bytes.toString('latin1', start, start + 5) === 'JFIF\0' &&
      bytes[start + 12] === 0 &&
      bytes[start + 13] === 0
    );
  }
  if (marker === JPEG.APP2) return bytes.toString('latin1', start, start + 12) === 'ICC_PROFILE\0';
  return (
    marker === JPEG.DQT || marker === JPEG.DHT || marker === JPEG.DRI || marker === JPEG.SOS || isStartOfFrame(marker)
  );
}

/**
 * Walks the marker segments: true only for SOI, then segments a viewer needs (APP0 JFIF without
 * thumbnail, APP2 ICC, DQT, SOF*, DHT, DRI, SOS and its entropy-coded data), then EOI ending the
 * file. Any comment, other application segment (EXIF, XMP, IPTC, vendor data), second image or
 * byte after EOI sends the file down the re-encoding path. Inside entropy-coded data 0xFF is only
 * followed by 0x00 (stuffing) or a restart marker, so the next other marker ends the scan.
 */
export function jpegCarriesOnlyPixels(bytes: Buffer): boolean {
  if (bytes[0] !== 0xff || bytes[1] !== JPEG.SOI) return false;
  let offset = 2;
  while (offset + 1 < bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    let marker = bytes[offset + 1]!;
    // Fill bytes: any number of 0xFF may precede a marker.
    while (marker === 0xff && offset + 2 < bytes.length) marker = bytes[++offset + 1]!;
    if (marker === JPEG.EOI) return offset + 2 === bytes.length;
    if (offset + 4 > bytes.length) return false;
    const end = offset + 2 + bytes.readUInt16BE(offset + 2);
    if (end < offset + 4 || end > bytes.length || !jpegSegmentKept(bytes, marker, offset + 4, end)) return false;
    offset = end;
    if (marker === JPEG.SOS) {
      while (offset + 1 < bytes.length) {
        const next = bytes[offset + 1]!;
        if (bytes[offset] === 0xff && next !== 0x00 && (next < 0xd0 || next > 0xd7)) break;
        offset++;
      }
    }
  }
  return false;
}
