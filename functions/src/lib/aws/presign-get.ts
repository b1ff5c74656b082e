/**
 * Presigned S3 GET URLs without the S3 client (architecture decision 32): a presigned URL is a
 * SigV4 query signature of `GET /<key>` on the bucket's endpoint, which @smithy/signature-v4 makes
 * alone. The S3 client and its ~1,100 schemas (about 150 KB minified with the presigner) stayed in
 * the projects and images Lambdas only to sign URLs. The URL is the one the SDK's `getSignedUrl`
 * builds for a GetObjectCommand (same host, path encoding, query and signature: presign-get.test.ts
 * compares them), virtual-hosted in AWS, path-style on an endpoint override with
 * S3_FORCE_PATH_STYLE (the local s3rver).
 */
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentityProvider } from '@smithy/types';
import { ENV } from '../env';
import { NodeSha256 } from './signed-fetch';

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

/** RFC 3986 escaping, as SigV4 and the SDK's URL formatting do (encodeURIComponent plus !'()*). */
const escape = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** S3's encoding of a key in a path: each segment escaped, slashes kept. */
const encodeKey = (key: string) => key.split('/').map(escape).join('/');

export function getUrlSigner(config: GetUrlSignerConfig): SignGetUrl {
  const signer = new SignatureV4({
    service: 's3',
    region: config.region,
    credentials: config.credentials ?? defaultProvider(),
    sha256: NodeSha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const base = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  return async (bucket, key, { expiresIn = 900, signingDate } = {}) => {
    const pathStyle = config.forcePathStyle === true;
    const hostname = pathStyle ? base.hostname : `${bucket}.${base.hostname}`;
    const host = base.port ? `${hostname}:${base.port}` : hostname;
    const path = `${base.pathname.replace(/\/$/, '')}${pathStyle ? `/${bucket}` : ''}/${encodeKey(key)}`;
    const signed = await signer.presign(
      {
        method: 'GET',
        protocol: base.protocol,
        hostname,
        ...(base.port ? { port: Number(base.port) } : {}),
        path,
        query: { 'x-id': 'GetObject' },
        headers: { host, 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
      },
      { expiresIn, ...(signingDate ? { signingDate } : {}), unsignableHeaders: new Set(['content-type']) },
    );
    const query = Object.entries(signed.query ?? {})
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, value]) => `${escape(name)}=${escape(String(value))}`)
      .join('&');
    return `${base.protocol}//${host}${path}?${query}`;
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
