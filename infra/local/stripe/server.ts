/**
 * The stand-in's HTTP surface on one port: the REST API under /v1 (Bearer key, form-encoded
 * parameters, Idempotency-Key replay, Stripe's error envelope), the hosted pages (/c/pay/...,
 * /p/session/...) and the test controls (/_stand-in/...).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiContext, Route } from './api';
import type { Billing } from './billing';
import type { Engine } from './engine';
import { StripeApiError, invalidRequest, unrecognizedUrl } from './errors';
import { parseForm } from './form';
import { serveCheckoutPage } from './pages/checkout-page';
import { servePortalPage } from './pages/portal-page';
import { newId } from './store';
import type { StandInControls } from './controls';

const IDEMPOTENCY_TTL_S = 24 * 3600;

export interface ServerDependencies {
  engine: Engine;
  billing: Billing;
  routes: Route[];
  controls: StandInControls;
  baseUrl: () => string;
  log: (line: string) => void;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function json(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-cache, no-store', ...headers });
  response.end(body);
}

function errorBody(error: StripeApiError, requestId: string): string {
  return JSON.stringify(
    { error: { ...error.body, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` } },
    null,
    2,
  );
}

/** The secret key from `Authorization: Bearer sk_...` (or Basic `sk_...:`, as curl -u sends it). */
function apiKeyOf(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization ?? '';
  if (header.startsWith('Bearer ')) return header.slice(7).trim();
  if (header.startsWith('Basic ')) return Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0];
  return undefined;
}

function authError(key: string | undefined): StripeApiError {
  const message =
    key === undefined
      ? "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/."
      : `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;
  return new StripeApiError(401, { type: 'invalid_request_error', message });
}

export function createRequestHandler(deps: ServerDependencies) {
  const { engine, billing, routes, controls } = deps;
  const store = engine.store;

  function runApi(method: string, pathname: string, raw: string, query: string): { status: number; body: string } {
    const match = routes
      .filter((route) => route.method === method)
      .map((route) => ({ route, captures: route.pattern.exec(pathname) }))
      .find((each) => each.captures);
    if (!match) throw unrecognizedUrl(method, pathname);
    // Parameters come in the query (GET, DELETE) or the body (POST); Stripe reads both.
    const params = { ...parseForm(query), ...parseForm(raw) };
    const context: ApiContext = {
      engine,
      billing,
      store,
      params,
      path: [decodeURIComponent(match.captures![1] ?? '')],
      baseUrl: deps.baseUrl(),
    };
    const result = match.route.handle(context);
    return { status: 200, body: JSON.stringify(result, null, 2) };
  }

  async function api(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const requestId = `req_${newId('x').slice(2, 16)}`;
    const headers = { 'request-id': requestId, 'stripe-version': request.headers['stripe-version']?.toString() ?? '' };
    const method = request.method ?? 'GET';
    const raw = await readBody(request);
    const key = apiKeyOf(request);
    if (key !== store.state.apiKey) {
      const error = authError(key);
      return json(response, error.status, errorBody(error, requestId), headers);
    }
    const idempotencyKey = method === 'POST' ? request.headers['idempotency-key']?.toString() : undefined;
    const fingerprint = `${method} ${url.pathname}?${url.search} ${raw}`;
    if (idempotencyKey) {
      const stored = store.state.idempotency[idempotencyKey];
      if (stored && stored.created > Math.floor(Date.now() / 1000) - IDEMPOTENCY_TTL_S) {
        if (stored.fingerprint !== fingerprint) {
          const error = new StripeApiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
          return json(response, 400, errorBody(error, requestId), headers);
        }
        return json(response, stored.status, stored.body, {
          ...headers,
          'idempotent-replayed': 'true',
          'idempotency-key': idempotencyKey,
        });
      }
    }
    let outcome: { status: number; body: string };
    engine.request = { id: requestId, idempotencyKey: idempotencyKey ?? null };
    try {
      outcome = runApi(method, url.pathname, raw, url.search.slice(1));
    } catch (error) {
      if (!(error instanceof StripeApiError)) {
        deps.log(
          `[stripe] ${method} ${url.pathname} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
      }
      const stripeError =
        error instanceof StripeApiError
          ? error
          : new StripeApiError(500, { type: 'api_error', message: 'An unknown error occurred' });
      outcome = { status: stripeError.status, body: errorBody(stripeError, requestId) };
    } finally {
      engine.request = null;
    }
    // Stripe keeps the result of a request that ran (success, card error, missing object), not of one that failed validation or crashed.
    if (idempotencyKey && outcome.status !== 400 && outcome.status < 500) {
      const now = Math.floor(Date.now() / 1000);
      for (const [each, stored] of Object.entries(store.state.idempotency)) {
        if (stored.created <= now - IDEMPOTENCY_TTL_S) delete store.state.idempotency[each];
      }
      store.state.idempotency[idempotencyKey] = {
        fingerprint,
        status: outcome.status,
        body: outcome.body,
        created: now,
      };
      store.changed();
    }
    // What the answer says is on disk first (a stop right after it must not undo it).
    await store.persisted();
    json(
      response,
      outcome.status,
      outcome.body,
      idempotencyKey ? { ...headers, 'idempotency-key': idempotencyKey } : headers,
    );
  }

  return async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const method = request.method ?? 'GET';
    try {
      if (url.pathname.startsWith('/v1/')) return await api(request, response, url);
      const checkout = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
      if (checkout) {
        const body = method === 'POST' ? await readBody(request) : '';
        return await serveCheckoutPage(engine, billing, method, decodeURIComponent(checkout[1] ?? ''), body, response);
      }
      const portal = /^\/p\/session\/([^/]+)(?:\/([a-z]+))?$/.exec(url.pathname);
      if (portal) {
        const body = method === 'POST' ? await readBody(request) : '';
        return await servePortalPage(
          engine,
          billing,
          method,
          decodeURIComponent(portal[1] ?? ''),
          portal[2],
          url.searchParams,
          body,
          response,
        );
      }
      if (url.pathname.startsWith('/_stand-in/')) {
        const body = method === 'POST' ? await readBody(request) : '';
        const result = await controls.handleHttp(method, url.pathname, parseForm(body));
        if (result === undefined) return json(response, 404, JSON.stringify({ error: 'unknown control' }));
        return json(response, 200, JSON.stringify(result, null, 2));
      }
      const error = unrecognizedUrl(method, url.pathname);
      json(response, 404, JSON.stringify({ error: error.body }));
    } catch (error) {
      deps.log(`[stripe] ${method} ${url.pathname} failed: ${String(error)}`);
      if (error instanceof StripeApiError) return json(response, error.status, JSON.stringify({ error: error.body }));
      if (!response.headersSent) json(response, 500, JSON.stringify(invalidRequest('Internal error').body));
      else response.end();
    }
  };
}
