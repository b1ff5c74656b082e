/**
 * The HTTP side of every endpoint-group Lambda: `createHttpHandler({ 'GET /api/x': handler })`
 * builds a middy chain that
 *   0. refuses a request that did not come through CloudFront (403, lib/origin-verify.ts), first,
 *      then a JWT route's token whose account was deleted or signed out (401, lib/live-session.ts),
 *   1. rejects a body above the route's `maxBodyBytes` (413),
 *   2. parses a JSON body (400 MALFORMED_JSON),
 *   3. dispatches on the HTTP API v2 `routeKey` (404 ROUTE_NOT_FOUND for a key the group does not serve),
 *   4. maps errors to the error contract's `{ code, message }` (`ApiErrorBody` of @vitrine/shared):
 *      HttpError with its own code, anything else as a logged 500 INTERNAL with a generic French
 *      message, never a stack trace,
 *   5. runs in the request's log context (service = endpoint group, requestId, correlationId) and
 *      answers with `x-correlation-id`.
 */
import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { refusalMessage, safeParseInFrench } from '@vitrine/shared';
import { DEFAULT_MAX_BODY_BYTES, ROUTES, routeKey } from '../routes';
import {
  BadRequest,
  HttpError,
  INTERNAL_ERROR_BODY,
  MalformedJson,
  NotFound,
  PayloadTooLarge,
  RouteNotFound,
  ServiceUnavailable,
} from './errors';
import type { HttpEvent, HttpResponse } from './http-types';
import { CORRELATION_HEADER, correlationIdOf } from './correlation';
import { logger, withLogContext } from './logger';
import { isResourceId } from './ids';
import { cognitoSessionCheck, liveSessionMiddleware, type SessionCache, type SessionCheck } from './live-session';
import { originVerifyMiddleware, verifierFromEnvironment, type OriginVerifier } from './origin-verify';

export type { HttpEvent, HttpResponse } from './http-types';

export interface RouteRequest {
  event: HttpEvent;
  /** The request's correlation id (lib/correlation.ts): pass it on to what the request starts. */
  correlationId: string;
  /** The parsed JSON body; undefined when the request had none. */
  body: unknown;
  context: Context;
}

export type RouteHandler = (request: RouteRequest) => Promise<HttpResponse>;
export type RouteTable = Record<string, RouteHandler>;

type ParsedEvent = HttpEvent & { jsonBody?: unknown };

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function json(statusCode: number, body: unknown): HttpResponse {
  return { statusCode, headers: JSON_HEADERS, body: JSON.stringify(body) };
}

export function noContent(): HttpResponse {
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
}

/** Validates a body with a shared zod schema; the first issue's (French) message becomes a 400. */
export function parseBody<S extends z.ZodMiniType>(schema: S, body: unknown): z.infer<S> {
  const result = safeParseInFrench(schema, body ?? {});
  if (!result.success) throw new BadRequest(refusalMessage(result.error));
  return result.data;
}

/** Each route by its key: its body limit, and its endpoint group (the `service` of log lines). */
const routesByKey = new Map(ROUTES.map((route) => [routeKey(route), route]));

/** The body exactly as received (for signature checks): API Gateway base64-encodes non-text types. */
export function rawBody(event: HttpEvent): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

function bodyBytes(event: HttpEvent): number {
  if (event.body === undefined || event.body === null) return 0;
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').length : Buffer.byteLength(event.body, 'utf8');
}

const bodyLimit: MiddlewareObj<ParsedEvent, HttpResponse> = {
  name: 'body-limit',
  before: ({ event }) => {
    const limit = routesByKey.get(event.routeKey)?.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    if (bodyBytes(event) > limit) throw new PayloadTooLarge();
  },
};

const jsonBody: MiddlewareObj<ParsedEvent, HttpResponse> = {
  name: 'json-body',
  before: ({ event }) => {
    if (!event.body || routesByKey.get(event.routeKey)?.rawBody) return;
    try {
      event.jsonBody = JSON.parse(rawBody(event));
    } catch {
      throw new MalformedJson();
    }
  },
};

const errorResponse: MiddlewareObj<ParsedEvent, HttpResponse> = {
  name: 'error-response',
  onError: (request) => {
    const { error, event } = request;
    if (error instanceof HttpError) {
      const response = json(error.statusCode, error.toBody());
      request.response = { ...response, headers: { ...response.headers, ...error.headers } };
      return;
    }
    // Writes that kept meeting concurrent transactions (lib/aws/transactions.ts): worth a retry.
    if (error instanceof Error && error.name === 'TransactionConflictException') {
      logger.warn('Transaction conflicts persisted', { routeKey: event.routeKey, error });
      request.response = json(503, new ServiceUnavailable().toBody());
      return;
    }
    // The client only sees the generic text; the log line has the details and the request's ids.
    logger.error('Unhandled error', { routeKey: event.routeKey, error });
    request.response = json(500, INTERNAL_ERROR_BODY);
  },
};

/** The check of decision 49 as the environment configures it, read at request time (then kept). */
let environmentVerifier: OriginVerifier | undefined;
const verifierOfEnvironment = () => (environmentVerifier ??= verifierFromEnvironment());

export interface HttpHandlerOptions {
  /** Who may call: the CloudFront origin check (default: from ORIGIN_VERIFY_SECRET_NAME; none locally). */
  originVerifier?: () => OriginVerifier | undefined;
  /** Whether a token's session is still live (default: Cognito GetUser). */
  sessionCheck?: () => SessionCheck;
  /** The reads' memory of live sessions (default: one per handler, decision 126). */
  sessionCache?: SessionCache;
}

export function createHttpHandler(table: RouteTable, options: HttpHandlerOptions = {}) {
  const dispatch = async (event: ParsedEvent, context: Context): Promise<HttpResponse> => {
    const handler = table[event.routeKey];
    if (!handler) throw new RouteNotFound();
    for (const value of Object.values(event.pathParameters ?? {})) {
      if (!isResourceId(value)) throw new NotFound();
    }
    return handler({ event, body: event.jsonBody, context, correlationId: correlationIdOf(event) });
  };
  // The error mapper is attached first so that its onError runs last, after any other middleware;
  // the origin check comes next: a request that skipped CloudFront gets its 403 before any work.
  const chain = middy<ParsedEvent, HttpResponse>(dispatch)
    .use(errorResponse)
    .use(originVerifyMiddleware(options.originVerifier ?? verifierOfEnvironment))
    .use(liveSessionMiddleware(options.sessionCheck ?? (() => cognitoSessionCheck), options.sessionCache))
    .use(bodyLimit)
    .use(jsonBody);
  // Every log line and metric of the request carries its ids (the whole chain runs inside the
  // context, error mapping included), and the answer names the correlation id for support.
  return async (event: HttpEvent, context: Context): Promise<HttpResponse> => {
    const correlationId = correlationIdOf(event);
    const response = await withLogContext(
      { service: routesByKey.get(event.routeKey)?.group, requestId: context.awsRequestId, correlationId },
      () => chain(event, context),
    );
    return { ...response, headers: { ...response.headers, [CORRELATION_HEADER]: correlationId } };
  };
}
