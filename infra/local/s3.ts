// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- brings the emulator typings along when another project (test) compiles this file
/// <reference path="./vendor.d.ts" />
/**
 * S3 on s3rver, persisted on disk, with both buckets and a CORS rule for the browser's uploads.
 * Its store writes an object in place, then its checksum and metadata (plain writes): a stop
 * mid-write left half an object, or one without metadata, which made s3rver answer 500 to any
 * listing (a HEAD of the bucket included) for good. Here each file is written atomically and the
 * metadata last, so an object with metadata is complete; recovery/ cleans what a stop leaves.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import * as path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';
import S3Object from 's3rver/lib/models/object';
import FilesystemStore from 's3rver/lib/stores/filesystem';
import { temporaryPath, writeFileAtomic } from './atomic-file';
import { closeServer } from './ports';
import { startS3Gate } from './s3-gate';

/** s3rver's file names: `<key>._S3rver_object`, `<key>._S3rver_object.md5`, `<key>._S3rver_metadata.json`. */
export const S3RVER_FILES = {
  object: '._S3rver_object',
  md5: '._S3rver_object.md5',
  metadata: '._S3rver_metadata.json',
} as const;

let atomicWrites = false;

/** Replaces the store's two write methods (same files, same contents) with crash-safe ones. */
function makeS3rverWritesAtomic(): void {
  if (atomicWrites) return;
  atomicWrites = true;
  FilesystemStore.prototype.putObject = async function putObject(object) {
    const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(path.dirname(objectPath), { recursive: true });
    const temporary = temporaryPath(objectPath);
    const md5 = createHash('md5');
    let size = 0;
    const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        md5.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(content, measure, createWriteStream(temporary));
      await rename(temporary, objectPath);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    const digest = md5.digest('hex');
    // Last: metadata present means the object is complete (and the PUT acknowledged after it).
    await this.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
  FilesystemStore.prototype.putMetadata = async function putMetadata(bucket, key, metadata, md5) {
    const stored = Object.fromEntries(
      Object.entries(metadata).filter(
        ([name]) => S3Object.ALLOWED_METADATA.includes(name) || name.startsWith('x-amz-meta-'),
      ),
    );
    if (md5) await writeFileAtomic(this.getResourcePath(bucket, key, 'object.md5'), md5);
    await writeFileAtomic(this.getResourcePath(bucket, key, 'metadata.json'), JSON.stringify(stored, null, 2));
  };
}

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** s3rver accepts only its own key pair; the local stack gives it to every SDK client. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/**
 * s3rver behind the gate that checks signatures and upload policies as S3 does (decision 107):
 * s3rver itself listens on a Unix socket only, so unsigned requests cannot go around the gate.
 */
export async function startS3(directory: string, port: number, buckets: string[], region: string) {
  makeS3rverWritesAtomic();
  const server = new S3rver({
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [CORS] })),
  });
  // `silent` quiets only its console transport; once closed, a response still finishing would have
  // winston warn on the console (after a jest test file ended, that fails the run). No log at all.
  server.logger.silent = true;
  const gate = await startS3Gate({
    port,
    region,
    credentials: S3RVER_CREDENTIALS,
    listenUpstream: async (socketPath) => {
      await server.configureBuckets();
      server.httpServer = await server.listen(socketPath);
    },
  });
  return {
    server,
    endpoint: gate.endpoint,
    port: gate.port,
    handle: gate.handle,
    close: async () => {
      await gate.close();
      await closeServer(server.httpServer);
    },
  };
}
