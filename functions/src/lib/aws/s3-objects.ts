/**
 * S3 object reads, writes and listings without the S3 client, whose schemas would cost a Lambda
 * ~220 KB and ~40 ms of cold load (architecture decision 32): a read is a fetch of a presigned GET
 * URL (presign-get.ts), a write or a listing one signed request (signed-fetch.ts). Virtual-hosted
 * in AWS; path-style on an endpoint override with S3_FORCE_PATH_STYLE (the local s3rver).
 */
import { ENV } from '../env';
import { presignGetUrl, type SignGetUrl } from './presign-get';
import { AwsServiceError, awsServiceCaller, type AwsServiceTarget } from './signed-fetch';
import { encodeS3Key } from './uri-escape';

export interface S3Target extends Partial<Pick<AwsServiceTarget, 'credentials' | 'fetch'>> {
  region: string | undefined;
  /** Replaces `https://s3.<region>.amazonaws.com` (AWS_ENDPOINT_URL_S3). */
  endpoint?: string;
  forcePathStyle?: boolean;
}

/** A signed caller per bucket, and the request path of a key (or of the bucket itself). */
export function s3BucketCaller(target: S3Target) {
  const callers = new Map<string, ReturnType<typeof awsServiceCaller>>();
  const base = target.endpoint ? new URL(target.endpoint) : undefined;
  const pathStyle = target.forcePathStyle === true;
  return {
    call(bucket: string) {
      let call = callers.get(bucket);
      if (!call) {
        call = awsServiceCaller({
          ...target,
          service: 's3',
          uriEscapePath: false,
          endpointPrefix: `${bucket}.s3`,
          endpoint: base && (pathStyle ? base.origin : `${base.protocol}//${bucket}.${base.host}`),
        });
        callers.set(bucket, call);
      }
      return call;
    },
    path: (bucket: string, key?: string) =>
      `${pathStyle ? `/${bucket}` : ''}${key === undefined ? (pathStyle ? '' : '/') : `/${encodeS3Key(key)}`}`,
  };
}

export interface StoredObject {
  body: Buffer;
  /** User metadata (`x-amz-meta-*`), by name without the prefix. */
  metadata: Record<string, string>;
}

export interface ObjectHead {
  contentType: string | undefined;
  /** The whole object's size in bytes. */
  contentLength: number;
}

export interface PutObjectOptions {
  contentType?: string;
  /** `key=value&...`, as S3's `x-amz-tagging` header takes it. */
  tagging?: string;
  metadata?: Record<string, string>;
}

/** Its Content-Length was above the reader's `maxBytes`: the body was not read. */
export class ObjectTooLargeError extends Error {
  override readonly name = 'ObjectTooLargeError';
}

export interface S3Objects {
  /**
   * The object, or undefined when it is absent. Without ListBucket (never granted on a whole
   * bucket), S3 answers a missing key 403 rather than 404: both read as absent here, and a write
   * that is really refused fails loudly next.
   */
  get(bucket: string, key: string, options?: { maxBytes?: number }): Promise<StoredObject | undefined>;
  /** Whether it is there, read as `get` reads absence: one byte of it is fetched, not the object. */
  exists(bucket: string, key: string): Promise<boolean>;
  /** Its type and size (what HeadObject tells), or undefined when absent; one byte is fetched. */
  head(bucket: string, key: string): Promise<ObjectHead | undefined>;
  put(bucket: string, key: string, body: Uint8Array, options: PutObjectOptions): Promise<void>;
  /** Every key under `prefix` (ListObjectsV2, all pages). */
  list(bucket: string, prefix: string): Promise<string[]>;
}

const META_PREFIX = 'x-amz-meta-';

const xmlUnescape = (text: string) =>
  text.replace(
    /&(lt|gt|amp|apos|quot);/g,
    (_, entity: string) => ({ lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' })[entity]!,
  );

function listPage(xml: string): { keys: string[]; next?: string } {
  const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => xmlUnescape(match[1]!));
  const next = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1];
  return { keys, next: next === undefined ? undefined : xmlUnescape(next) };
}

export function s3Objects(config: S3Target & { sign: SignGetUrl }): S3Objects {
  const bucketCaller = s3BucketCaller(config);
  const fetchFn = config.fetch ?? fetch;

  async function head(bucket: string, key: string): Promise<ObjectHead | undefined> {
    // A presigned URL is signed for GET only (no HEAD); a Range header may be added unsigned.
    const response = await fetchFn(await config.sign(bucket, key, { expiresIn: 60 }), {
      headers: { range: 'bytes=0-0' },
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 403) return undefined;
    const contentType = response.headers.get('content-type') ?? undefined;
    // The range starts past the end of an empty object.
    if (response.status === 416) return { contentType, contentLength: 0 };
    if (!response.ok) {
      throw new AwsServiceError(`HTTP${response.status}`, `S3 GetObject ${key}: ${response.status}`, response.status);
    }
    // 206: `Content-Range: bytes 0-0/<size>`; 200 (a server ignoring the range): the whole length.
    const size = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1];
    return { contentType, contentLength: Number(size ?? response.headers.get('content-length') ?? 0) };
  }

  return {
    async get(bucket, key, { maxBytes } = {}) {
      const response = await fetchFn(await config.sign(bucket, key, { expiresIn: 60 }));
      if (response.status === 404 || response.status === 403) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok) {
        const text = await response.text();
        const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? `HTTP${response.status}`;
        throw new AwsServiceError(code, `S3 GetObject ${key}: ${response.status}`, response.status);
      }
      if (maxBytes !== undefined && Number(response.headers.get('content-length') ?? 0) > maxBytes) {
        await response.body?.cancel();
        throw new ObjectTooLargeError(`${key} is above ${maxBytes} bytes`);
      }
      const metadata: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (name.startsWith(META_PREFIX)) metadata[name.slice(META_PREFIX.length)] = value;
      });
      return { body: Buffer.from(await response.arrayBuffer()), metadata };
    },
    async exists(bucket, key) {
      return (await head(bucket, key)) !== undefined;
    },
    head,
    async put(bucket, key, body, { contentType, tagging, metadata = {} }) {
      const headers: Record<string, string> = {};
      if (contentType) headers['content-type'] = contentType;
      if (tagging) headers['x-amz-tagging'] = tagging;
      for (const [name, value] of Object.entries(metadata)) headers[`${META_PREFIX}${name}`] = value;
      await bucketCaller.call(bucket)({ method: 'PUT', path: bucketCaller.path(bucket, key), headers, body });
    },
    async list(bucket, prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const query: Record<string, string> = { 'list-type': '2', prefix };
        if (token) query['continuation-token'] = token;
        const xml = new TextDecoder().decode(
          await bucketCaller.call(bucket)({
            method: 'GET',
            path: bucketCaller.path(bucket),
            query,
            headers: {},
            body: '',
          }),
        );
        const page = listPage(xml);
        keys.push(...page.keys);
        token = page.next;
      } while (token);
      return keys;
    },
  };
}

let containerObjects: S3Objects | undefined;

/** This container's reader and writer, from the Lambda's environment (as presignGetUrl). */
export function containerS3Objects(): S3Objects {
  containerObjects ??= s3Objects({
    region: process.env.AWS_REGION,
    endpoint: process.env.AWS_ENDPOINT_URL_S3 || undefined,
    forcePathStyle: process.env[ENV.s3ForcePathStyle] === 'true',
    sign: presignGetUrl,
  });
  return containerObjects;
}
