/**
 * The local stand-in for the hosted image models, one HTTP server answering as both providers:
 * Bedrock InvokeModel (point the SDK at it with `endpoint`, or AWS_ENDPOINT_URL_BEDROCK_RUNTIME)
 * and the OpenAI Images API (its base URL). Used by the adapters' tests and by `npm start`.
 * One port speaks both HTTP/1.1 (fetch) and cleartext HTTP/2 (the Bedrock runtime SDK's default
 * handler): the first bytes of each connection tell which.
 */
import * as http from 'node:http';
import * as http2 from 'node:http2';
import * as net from 'node:net';
import { Duplex } from 'node:stream';
import sharp from 'sharp';
import { answerStability, bedrockError, isServedStabilityModel, type ProviderReply } from './stability-fake';
import { answerImageEdit, OPENAI_DOCUMENTED_LIMITS, openAiError } from './openai-images-fake';

export const SIMULATOR_API_KEY = 'local-simulator-key';
const MAX_BODY_BYTES = 80 * 1024 * 1024;

/**
 * Failures a test (or a person trying the local flow) can ask for, answered in each provider's
 * documented shape: throttling, a 5xx, a content filter on the input photo, an exhausted quota
 * (OpenAI) or a denied access (Bedrock), and a result that moved the room (decision 61).
 */
export type SimulatedFailure = 'throttled' | 'unavailable' | 'refused' | 'exhausted' | 'moved';

export interface ImageSimulator {
  url: string;
  port: number;
  /** The next `count` requests fail this way. */
  failNext(failure: SimulatedFailure, count?: number): void;
  /** Every request answered: path and status (for tests). */
  readonly log: { path: string; status: number }[];
  /** Every image request is answered no sooner than this long after it arrived (a slow model; default 0). */
  setLatency(ms: number): void;
  /** The lifecycle state the model endpoints report for a model (default: served models are active). */
  setLifecycle(model: string, state: 'ACTIVE' | 'LEGACY' | { shutdownDate: string }): void;
  close(): Promise<void>;
}

export interface ImageSimulatorOptions {
  port?: number;
  host?: string;
  /** Bearer key the image-editing API side accepts. */
  apiKey?: string;
}

