/**
 * The real type of an image file from its first bytes (its "magic number"), whatever its name or
 * declared type says: the wizard checks a picked file with it, and the API checks the uploaded
 * object with it before anything is charged or queued (decision 094). The workflow's Validate
 * step decodes the whole image later; this only tells an image from something renamed `.jpg`.
 */
import type { UploadContentType } from './constants';

/** Bytes to read: enough for the longest signature (WEBP: `RIFF` size `WEBP`; HEIF: `ftyp` brand). */
export const IMAGE_SIGNATURE_BYTES = 12;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** JPEG, PNG or WEBP from the first bytes, else null. */
export function sniffImageType(bytes: Uint8Array): UploadContentType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= PNG.length && PNG.every((byte, index) => bytes[index] === byte)) return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** HEIF brands iPhones and cameras write (HEIC stills and sequences, and the generic `mif1`). */
const HEIF_BRANDS = /* @__PURE__ */ new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/** True for a HEIC/HEIF file (ISO BMFF `ftyp` box with a HEIF brand): the wizard converts it to JPEG. */
export function isHeifSignature(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(bytes, 8, 12));
}
