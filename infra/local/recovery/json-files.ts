/**
 * Stores made of JSON files (cognito-local's pools, the mail outbox) after a stop. Their writes are
 * atomic now (../atomic-file.ts), so a leftover temporary file is an unfinished write, removed.
 * A file that does not parse predates that (a write cut short): a mail is dropped (never sent);
 * a pool is set aside under a `.corrupt-<date>` name, since its accounts cannot be read back.
 */
import { readdir, readFile, rename, rm } from 'node:fs/promises';
import * as path from 'node:path';
import { TEMPORARY_SUFFIX } from '../atomic-file';
import { exists, parseJson } from './files';

export async function recoverJsonFiles(
  directory: string,
  label: string,
  unreadable: 'drop' | 'set-aside',
): Promise<string[]> {
  if (!(await exists(directory))) return [];
  const repairs: string[] = [];
  for (const name of await readdir(directory)) {
    const file = path.join(directory, name);
    if (name.endsWith(TEMPORARY_SUFFIX)) {
      await rm(file, { force: true });
      repairs.push(`${label}: removed an unfinished write (${name})`);
      continue;
    }
    if (!name.endsWith('.json')) continue;
    if (parseJson(await readFile(file, 'utf8')) !== undefined) continue;
    if (unreadable === 'drop') {
      await rm(file, { force: true });
      repairs.push(`${label}: removed ${name}, cut short while being written`);
    } else {
      const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(file, aside);
      repairs.push(
        `${label}: ${name} could not be read (cut short by an older version); set aside as ${path.basename(aside)}`,
      );
    }
  }
  return repairs;
}