export async function startImageSimulator(options: ImageSimulatorOptions = {}): Promise<ImageSimulator> {
  const apiKey = options.apiKey ?? SIMULATOR_API_KEY;
  const failures: SimulatedFailure[] = [];
  const lifecycles = new Map<string, 'ACTIVE' | 'LEGACY' | { shutdownDate: string }>();
  const log: { path: string; status: number }[] = [];
  let latencyMs = 0;

  type Request = http.IncomingMessage | http2.Http2ServerRequest;
  type Response = http.ServerResponse | http2.Http2ServerResponse;
  const handle = (request: Request, response: Response) => {
    const answerAt = Date.now() + (request.method === 'POST' ? latencyMs : 0);
    readBody(request)
      .then((body) => route(request, body))
      .catch((error: unknown) => bedrockError(500, 'InternalServerException', (error as Error).message))
      .then(async (reply) => {
        await new Promise((resolve) => setTimeout(resolve, answerAt - Date.now()));
        log.push({ path: request.url ?? '', status: reply.status });
        // Both response kinds take the same writeHead/end; @types/node 22 types them apart.
        const out = response as http.ServerResponse;
        out.writeHead(reply.status, reply.headers);
        out.end(reply.body);
      });
  };
  const http1 = http.createServer(handle);
  const h2c = http2.createServer(handle);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.once('data', (chunk) => {
      // Prior-knowledge HTTP/2 starts with the connection preface 'PRI * HTTP/2.0'.
      if (chunk.toString('latin1', 0, 3) !== 'PRI') {
        socket.pause();
        socket.unshift(chunk);
        http1.emit('connection', socket);
        socket.resume();
        return;
      }
      // The HTTP/2 session reads the native socket directly and would miss an unshifted chunk:
      // give it a stream that starts with that chunk instead.
      const stream = new Duplex({
        read() {},
        write(data, encoding, done) {
          socket.write(data, encoding, done);
        },
        final(done) {
          socket.end();
          done();
        },
        destroy(error, done) {
          socket.destroy(error ?? undefined);
          done(error);
        },
      });
      stream.push(chunk);
      socket.on('data', (data) => stream.push(data));
      socket.on('end', () => stream.push(null));
      socket.on('error', (error) => stream.destroy(error));
      h2c.emit('connection', stream);
    });
  });

  async function route(request: Request, body: Buffer | null): Promise<ProviderReply> {
    const path = new URL(request.url ?? '/', 'http://simulator').pathname;
    if (request.method === 'GET') return answerModelLifecycle(path, request.headers, apiKey, lifecycles);
    const bedrock = /^\/model\/([^/]+)\/invoke$/.exec(path);
    const isEdit = path === '/v1/images/edits';
    if (request.method !== 'POST' || (!bedrock && !isEdit)) {
      return { status: 404, headers: { 'content-type': 'application/json' }, body: '{"message":"Not Found"}' };
    }
    const failure = failures.shift();
    if (failure && failure !== 'moved') return bedrock ? bedrockFailure(failure) : openAiFailure(failure);
    if (!body) {
      return bedrock
        ? bedrockError(413, 'ValidationException', 'Request body too large')
        : openAiError(413, 'Request body too large.', null, 'request_too_large');
    }
    if (bedrock) {
      const options = failure === 'moved' ? { moveStructure: true } : {};
      return answerStability(decodeURIComponent(bedrock[1]!), request.headers, body, options);
    }
    const reply = await answerImageEdit(request.headers, body, apiKey);
    return failure === 'moved' ? movedOpenAiReply(reply) : reply;
  }

  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () =>
      resolve((server.address() as net.AddressInfo).port),
    );
  });
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    log,
    setLatency(ms) {
      latencyMs = ms;
    },
    setLifecycle(model, state) {
      lifecycles.set(model, state);
    },
    failNext(failure, count = 1) {
      for (let i = 0; i < count; i++) failures.push(failure);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/**
 * The model endpoints the health check reads: Bedrock's GetFoundationModel
 * (`modelDetails.modelLifecycle.status`) and OpenAI's Retrieve model (`shutdown_date`).
 */
function answerModelLifecycle(
  path: string,
  headers: Record<string, string | string[] | undefined>,
  apiKey: string,
  lifecycles: Map<string, 'ACTIVE' | 'LEGACY' | { shutdownDate: string }>,
): ProviderReply {
  const bedrock = /^\/foundation-models\/([^/]+)$/.exec(path);
  const openai = /^\/v1\/models\/([^/]+)$/.exec(path);
  const json = (body: object): ProviderReply => ({
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (bedrock) {
    const id = decodeURIComponent(bedrock[1]!);
    const state = lifecycles.get(id) ?? (isServedStabilityModel(id) ? 'ACTIVE' : undefined);
    if (!state || typeof state !== 'string') {
      return bedrockError(404, 'ResourceNotFoundException', `Model ${id} not found.`);
    }
    return json({ modelDetails: { modelId: id, modelLifecycle: { status: state } } });
  }
  if (openai) {
    if (headers.authorization !== `Bearer ${apiKey}`) {
      return openAiError(401, 'Incorrect API key provided.', null, 'invalid_api_key');
    }
    const id = decodeURIComponent(openai[1]!);
    const state = lifecycles.get(id);
    if (!(OPENAI_DOCUMENTED_LIMITS.models.value as readonly string[]).includes(id) && !state) {
      return openAiError(404, `The model '${id}' does not exist`, 'model', 'model_not_found');
    }
    const shutdown = state && typeof state === 'object' ? state.shutdownDate : null;
    return json({ id, object: 'model', created: 1_760_000_000, owned_by: 'openai', shutdown_date: shutdown });
  }
  return { status: 404, headers: { 'content-type': 'application/json' }, body: '{"message":"Not Found"}' };
}

function bedrockFailure(failure: SimulatedFailure): ProviderReply {
  if (failure === 'throttled')
    return bedrockError(429, 'ThrottlingException', 'Too many requests, please wait before trying again.');
  if (failure === 'unavailable')
    return bedrockError(503, 'ServiceUnavailableException', 'Service unavailable. Try again later.');
  if (failure === 'exhausted')
    return bedrockError(
      403,
      'AccessDeniedException',
      "You don't have access to the model with the specified model ID.",
    );
  return bedrockError(400, 'ValidationException', 'This request has been blocked by our content filters.');
}

function openAiFailure(failure: SimulatedFailure): ProviderReply {
  if (failure === 'throttled') return openAiError(429, 'Rate limit reached for requests.', null, 'rate_limit_exceeded');
  if (failure === 'unavailable') return openAiError(503, 'The server is overloaded or not ready yet.', null, null);
  if (failure === 'exhausted')
    return openAiError(
      429,
      'You exceeded your current quota, please check your plan and billing details.',
      null,
      'insufficient_quota',
    );
  return openAiError(400, 'Your request was rejected by the safety system.', null, 'moderation_blocked');
}

/** An OpenAI answer whose picture is shifted by 8 %, as a model that redrew the room would answer. */
async function movedOpenAiReply(reply: ProviderReply): Promise<ProviderReply> {
  if (reply.status !== 200) return reply;
  const body = JSON.parse(reply.body) as { data: { b64_json: string }[] };
  const png = Buffer.from(body.data[0]!.b64_json, 'base64');
  const { width, height } = await sharp(png).metadata();
  const dx = Math.round(width * 0.08);
  const dy = Math.round(height * 0.08);
  const moved = await sharp(png)
    .extract({ left: 0, top: 0, width: width - dx, height: height - dy })
    .extend({ left: dx, top: dy, extendWith: 'copy' })
    .png()
    .toBuffer();
  body.data[0]!.b64_json = moved.toString('base64');
  return { ...reply, body: JSON.stringify(body) };
}

/** null when the body exceeds the limit (answered 413). */
function readBody(request: http.IncomingMessage | http2.Http2ServerRequest): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
