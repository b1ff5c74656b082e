/**
 * s3rver's directory after a stop: each object is `<key>._S3rver_object` with its checksum
 * (`.md5`) and metadata (`_metadata.json`) beside it, and s3rver answers 500 to every listing of a
 * bucket (a HEAD of it included) that holds an object it cannot read. A PUT is acknowledged only
 * once its metadata is written (last, see ../s3.ts), so:
 * - an object without readable metadata was never acknowledged: dropped;
 * - metadata or a checksum without its object: dropped;
 * - a checksum older than its object (an overwrite stopped before its new checksum): removed,
 *   s3rver computes it again from the object;
 * - an unfinished atomic write (`*.vitrine-tmp`): removed.
 * Objects with readable metadata are never touched.
 */
import { readFile, rm, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { TEMPORARY_SUFFIX } from '../atomic-file';
import { S3RVER_FILES } from '../s3';
import { listFiles, parseJson } from './files';

/** s3rver's multipart uploads in progress live in `<bucket>/._S3rver_uploads`: not objects. */
const UPLOADS_DIRECTORY = '._S3rver_uploads';

interface ObjectFiles {
  object?: string;
  md5?: string;
  metadata?: string;
}

export async function recoverS3rverStore(directory: string): Promise<string[]> {
  const repairs: string[] = [];
  const files = await listFiles(directory, (name) => name === UPLOADS_DIRECTORY);
  const objects = new Map<string, ObjectFiles>();
  for (const file of files) {
    if (file.endsWith(TEMPORARY_SUFFIX)) {
      await rm(file, { force: true });
      repairs.push(`s3: removed an unfinished write (${keyOf(directory, file)})`);
      continue;
    }
    const kind = (Object.keys(S3RVER_FILES) as (keyof ObjectFiles)[]).find((name) => file.endsWith(S3RVER_FILES[name]));
    if (!kind) continue;
    const base = file.slice(0, -S3RVER_FILES[kind].length);
    objects.set(base, { ...objects.get(base), [kind]: file });
  }
  for (const [base, found] of objects) {
    const key = keyOf(directory, base);
    const present = [found.object, found.md5, found.metadata].filter((file): file is string => !!file);
    if (!found.object) {
      await Promise.all(present.map((file) => rm(file, { force: true })));
      repairs.push(`s3: removed the metadata of a missing object ${key}`);
      continue;
    }
    const metadata = found.metadata ? parseJson(await readFile(found.metadata, 'utf8')) : undefined;
    if (typeof metadata !== 'object' || metadata === null) {
      await Promise.all(present.map((file) => rm(file, { force: true })));
      repairs.push(`s3: removed ${key}, written without its metadata (never acknowledged)`);
      continue;
    }
    if (found.md5 && (await stat(found.md5)).mtimeMs < (await stat(found.object)).mtimeMs) {
      await rm(found.md5, { force: true });
      repairs.push(`s3: refreshed the checksum of ${key}`);
    }
  }
  return repairs;
}

/** `bucket/key` of a path under the store (for the report). */
function keyOf(directory: string, file: string): string {
  return path.relative(directory, file).split(path.sep).join('/');
}
