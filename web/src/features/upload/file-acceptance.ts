/**
 * Files the wizard accepts (spec 9: JPG, PNG, WEBP up to 10 MB), checked with the same shared
 * schema the API applies, so a refused file is refused at once with the API's French message.
 * The real type comes from the file's first bytes (decision 094), as the API checks it again;
 * photos above 10 MB, up to 50 MB, are reduced before upload (photo-reduction.ts), and HEIC/HEIF
 * photos converted to JPEG (heic-conversion.ts, decision 120).
 */
import * as z from 'zod/mini';
import {
  IMAGE_SIGNATURE_BYTES,
  isHeifSignature,
  PHOTO_PREPARATION,
  sniffImageType,
  TRANSFORMATION_MESSAGES,
  UPLOAD_LIMITS,
  uploadRequestSchema,
  WIZARD_TEXTS,
} from '@vitrine/shared';
import { needsReduction, reducePhoto } from './photo-reduction';

/**
 * Value of the file input's `accept` attribute: the API's types, and HEIC/HEIF (converted here
 * before upload; by extension too, as desktop systems often give such files no type).
 */
export const ACCEPTED_CONTENT_TYPES = [
  ...UPLOAD_LIMITS.contentTypes,
  'image/heic',
  'image/heif',
  '.heic',
  '.heif',
].join(',');

/** How photos the API would refuse as they are become ones it takes (replaced in unit tests). */
export interface PhotoPreparation {
  reduce: (file: File) => Promise<File | null>;
  fromHeic: (file: File) => Promise<File | null>;
}

const BROWSER_PREPARATION: PhotoPreparation = {
  reduce: reducePhoto,
  // Loaded with the first HEIC: the worker and libheif are not part of the wizard's code.
  fromHeic: async (file) => (await import('./heic-conversion')).convertHeic(file),
};

const fileChecks = z.pick(uploadRequestSchema, { contentType: true, size: true });

export interface FileRefusal {
  fileName: string;
  message: string;
}

/** The reason a file is refused (first French message of the schema), or null when accepted. */
export function refusalReason(file: Pick<File, 'type' | 'size'>): string | null {
  const result = fileChecks.safeParse({ contentType: file.type, size: file.size });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** Splits picked or dropped files into the accepted ones and the refusals, in order. */
export function partitionFiles<T extends Pick<File, 'name' | 'type' | 'size'>>(
  files: Iterable<T>,
): { accepted: T[]; refusals: FileRefusal[] } {
  const accepted: T[] = [];
  const refusals: FileRefusal[] = [];
  for (const file of files) {
    const message = refusalReason(file);
    if (message) refusals.push({ fileName: file.name, message });
    else accepted.push(file);
  }
  return { accepted, refusals };
}

/** The first bytes of a file (FileReader: Blob.arrayBuffer is missing from older engines and jsdom). */
export function readFileHead(file: Blob, bytes = IMAGE_SIGNATURE_BYTES): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsArrayBuffer(file.slice(0, bytes));
  });
}

/**
 * The file as an image of its real type, or the French reason it is not one: a text renamed
 * `.jpg` is refused, a PNG named `.jpg` is sent as the PNG it is (the upload declares its type).
 */
export async function withRealType(
  file: File,
  preparation: PhotoPreparation = BROWSER_PREPARATION,
): Promise<File | FileRefusal> {
  const head = await readFileHead(file);
  const type = sniffImageType(head);
  if (!type && isHeifSignature(head)) {
    if (file.size > PHOTO_PREPARATION.maxInputBytes)
      return { fileName: file.name, message: WIZARD_TEXTS.photoTooLarge };
    return (await preparation.fromHeic(file)) ?? { fileName: file.name, message: WIZARD_TEXTS.heicUnreadable };
  }
  if (!type) {
    // Declared as another format (a GIF): the format message; declared as ours: not really an image.
    const message = refusalReason(file) ?? TRANSFORMATION_MESSAGES.notAnImage;
    return { fileName: file.name, message };
  }
  const typed = type === file.type ? file : new File([file], file.name, { type, lastModified: file.lastModified });
  if (file.size > PHOTO_PREPARATION.maxInputBytes) return { fileName: file.name, message: WIZARD_TEXTS.photoTooLarge };
  if (!needsReduction(typed)) return typed;
  // Above 10 MB: reduced in the browser to what the pipeline takes (issue 22).
  return (await preparation.reduce(typed)) ?? { fileName: file.name, message: TRANSFORMATION_MESSAGES.corruptImage };
}

/**
 * `partitionFiles` after each file's real type is read, a photo above 10 MB reduced and a HEIC
 * converted: what the API will accept, in order.
 */
export async function acceptFiles(
  files: Iterable<File>,
  preparation: PhotoPreparation = BROWSER_PREPARATION,
): Promise<{ accepted: File[]; refusals: FileRefusal[] }> {
  const typed = await Promise.all(Array.from(files, (file) => withRealType(file, preparation)));
  const { accepted, refusals } = partitionFiles(typed.filter((entry): entry is File => entry instanceof File));
  const unreadable = typed.filter((entry): entry is FileRefusal => !(entry instanceof File));
  // Refusals in the order the files were picked.
  const order = Array.from(files, (file) => file.name);
  const all = [...unreadable, ...refusals].sort((a, b) => order.indexOf(a.fileName) - order.indexOf(b.fileName));
  return { accepted, refusals: all };
}

type FileIdentity = Pick<File, 'name' | 'size' | 'lastModified'>;
const identity = (file: FileIdentity) => `${file.name}\u0000${file.size}\u0000${file.lastModified}`;

/**
 * Drops the files already picked (same name, size and modification time), and repeats within the
 * pick: each would cost a credit for the same result. The dropped ones come back as refusals.
 */
export function withoutDuplicates<T extends FileIdentity>(
  files: T[],
  alreadyPicked: FileIdentity[],
  message: string,
): { unique: T[]; duplicates: FileRefusal[] } {
  const seen = new Set(alreadyPicked.map(identity));
  const unique: T[] = [];
  const duplicates: FileRefusal[] = [];
  for (const file of files) {
    const key = identity(file);
    if (seen.has(key)) duplicates.push({ fileName: file.name, message });
    else {
      seen.add(key);
      unique.push(file);
    }
  }
  return { unique, duplicates };
}
