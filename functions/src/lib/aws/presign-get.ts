/**
 * Presigned S3 GET URLs without the S3 client (architecture decisions 32 and 45): a presigned URL is a
 * SigV4 query signature of `GET /<key>` on the bucket's endpoint, a SHA-256 and an HMAC. The S3
 * client and its ~1,100 schemas (about 150 KB minified with the presigner) stayed in the projects
 * and images Lambdas only to sign URLs, and @smithy/signature-v4's `presign` took about 1 ms a URL
 * (an image page signs 160); this takes about 0.07 ms. The URL is the one the SDK's
 * `getSignedUrl` builds for a GetObjectCommand (same host, path encoding, query and signature:
 * presign-get.test.ts compares them), virtual-hosted in AWS, path-style on an endpoint override
 * with S3_FORCE_PATH_STYLE (the local s3rver).
 */
import { createHash, createHmac } from 'node:crypto';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import type { AwsCredentialIdentity, AwsCredentialIdentityProvider } from '@smithy/types';
import { ENV } from '../env';
import { encodeS3Key, escapeUri } from './uri-escape';

export interface GetUrlSignerConfig {
  region: string;
  /** Replaces `https://s3.<region>.amazonaws.com` (AWS_ENDPOINT_URL_S3). */
  endpoint?: string;
  forcePathStyle?: boolean;
  credentials?: AwsCredentialIdentityProvider;
}

export interface GetUrlOptions {
  /** Seconds the URL stays valid. @default 900 */
  expiresIn?: number;
  /** @default now */
  signingDate?: Date;
}

export type SignGetUrl = (bucket: string, key: string, options?: GetUrlOptions) => Promise<string>;

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** Credentials are read again this long before they expire, and at least this often. */
const CREDENTIALS_REFRESH_MS = 5 * 60 * 1000;

/**
 * The Lambda's credentials, read again before they expire, and the day's signing keys, cached:
 * what every hand-made S3 signature (GET URLs here, upload POSTs in presign-post.ts) needs.
 */
export function s3SigningMaterial(region: string, credentials?: AwsCredentialIdentityProvider) {
  const provider = credentials ?? defaultProvider();
  let cached: { value: Promise<AwsCredentialIdentity>; readAt: number } | undefined;
  const currentCredentials = async () => {
    const now = Date.now();
    const expiring = async () => {
      const expiration = (await cached?.value)?.expiration?.getTime();
      return expiration !== undefined && expiration - now < CREDENTIALS_REFRESH_MS;
    };
    if (!cached || now - cached.readAt > CREDENTIALS_REFRESH_MS || (await expiring())) {
      cached = { value: provider(), readAt: now };
      cached.value.catch(() => (cached = undefined));
    }
    return cached.value;
  };
  const signingKeys = new Map<string, Buffer>();
  const signingKey = (secret: string, day: string) => {
    const cacheKey = `${secret}|${day}`;
    let key = signingKeys.get(cacheKey);
    if (!key) {
      key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 's3'), 'aws4_request');
      if (signingKeys.size > 8) signingKeys.clear();
      signingKeys.set(cacheKey, key);
    }
    return key;
  };
  return { currentCredentials, signingKey };
}

/** SigV4's `YYYYMMDDTHHMMSSZ`. */
export const amzDateOf = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function getUrlSigner(config: GetUrlSignerConfig): SignGetUrl {
  const { currentCredentials, signingKey } = s3SigningMaterial(config.region, config.credentials);
  const base = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  const basePath = base.pathname.replace(/\/$/, '');

  return async (bucket, key, { expiresIn = 900, signingDate = new Date() } = {}) => {
    const { accessKeyId, secretAccessKey, sessionToken } = await currentCredentials();
    const pathStyle = config.forcePathStyle === true;
    const host = pathStyle ? base.host : `${bucket}.${base.host}`;
    const path = `${basePath}${pathStyle ? `/${bucket}` : ''}/${encodeS3Key(key)}`;
    const amzDate = amzDateOf(signingDate);
    const day = amzDate.slice(0, 8);
    const scope = `${day}/${config.region}/s3/aws4_request`;
    // In canonical order (by name, byte order), as SigV4 signs them.
    const query: [string, string][] = [
      ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
      ['X-Amz-Content-Sha256', 'UNSIGNED-PAYLOAD'],
      ['X-Amz-Credential', `${accessKeyId}/${scope}`],
      ['X-Amz-Date', amzDate],
      ['X-Amz-Expires', String(expiresIn)],
      ...(sessionToken ? ([['X-Amz-Security-Token', sessionToken]] as [string, string][]) : []),
      ['X-Amz-SignedHeaders', 'host'],
      ['x-id', 'GetObject'],
    ];
    const canonicalQuery = query.map(([name, value]) => `${escapeUri(name)}=${escapeUri(value)}`).join('&');
    const canonicalRequest = `GET\n${path}\n${canonicalQuery}\nhost:${host}\n\nhost\nUNSIGNED-PAYLOAD`;
    const stringToSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${createHash('sha256').update(canonicalRequest).digest('hex')}`;
    const signature = createHmac('sha256', signingKey(secretAccessKey, day)).update(stringToSign).digest('hex');
    // The SDK formats the query sorted by name: X-Amz-Signature sits between SignedHeaders... and x-id.
    const signed = [...query, ['X-Amz-Signature', signature] as [string, string]].sort(([a], [b]) => (a < b ? -1 : 1));
    return `${base.protocol}//${host}${path}?${signed.map(([name, value]) => `${escapeUri(name)}=${escapeUri(value)}`).join('&')}`;
  };
}

let containerSigner: SignGetUrl | undefined;

/** This container's signer, from the Lambda's environment (region, S3 endpoint override, path style). */
export const presignGetUrl: SignGetUrl = (bucket, key, options) => {
  containerSigner ??= getUrlSigner({
    // The variables the SDK clients read (PLATFORM_ENV): Lambda's region, the local endpoint.
    region: process.env.AWS_REGION ?? '',
    endpoint: process.env.AWS_ENDPOINT_URL_S3 || undefined,
    forcePathStyle: process.env[ENV.s3ForcePathStyle] === 'true',
  });
  return containerSigner(bucket, key, options);
};
