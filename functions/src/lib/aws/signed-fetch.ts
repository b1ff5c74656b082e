/**
 * One AWS API call as a SigV4-signed fetch, for services whose SDK client would cost a Lambda its
 * whole schema (esbuild cannot tree-shake the SDK's schema files: architecture decision 32). Used
 * by the image steps for Bedrock InvokeModel and Secrets Manager GetSecretValue, by the team group
 * for SES SendEmail and by the images group for S3 PutObjectTagging, each in its own adapter module. Credentials come from the SDK's default chain (environment-only in Lambda
 * bundles, by the same alias as every SDK client: infra/lib/bundling.ts).
 */
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentityProvider, Checksum, SourceData } from '@smithy/types';
import { escapeUri } from './uri-escape';

/** SHA-256 (or HMAC-SHA-256 with a secret) in the shape SignatureV4 takes, from node:crypto. */
export class NodeSha256 implements Checksum {
  private hash: Hash | Hmac;

  constructor(private readonly secret?: SourceData) {
    this.hash = this.create();
  }

  update(data: Uint8Array | string): void {
    this.hash.update(data);
  }

  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }

  reset(): void {
    this.hash = this.create();
  }

  private create(): Hash | Hmac {
    if (this.secret === undefined) return createHash('sha256');
    const key = typeof this.secret === 'string' ? this.secret : Buffer.from(this.secret as Uint8Array);
    return createHmac('sha256', key);
  }
}

export interface AwsServiceTarget {
  /** SigV4 signing name (e.g. 'bedrock', 'secretsmanager'). */
  service: string;
  /** Checked on the first call, as the SDK clients do (a missing region fails that call only). */
  region: string | undefined;
  /** Host prefix of the regional endpoint, e.g. 'bedrock-runtime' for https://bedrock-runtime.<region>.amazonaws.com */
  endpointPrefix: string;
  /** Base URL replacing the regional endpoint (the local simulator). */
  endpoint?: string;
  /** S3 signs the path as sent; every other service escapes it once more. @default true */
  uriEscapePath?: boolean;
  credentials?: AwsCredentialIdentityProvider;
  /** Injected by tests. */
  fetch?: typeof fetch;
}

export interface AwsRequest {
  method: 'POST' | 'GET' | 'PUT';
  /** Path with each segment already URI-encoded (SigV4 encodes it once more, as AWS expects). */
  path: string;
  /** Query parameters, unencoded (`{ tagging: '' }` sends `?tagging=`). */
  query?: Record<string, string>;
  headers: Record<string, string>;
  /** Text, or bytes (an S3 object's body). */
  body: string | Uint8Array;
}

/**
 * An error answered by the service: `name` is its error type (from `x-amzn-errortype` or the JSON
 * `__type`), `status` the HTTP status. A network failure is fetch's own TypeError instead.
 */
export class AwsServiceError extends Error {
  constructor(
    override readonly name: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** A signer and caller for one service endpoint; credentials are resolved per call (they rotate). */
export function awsServiceCaller(target: AwsServiceTarget): (request: AwsRequest) => Promise<Uint8Array> {
  let signer: SignatureV4 | undefined;
  return async (request) => {
    const { region } = target;
    if (!region) throw new Error(`No region for ${target.service}: AWS_REGION is not set`);
    signer ??= new SignatureV4({
      service: target.service,
      region,
      credentials: target.credentials ?? defaultProvider(),
      sha256: NodeSha256,
      uriEscapePath: target.uriEscapePath ?? true,
    });
    const base = new URL(target.endpoint ?? `https://${target.endpointPrefix}.${region}.amazonaws.com`);
    const signed = await signer.sign({
      method: request.method,
      protocol: base.protocol,
      hostname: base.hostname,
      ...(base.port ? { port: Number(base.port) } : {}),
      path: request.path,
      query: request.query ?? {},
      headers: { ...request.headers, host: base.host },
      body: request.body,
    });
    // fetch sets Host itself, from the same URL.
    const { host: _host, ...headers } = signed.headers;
    const query = Object.entries(request.query ?? {})
      .map(([name, value]) => `${escapeUri(name)}=${escapeUri(value)}`)
      .join('&');
    const response = await (target.fetch ?? fetch)(`${base.origin}${request.path}${query ? `?${query}` : ''}`, {
      method: request.method,
      headers,
      // fetch refuses a body on GET, even an empty one (signed as the empty payload).
      body:
        request.method === 'GET'
          ? undefined
          : typeof request.body === 'string'
            ? request.body
            : new Uint8Array(request.body),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (!response.ok) throw serviceError(response, bytes);
    return bytes;
  };
}

function serviceError(response: Response, bytes: Uint8Array): AwsServiceError {
  const text = new TextDecoder().decode(bytes);
  let body: { __type?: string; message?: string; Message?: string } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not JSON: S3's XML error (<Code>, <Message>), or a proxy's page, where the status says enough.
    const xml = (element: string) => new RegExp(`<${element}>([^<]*)</${element}>`).exec(text)?.[1];
    body = { __type: xml('Code'), message: xml('Message') };
  }
  // Both carry 'Type:namespace' or 'namespace#Type' forms: keep the bare type.
  const type = response.headers.get('x-amzn-errortype') ?? body.__type ?? `HTTP${response.status}`;
  const name = type.split(':')[0]!.split('#').pop()!;
  return new AwsServiceError(name, body.message ?? body.Message ?? response.statusText, response.status);
}
