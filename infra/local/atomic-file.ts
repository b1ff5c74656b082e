/**
 * Crash-safe file writes for the local emulators' stores: the data goes to a temporary file beside
 * the target, which is renamed over it once complete. A process killed mid-write (SIGKILL) then
 * leaves the previous content or the new one, never half of it; the leftover temporary file is
 * removed at the next start (recovery/). Renames within one directory are atomic on POSIX.
 */
import { randomUUID } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';

/** The suffix of a write in progress: such a file is never data, only an unfinished write. */
export const TEMPORARY_SUFFIX = '.vitrine-tmp';

export function temporaryPath(file: string): string {
  return `${file}.${randomUUID()}${TEMPORARY_SUFFIX}`;
}

export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const temporary = temporaryPath(file);
  try {
    await writeFile(temporary, data);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Writes of one file in call order: each starts once the previous one has landed, so an older
 * snapshot can never be renamed over a newer one.
 */
export function serialisedWriter(): (file: string, data: string | Uint8Array) => Promise<void> {
  const queues = new Map<string, Promise<void>>();
  return (file, data) => {
    const previous = queues.get(file) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => writeFileAtomic(file, data));
    queues.set(file, next);
    void next.finally(() => {
      if (queues.get(file) === next) queues.delete(file);
    });
    return next;
  };
}
