/**
 * Files the wizard accepts (spec 9: JPG, PNG, WEBP up to 10 MB), checked with the same shared
 * schema the API applies, so a refused file is refused at once with the API's French message.
 */
import * as z from 'zod/mini';
import { UPLOAD_LIMITS, uploadRequestSchema } from '@vitrine/shared';

/** Value of the file input's `accept` attribute. */
export const ACCEPTED_CONTENT_TYPES = UPLOAD_LIMITS.contentTypes.join(',');

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
