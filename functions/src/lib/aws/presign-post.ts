/**
 * Presigned S3 POSTs (browser uploads, decision 5) without the S3 client (decisions 32 and 105): a POST
 * policy is a base64 JSON document of conditions signed with the day's SigV4 key, one HMAC. The
 * S3 client and @aws-sdk/s3-presigned-post held the uploads Lambda at the 400 KB bundle budget
 * for this alone. The answer is the one `createPresignedPost` of @aws-sdk/s3-presigned-post builds
 * (same fields, policy and signature: presign-post.test.ts compares them).
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html
 */
import { createHmac } from 'node:crypto';
import { ENV } from '../env';
import { amzDateOf, type GetUrlSignerConfig, s3SigningMaterial } from './presign-get';

export interface PostRequest {
  bucket: string;
  key: string;
  /** Form fields the browser must send as given (each becomes an exact-match condition). */
  fields?: Record<string, string>;
  /** Further policy conditions, e.g. `['content-length-range', 1, max]`. */
  conditions?: unknown[];
  /** Seconds the policy stays valid. */
  expiresIn: number;
  /** @default now */
  signingDate?: Date;
}

export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

export type SignPost = (request: PostRequest) => Promise<PresignedPost>;

const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

export function postSigner(config: GetUrlSignerConfig): SignPost {
  const { currentCredentials, signingKey } = s3SigningMaterial(config.region, config.credentials);
  const base = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  const basePath = base.pathname.replace(/\/$/, '');
  return async ({ bucket, key, fields = {}, conditions = [], expiresIn, signingDate = new Date() }) => {
    const { accessKeyId, secretAccessKey, sessionToken } = await currentCredentials();
    const amzDate = amzDateOf(signingDate);
    const day = amzDate.slice(0, 8);
    const signedFields: Record<string, string> = {
      ...fields,
      bucket,
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': `${accessKeyId}/${day}/${config.region}/s3/aws4_request`,
      'X-Amz-Date': amzDate,
      ...(sessionToken ? { 'X-Amz-Security-Token': sessionToken } : {}),
    };
    // As the SDK: the given conditions, then one per field, then the key; duplicates once.
    const unique = new Set<string>(conditions.map((condition) => JSON.stringify(condition)));
    for (const [name, value] of Object.entries(signedFields)) unique.add(JSON.stringify({ [name]: value }));
    unique.add(JSON.stringify({ key }));
    const policy = Buffer.from(
      JSON.stringify({
        expiration: isoSeconds(new Date(signingDate.getTime() + expiresIn * 1000)),
        conditions: [...unique].map((condition) => JSON.parse(condition) as unknown),
      }),
      'utf8',
    ).toString('base64');
    const signature = createHmac('sha256', signingKey(secretAccessKey, day)).update(policy).digest('hex');
    const url = config.forcePathStyle
      ? `${base.protocol}//${base.host}${basePath}/${bucket}`
      : `${base.protocol}//${bucket}.${base.host}${basePath}/`;
    return { url, fields: { ...signedFields, key, Policy: policy, 'X-Amz-Signature': signature } };
  };
}

let containerSigner: SignPost | undefined;

/** This container's POST signer, from the Lambda's environment (as presignGetUrl). */
export const presignPost: SignPost = (request) => {
  containerSigner ??= postSigner({
    region: process.env.AWS_REGION ?? '',
    endpoint: process.env.AWS_ENDPOINT_URL_S3 || undefined,
    forcePathStyle: process.env[ENV.s3ForcePathStyle] === 'true',
  });
  return containerSigner(request);
};
