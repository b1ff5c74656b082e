/**
 * S3 GetObject and PutObject without the S3 client, whose schemas would cost the exports Lambda
 * ~220 KB (architecture decision 32): a read is a fetch of a presigned GET URL (presign-get.ts),
 * a write one signed PUT (signed-fetch.ts) with its tags in `x-amz-tagging`. Virtual-hosted in AWS;
 * path-style on an endpoint override with S3_FORCE_PATH_STYLE (the local s3rver).
 */
import { ENV } from '../env';
import { presignGetUrl, type SignGetUrl } from './presign-get';
import { awsServiceCaller, type AwsServiceTarget } from './signed-fetch';
import { encodeS3Key } from './uri-escape';

export interface S3ObjectsConfig extends Partial<Pick<AwsServiceTarget, 'credentials' | 'fetch'>> {
  region: string | undefined;
  endpoint?: string;
  forcePathStyle?: boolean;
  sign: SignGetUrl;
}

export interface S3Objects {
  /**
   * The object's bytes, or undefined when it is absent. Without ListBucket (never granted), S3
   * answers a missing key 403 rather than 404: both read as absent here, and a write that is
   * really refused fails loudly next.
   */
  get(bucket: string, key: string): Promise<Buffer | undefined>;
  put(bucket: string, key: string, body: Uint8Array, options: { contentType: string; tagging?: string }): Promise<void>;
}

export function s3Objects(config: S3ObjectsConfig): S3Objects {
  const callers = new Map<string, ReturnType<typeof awsServiceCaller>>();
  const base = config.endpoint ? new URL(config.endpoint) : undefined;
  const pathStyle = config.forcePathStyle === true;
  const callerFor = (bucket: string) => {
    let call = callers.get(bucket);
    if (!call) {
      call = awsServiceCaller({
        ...config,
        service: 's3',
        uriEscapePath: false,
        endpointPrefix: `${bucket}.s3`,
        endpoint: base && (pathStyle ? base.origin : `${base.protocol}//${bucket}.${base.host}`),
      });
      callers.set(bucket, call);
    }
    return call;
  };
  return {
    async get(bucket, key) {
      const response = await (config.fetch ?? fetch)(await config.sign(bucket, key, { expiresIn: 60 }));
      if (response.status === 404 || response.status === 403) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok) throw new Error(`S3 GetObject ${key}: ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
    async put(bucket, key, body, { contentType, tagging }) {
      await callerFor(bucket)({
        method: 'PUT',
        path: `${pathStyle ? `/${bucket}` : ''}/${encodeS3Key(key)}`,
        headers: { 'content-type': contentType, ...(tagging ? { 'x-amz-tagging': tagging } : {}) },
        body,
      });
    },
  };
}

let containerObjects: S3Objects | undefined;

/** This container's reader and writer, from the Lambda's environment. */
export function containerS3Objects(): S3Objects {
  containerObjects ??= s3Objects({
    region: process.env.AWS_REGION,
    endpoint: process.env.AWS_ENDPOINT_URL_S3 || undefined,
    forcePathStyle: process.env[ENV.s3ForcePathStyle] === 'true',
    sign: presignGetUrl,
  });
  return containerObjects;
}
