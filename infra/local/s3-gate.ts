/**
 * The local S3's front door (decision 107). s3rver listens on a Unix socket only, so nothing
 * reaches it but this server, which refuses what S3 refuses before passing a request on:
 * anonymous requests, a bad or expired SigV4 signature (header or presigned URL), and a browser
 * POST upload whose signed policy the form does not satisfy (key, Content-Type, size, expiry).
 * It also stores the tags an upload names, which s3rver ignores: the lifecycle rules and the
 * save's re-tagging act on them in AWS (decisions 052, 118), so the tests must see them here.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { taggingXml } from '../../functions/src/lib/aws/s3-tagging';
import { passOn } from './pass-on';
import { closeServer } from './ports';
import { s3ErrorXml, verifyPostUpload, verifySignedRequest, type S3Credentials, type S3Denial } from './s3-signature';

/** A browser upload form is read whole to check its policy: S3's own bound on a POST's form fields plus the file. */
const MAX_POST_BYTES = 100 * 1024 * 1024;

export interface S3GateOptions {
  port: number;
  credentials: S3Credentials;
  region: string;
  /** Serves the requests that passed, over the Unix socket it is given. */
  listenUpstream(socketPath: string): Promise<void>;
}

export interface S3Gate {
  endpoint: string;
  port: number;
  /** Answers a request passed on by another server (the app's port serves the buckets' paths, decision 109). */
  handle: http.RequestListener;
  close(): Promise<void>;
}

/** The path part of a request target. */
function targetPath(request: http.IncomingMessage): string {
  return new URL(request.url ?? '/', 'http://s3').pathname;
}

function refuse(request: http.IncomingMessage, response: http.ServerResponse, denial: S3Denial): void {
  const body = request.method === 'HEAD' ? '' : s3ErrorXml(denial, targetPath(request));
  response.writeHead(denial.status, {
    'Content-Type': 'application/xml',
    'x-amz-request-id': randomUUID(),
    // The buckets' CORS rule allows any origin: the browser must be able to read the refusal.
    ...(request.headers.origin ? { 'Access-Control-Allow-Origin': '*' } : {}),
  });
  response.end(body);
}

function readBody(request: http.IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.destroy();
        resolve(undefined);
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** A form POST to a bucket (`/<bucket>`), the presigned POST upload. */
function isFormUpload(request: http.IncomingMessage): boolean {
  const target = targetPath(request);
  return (
    request.method === 'POST' &&
    /^\/[^/]+\/?$/.test(target) &&
    (request.headers['content-type'] ?? '').startsWith('multipart/form-data')
  );
}

/** A form upload that passed: its body to pass on, and the object's key and tags to store after it. */
interface CheckedForm {
  body: Buffer;
  key: string;
  /** The form's `tagging` field: S3's tagging XML. */
  tagging?: string;
}

/** Checks a form upload; answers the refusal itself, or returns what to pass on. */
async function checkFormUpload(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  options: S3GateOptions,
): Promise<CheckedForm | undefined> {
  const body = await readBody(request, MAX_POST_BYTES);
  if (!body) {
    refuse(request, response, {
      status: 400,
      code: 'MaxPostPreDataLengthExceeded',
      message: 'Your POST request fields preceeding the upload file was too large.',
    });
    return undefined;
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': request.headers['content-type'] ?? '' },
    }).formData();
  } catch {
    refuse(request, response, {
      status: 400,
      code: 'MalformedPOSTRequest',
      message: 'The body of your POST request is not well-formed multipart/form-data.',
    });
    return undefined;
  }
  const file = form.get('file');
  if (!(file instanceof Blob)) {
    refuse(request, response, {
      status: 400,
      code: 'InvalidArgument',
      message: 'POST requires exactly one file upload per request.',
    });
    return undefined;
  }
  const fields = new Map<string, string>();
  form.forEach((value, name) => {
    if (typeof value === 'string') fields.set(name, value);
  });
  const verdict = verifyPostUpload(
    {
      bucket: targetPath(request).replace(/^\/|\/$/g, ''),
      fields,
      fileName: file instanceof File ? file.name : '',
      fileSize: file.size,
    },
    options,
  );
  if ('status' in verdict) {
    refuse(request, response, verdict);
    return undefined;
  }
  return {
    body,
    key: `${targetPath(request).replace(/\/$/, '')}/${fields.get('key') ?? ''}`,
    tagging: fields.get('tagging'),
  };
}

/** `/<bucket>/<key>` with each key segment percent-encoded, as a request target. */
const encodeObjectPath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** A PutObject's `x-amz-tagging` (`key=value&...`, URL-encoded) as S3's tagging XML. */
const headerTaggingXml = (header: string) => taggingXml(Object.fromEntries(new URLSearchParams(header)));

/** A PutObject's query parameters that name no subresource: the SDK's `x-id`, a presigned URL's own. */
const isObjectParameter = (name: string) => name === 'x-id' || name.toLowerCase().startsWith('x-amz-');

/**
 * A PutObject (no subresource) that names tags, in its header or, presigned, in its query: the
 * object's path and tags.
 */
function putObjectTagging(request: http.IncomingMessage): { path: string; tagging: string } | undefined {
  const url = new URL(request.url ?? '/', 'http://s3');
  if (request.method !== 'PUT' || ![...url.searchParams.keys()].every(isObjectParameter)) return undefined;
  const inQuery = [...url.searchParams].find(([name]) => name.toLowerCase() === 'x-amz-tagging')?.[1];
  const header = request.headers['x-amz-tagging'];
  const tagging = typeof header === 'string' ? header : inQuery;
  return tagging === undefined ? undefined : { path: url.pathname, tagging: headerTaggingXml(tagging) };
}

/** Stores an object's tags on s3rver (its tagging subresource, which it does implement). */
function putTags(socketPath: string, objectPath: string, xml: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // A connection of its own: a kept-alive one the server may be closing is a reset, not a write.
    const put = http.request({ socketPath, agent: false, method: 'PUT', path: `${objectPath}?tagging` }, (answer) => {
      answer.resume();
      if (answer.statusCode === 200) resolve();
      else reject(new Error(`s3rver refused the tags of ${objectPath}: ${answer.statusCode}`));
    });
    put.on('error', reject);
    put.end(xml);
  });
}

export async function startS3Gate(options: S3GateOptions): Promise<S3Gate> {
  const socketDir = await mkdtemp(path.join(tmpdir(), 'vitrine-s3-'));
  const socketPath = path.join(socketDir, 's3.sock');
  await options.listenUpstream(socketPath);
  const forward = passOn({ socketPath });

  const handle: http.RequestListener = (request, response) => {
    void (async () => {
      // A CORS preflight carries no credentials in AWS either; the bucket's CORS rule answers it.
      if (request.method === 'OPTIONS') return forward(request, response);
      if (isFormUpload(request)) {
        const form = await checkFormUpload(request, response, options);
        if (!form) return;
        const { tagging, key } = form;
        const storeTags = tagging ? () => putTags(socketPath, encodeObjectPath(key), tagging) : undefined;
        forward(request, response, form.body, storeTags);
        return;
      }
      const denial = verifySignedRequest(
        { method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers },
        options,
      );
      if (denial) {
        request.resume();
        return refuse(request, response, denial);
      }
      const tags = putObjectTagging(request);
      forward(request, response, undefined, tags && (() => putTags(socketPath, tags.path, tags.tagging)));
    })().catch(() => response.destroy());
  };
  const server = http.createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    handle,
    close: async () => {
      await closeServer(server);
      forward.close();
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}
