/**
 * The local API Gateway (HTTP API, payload v2): routes from the shared route table, the JWT
 * authorizer's checks on `auth: 'jwt'` routes, the same event shape (routeKey, pathParameters,
 * lower-cased headers, cookies, requestContext.http, authorizer.jwt.claims and scopes), and each
 * endpoint group's handler invoked in-process with a Lambda-like context.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { API_TEXTS } from '@vitrine/shared';
import { ROUTES, type EndpointGroup } from '../../functions/src/routes';
import type { HttpEvent, HttpResponse } from '../../functions/src/lib/http-types';
import type { TokenCheck } from './jwt';
import type { LambdaRuntime } from './lambda-handlers';
import { createRouteMatcher } from './route-matcher';

/** API Gateway's own payload limit; routes set tighter ones, enforced by the handlers. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;
/** HTTP API integration timeout. */
const TIMEOUT_MS = 30_000;

const matchRoute = createRouteMatcher(ROUTES);

type LambdaHandler = (event: HttpEvent, context: Context) => Promise<HttpResponse | string | object | undefined>;

function lambdaContext(group: string, requestId: string): Context {
  const deadline = Date.now() + TIMEOUT_MS;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `vitrine-local-${group}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:vitrine-local-${group}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/vitrine-local-${group}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/**
 * The body, or `undefined` when it is above API Gateway's limit. An oversized body is still read
 * to its end (and dropped) so that the client gets its 413: destroying the socket mid-upload made
 * it see a connection reset.
 */
function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = Number(request.headers['content-length'] ?? 0);
    let tooLarge = size > MAX_PAYLOAD_BYTES;
    size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      tooLarge ||= size > MAX_PAYLOAD_BYTES;
      if (tooLarge) chunks.length = 0;
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(tooLarge ? undefined : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function isTextual(contentType: string | undefined): boolean {
  return !contentType || /^(text\/|application\/(json|.*\+json|x-www-form-urlencoded|xml))/i.test(contentType);
}

/** HTTP API hands claims to Lambda as strings; arrays as "[a b]". */
function claimsAsStrings(claims: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(claims).map(([name, value]) => [
      name,
      Array.isArray(value) ? `[${value.join(' ')}]` : String(value),
    ]),
  );
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

function writeResult(response: ServerResponse, result: HttpResponse | string | object | undefined): void {
  // Payload v2 without a statusCode: API Gateway answers 200 with the value as JSON.
  if (!result || typeof result !== 'object' || !('statusCode' in result)) {
    sendJson(response, 200, result ?? null);
    return;
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  response.writeHead(result.statusCode, headers);
  const body = result.body ?? '';
  response.end(result.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}

export interface GatewayOptions {
  verifyAccessToken: (token: string) => Promise<TokenCheck>;
  log?: (line: string) => void;
  /** The stack's Lambdas (the endpoint groups' sources or their bundles as CDK builds them). */
  lambdas: LambdaRuntime;
}

export function createGateway(options: GatewayOptions) {
  const handlers = new Map<EndpointGroup, Promise<LambdaHandler>>();
  const loadHandler = (group: EndpointGroup): Promise<LambdaHandler> => {
    let loaded = handlers.get(group);
    if (!loaded) {
      loaded = options.lambdas.load<LambdaHandler>(group);
      handlers.set(group, loaded);
    }
    return loaded;
  };
  return async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // Parsed as a path: resolving it against a base would read '//host/...' as another host.
    const url = new URL(`http://local${request.url ?? '/'}`);
    const method = (request.method ?? 'GET').toUpperCase();
    const matched = matchRoute(method, url.pathname);
    if (!matched) {
      sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: API_TEXTS.routeNotFound });
      return;
    }
    if (matched.malformedParameter) {
      // Undecodable, so it names no resource (architecture decision 20): what the handler answers for an invalid id.
      sendJson(response, 404, { code: 'NOT_FOUND', message: API_TEXTS.notFound });
      return;
    }

    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
    }

    let authorizer: HttpEvent['requestContext']['authorizer'];
    if (matched.route.auth === 'jwt') {
      const token = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
      if (!token) {
        sendJson(response, 401, { code: 'UNAUTHORIZED', message: API_TEXTS.unauthorized });
        return;
      }
      const check = await options.verifyAccessToken(token);
      if (!check.ok) {
        sendJson(response, 401, { code: 'UNAUTHORIZED', message: API_TEXTS.pleaseReconnect });
        return;
      }
      const scope = typeof check.claims.scope === 'string' ? check.claims.scope.split(' ') : null;
      authorizer = { jwt: { claims: claimsAsStrings(check.claims), scopes: scope } };
    }

    const raw = await readBody(request);
    if (!raw) {
      sendJson(response, 413, { code: 'PAYLOAD_TOO_LARGE', message: API_TEXTS.payloadTooLarge });
      return;
    }
    const textual = isTextual(headers['content-type']);
    const query: Record<string, string> = {};
    for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
    const requestId = randomUUID();
    const now = new Date();
    const event: HttpEvent = {
      version: '2.0',
      routeKey: matched.key,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      cookies: headers.cookie ? headers.cookie.split(/;\s*/) : undefined,
      headers,
      queryStringParameters: url.search ? query : undefined,
      pathParameters: Object.keys(matched.pathParameters).length ? matched.pathParameters : undefined,
      body: raw.length ? (textual ? raw.toString('utf8') : raw.toString('base64')) : undefined,
      isBase64Encoded: raw.length > 0 && !textual,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
        http: {
          method,
          path: url.pathname,
          protocol: `HTTP/${request.httpVersion}`,
          sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
          userAgent: headers['user-agent'] ?? '',
        },
        requestId,
        routeKey: matched.key,
        stage: '$default',
        time: now.toISOString(),
        timeEpoch: now.getTime(),
        authorizer,
      },
    };

    try {
      const handler = await loadHandler(matched.route.group);
      writeResult(response, await handler(event, lambdaContext(matched.route.group, requestId)));
    } catch (error) {
      // What API Gateway does when the function itself fails: a bare 500.
      options.log?.(
        `[gateway] ${matched.key} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (!response.headersSent) sendJson(response, 500, { code: 'INTERNAL', message: API_TEXTS.internal });
    }
  };
}
