/** File helpers of the recovery checks. */
import { readdir, stat } from 'node:fs/promises';
import * as path from 'node:path';

export async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** Every file under `directory`, recursively, except in the directories `skip` says to leave. */
export async function listFiles(directory: string, skip: (name: string) => boolean = () => false): Promise<string[]> {
  const files: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skip(entry.name)) await walk(full);
      } else if (entry.isFile()) files.push(full);
    }
  };
  if (await exists(directory)) await walk(directory);
  return files;
}

/** The JSON a file holds, or undefined when it is empty, truncated or not JSON. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
