/**
 * What S3 checks before it serves a request, for the local S3 (decision 107): Signature Version 4
 * on the Authorization header and on presigned URLs, and the signed policy of a browser POST
 * upload. s3rver checks neither (its own code says V4 'is unimplemented'), so without this a
 * tampered URL or upload form passed every local test while AWS would refuse it.
 *
 * Sources:
 * - https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 * - https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html
 * - https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html
 * - https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** A refusal as S3 words it: status, error code and message. */
export interface S3Denial {
  status: 400 | 403 | 503;
  code: string;
  message: string;
}

export interface SignedRequest {
  method: string;
  /** The request target as sent: path and raw query string. */
  url: string;
  /** Node's lower-cased request headers. */
  headers: Record<string, string | string[] | undefined>;
}

export interface VerifyOptions {
  credentials: S3Credentials;
  region: string;
  now?: Date;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** S3 refuses a header-signed request whose x-amz-date is further than this from its clock. */
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
/** A presigned URL lives at most seven days. */
const MAX_PRESIGNED_EXPIRY_SECONDS = 7 * 24 * 3600;

const deny = (status: S3Denial['status'], code: string, message: string): S3Denial => ({ status, code, message });
const accessDenied = (message = 'Access Denied') => deny(403, 'AccessDenied', message);
const signatureMismatch = () =>
  deny(
    403,
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  );

/** RFC 3986 encoding, as SigV4 wants every path segment, query name and value encoded. */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

function sha256Hex(data: string): string {
  return createHash('sha256').update(data, 'utf8').digest('hex');
}

function signingKey(secret: string, date: string, region: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
}

function sameSignature(expected: string, provided: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(provided, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `20261126T173000Z` → Date, or undefined when it is not one. */
function parseAmzDate(value: string | undefined): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!match) return undefined;
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0] = match.slice(1).map(Number);
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

interface Scope {
  accessKeyId: string;
  date: string;
  region: string;
  /** `date/region/s3/aws4_request`, as it enters the string to sign. */
  text: string;
}

/** Checks `AKID/date/region/s3/aws4_request` against the known key and the stack's Region. */
function readCredential(credential: string, amzDate: string, options: VerifyOptions): Scope | S3Denial {
  const [accessKeyId, date, region, service, terminator, ...rest] = credential.split('/');
  if (!accessKeyId || !date || !region || service !== 's3' || terminator !== 'aws4_request' || rest.length > 0) {
    return deny(
      400,
      'AuthorizationQueryParametersError',
      `Error parsing the X-Amz-Credential parameter: ${credential}`,
    );
  }
  if (accessKeyId !== options.credentials.accessKeyId) {
    return deny(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  if (region !== options.region) {
    return deny(400, 'AuthorizationHeaderMalformed', `the region '${region}' is wrong; expecting '${options.region}'`);
  }
  if (!amzDate.startsWith(date)) {
    return deny(403, 'SignatureDoesNotMatch', 'The credential date does not match the request date.');
  }
  return { accessKeyId, date, region, text: `${date}/${region}/s3/aws4_request` };
}

function headerValue(headers: SignedRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** The canonical request of SigV4 (S3 flavour: the path is encoded once and never normalised). */
function canonicalRequest(
  request: SignedRequest,
  signedHeaders: string[],
  payloadHash: string,
  dropQuery: string,
): string {
  const queryAt = request.url.indexOf('?');
  const rawPath = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
  const rawQuery = queryAt < 0 ? '' : request.url.slice(queryAt + 1);
  const path = rawPath
    .split('/')
    .map((segment) => uriEncode(safeDecode(segment)))
    .join('/');
  const decode = (text: string) => uriEncode(safeDecode(text.replace(/\+/g, ' ')));
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair): [string, string] => {
      const equals = pair.indexOf('=');
      return equals < 0 ? [decode(pair), ''] : [decode(pair.slice(0, equals)), decode(pair.slice(equals + 1))];
    })
    .filter(([name]) => name !== dropQuery)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headers = signedHeaders
    .map((name) => `${name}:${(headerValue(request.headers, name) ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  return [request.method, path, query, headers, signedHeaders.join(';'), payloadHash].join('\n');
}

function checkSignature(
  request: SignedRequest,
  scope: Scope,
  amzDate: string,
  signedHeaders: string[],
  payloadHash: string,
  provided: string,
  dropQuery: string,
  options: VerifyOptions,
): S3Denial | undefined {
  if (!signedHeaders.includes('host')) {
    return deny(400, 'AuthorizationHeaderMalformed', 'The host header must be signed.');
  }
  const stringToSign = [
    ALGORITHM,
    amzDate,
    scope.text,
    sha256Hex(canonicalRequest(request, signedHeaders, payloadHash, dropQuery)),
  ].join('\n');
  const expected = hmac(signingKey(options.credentials.secretAccessKey, scope.date, scope.region), stringToSign);
  return sameSignature(expected.toString('hex'), provided) ? undefined : signatureMismatch();
}

/** An Authorization header: `AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…`. */
function verifyHeaderAuth(request: SignedRequest, authorization: string, options: VerifyOptions): S3Denial | undefined {
  const match = /^AWS4-HMAC-SHA256\s+Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
    authorization.trim(),
  );
  if (!match) return deny(400, 'InvalidArgument', 'Unsupported Authorization Type');
  const [, credential = '', signedHeaders = '', signature = ''] = match;
  const amzDate = headerValue(request.headers, 'x-amz-date') ?? '';
  const date = parseAmzDate(amzDate);
  if (!date) return accessDenied('AWS authentication requires a valid Date or x-amz-date header');
  const now = options.now ?? new Date();
  if (Math.abs(now.getTime() - date.getTime()) > MAX_CLOCK_SKEW_MS) {
    return deny(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  }
  const scope = readCredential(credential, amzDate, options);
  if ('status' in scope) return scope;
  const payloadHash = headerValue(request.headers, 'x-amz-content-sha256');
  if (!payloadHash)
    return deny(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  return checkSignature(request, scope, amzDate, signedHeaders.split(';'), payloadHash, signature, '', options);
}

/** A presigned URL: the same signature carried by `X-Amz-*` query parameters, with an expiry. */
function verifyQueryAuth(request: SignedRequest, query: URLSearchParams, options: VerifyOptions): S3Denial | undefined {
  if (query.get('X-Amz-Algorithm') !== ALGORITHM) {
    return deny(400, 'AuthorizationQueryParametersError', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  }
  const amzDate = query.get('X-Amz-Date') ?? '';
  const date = parseAmzDate(amzDate);
  const expires = Number(query.get('X-Amz-Expires'));
  const signature = query.get('X-Amz-Signature') ?? '';
  const signedHeaders = query.get('X-Amz-SignedHeaders') ?? '';
  if (!date || !Number.isInteger(expires) || expires < 1 || !/^[0-9a-f]{64}$/.test(signature) || !signedHeaders) {
    return deny(
      400,
      'AuthorizationQueryParametersError',
      'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
    );
  }
  if (expires > MAX_PRESIGNED_EXPIRY_SECONDS) {
    return deny(
      400,
      'AuthorizationQueryParametersError',
      'X-Amz-Expires must be less than a week (in seconds) that is 604800',
    );
  }
  const now = options.now ?? new Date();
  if (now.getTime() > date.getTime() + expires * 1000) return accessDenied('Request has expired');
  if (date.getTime() - now.getTime() > MAX_CLOCK_SKEW_MS) return accessDenied('Request is not valid yet');
  const scope = readCredential(query.get('X-Amz-Credential') ?? '', amzDate, options);
  if ('status' in scope) return scope;
  const payloadHash = query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
  return checkSignature(
    request,
    scope,
    amzDate,
    signedHeaders.split(';'),
    payloadHash,
    signature,
    'X-Amz-Signature',
    options,
  );
}

/**
 * Verifies a request signed by header or by presigned URL. A request with neither is anonymous,
 * and the buckets grant anonymous callers nothing: S3 answers 403 AccessDenied.
 */
export function verifySignedRequest(request: SignedRequest, options: VerifyOptions): S3Denial | undefined {
  const query = new URL(request.url, 'http://s3').searchParams;
  const authorization = headerValue(request.headers, 'authorization');
  const presigned = query.has('X-Amz-Signature') || query.has('X-Amz-Algorithm');
  if (authorization && presigned) {
    return deny(
      400,
      'InvalidArgument',
      'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified',
    );
  }
  if (authorization) return verifyHeaderAuth(request, authorization, options);
  if (presigned) return verifyQueryAuth(request, query, options);
  return accessDenied();
}

/** A browser upload form: its fields (names as sent) and the size of its file. */
export interface PostUpload {
  bucket: string;
  fields: Map<string, string>;
  fileName: string;
  fileSize: number;
}

type PolicyCondition = Record<string, unknown> | unknown[];

/** Fields S3 never asks the policy to cover. */
const UNCOVERED_FIELDS = new Set(['policy', 'x-amz-signature', 'file']);

/**
 * Verifies a presigned POST: the policy's signature, its expiry, and every condition against the
 * form (exact matches, `starts-with`, `content-length-range`); every field the form sends must be
 * covered by a condition. Returns the object key to store on success.
 */
export function verifyPostUpload(upload: PostUpload, options: VerifyOptions): S3Denial | { key: string } {
  const fields = new Map([...upload.fields].map(([name, value]) => [name.toLowerCase(), value]));
  const policyText = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  if (!policyText || !signature) return accessDenied('Anonymous access is forbidden for this operation');
  if (fields.get('x-amz-algorithm') !== ALGORITHM) {
    return deny(400, 'InvalidArgument', 'POST requires the X-Amz-Algorithm field to be AWS4-HMAC-SHA256');
  }
  const amzDate = fields.get('x-amz-date') ?? '';
  if (!parseAmzDate(amzDate)) return deny(400, 'InvalidArgument', 'X-Amz-Date must be in the ISO8601 Long Format');
  const scope = readCredential(fields.get('x-amz-credential') ?? '', amzDate, options);
  if ('status' in scope) return scope;
  const expected = hmac(signingKey(options.credentials.secretAccessKey, scope.date, scope.region), policyText);
  if (!sameSignature(expected.toString('hex'), signature)) return signatureMismatch();

  let policy: { expiration?: unknown; conditions?: unknown };
  try {
    policy = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8')) as typeof policy;
  } catch {
    return deny(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  const expiration = typeof policy.expiration === 'string' ? Date.parse(policy.expiration) : NaN;
  if (!Array.isArray(policy.conditions) || Number.isNaN(expiration)) {
    return deny(400, 'InvalidPolicyDocument', 'Invalid Policy: Policy missing expiration or conditions.');
  }
  if ((options.now ?? new Date()).getTime() > expiration)
    return accessDenied('Invalid according to Policy: Policy expired.');

  const key = (fields.get('key') ?? '').replace('${filename}', upload.fileName);
  const values = new Map(fields);
  values.set('key', key);
  values.set('bucket', upload.bucket);
  const covered = new Set<string>();
  const failed = (condition: unknown) =>
    accessDenied(`Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);

  for (const condition of policy.conditions as PolicyCondition[]) {
    if (Array.isArray(condition)) {
      const [operator, field, value, upper] = condition as [string, string, unknown, unknown];
      if (operator === 'content-length-range') {
        const [min, max] = [Number(field), Number(value)];
        if (upload.fileSize > max)
          return deny(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
        if (upload.fileSize < min)
          return deny(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
        continue;
      }
      const name = String(field).replace(/^\$/, '').toLowerCase();
      const actual = values.get(name) ?? '';
      covered.add(name);
      const ok =
        (operator === 'eq' && actual === value) ||
        (operator === 'starts-with' && typeof value === 'string' && actual.startsWith(value));
      if (!ok || upper !== undefined) return failed(condition);
    } else {
      for (const [field, value] of Object.entries(condition)) {
        const name = field.toLowerCase();
        covered.add(name);
        if (values.get(name) !== value) return failed(condition);
      }
    }
  }
  for (const name of fields.keys()) {
    if (!UNCOVERED_FIELDS.has(name) && !name.startsWith('x-ignore-') && !covered.has(name)) {
      return accessDenied(`Invalid according to Policy: Extra input fields: ${name}`);
    }
  }
  if (!key) return deny(400, 'InvalidArgument', "Bucket POST must contain a field named 'key'.");
  return { key };
}

/** S3's XML error body. */
export function s3ErrorXml(denial: S3Denial, resource: string): string {
  const escape = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${denial.code}</Code><Message>${escape(
    denial.message,
  )}</Message><Resource>${escape(resource)}</Resource></Error>`;
}
