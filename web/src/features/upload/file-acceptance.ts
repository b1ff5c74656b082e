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
