/**
 * Routes of the public API take `Authorization: Bearer <API key>` (decision 102). The key is
 * verified in the route's own Lambda, not by an API Gateway authorizer: the same code then runs in
 * AWS and in the local gateway, a revoked key fails at its next request (one consistent
 * UpdateItem, no authorizer cache), and the rate limit can answer 429 with Retry-After, which a
 * Lambda authorizer cannot (decision 103). The key itself never reaches a log line or a metric:
 * only its id does.
 */
import { API_KEYS_TEXTS, type ApiKeyScope } from '@vitrine/shared';
import { bearerToken } from '../lib/auth';
import { tableDeps, type TableDeps } from '../lib/aws/dynamodb';
import { Forbidden, TooManyRequests, Unauthorized } from '../lib/errors';
import type { HttpResponse, RouteHandler, RouteRequest } from '../lib/http';
import { withLogContext } from '../lib/logger';
import { emitMetrics } from '../lib/metrics';
import type { UserRecord } from '../lib/records';
import { hashApiKey, isApiKeyShape } from './api-key-secret';
import { useApiKey } from './api-key-store';

/** The caller of a public API route: the key's organization, acting as the key's creator (an OrganizationCaller). */
export interface ApiKeyCaller {
  orgId: string;
  userId: string;
  roles: UserRecord['roles'];
  keyId: string;
  scope: ApiKeyScope;
}

export type ApiKeyRouteHandler = (request: RouteRequest, caller: ApiKeyCaller) => Promise<HttpResponse>;

/** Authenticates the request's key, counts it against the key's rate limit, and checks its scope. */
export async function apiKeyCaller(
  deps: TableDeps,
  headers: Record<string, string | undefined>,
  needed: ApiKeyScope,
): Promise<ApiKeyCaller> {
  const key = bearerToken(headers.authorization ?? headers.Authorization);
  if (!isApiKeyShape(key)) throw new Unauthorized(API_KEYS_TEXTS.invalidKey);
  const use = await useApiKey(deps, hashApiKey(key));
  if (use.outcome === 'refused') throw new Unauthorized(API_KEYS_TEXTS.invalidKey);
  if (use.outcome === 'rate-limited') {
    throw new TooManyRequests(API_KEYS_TEXTS.rateLimited(use.retryAfterSeconds), use.retryAfterSeconds);
  }
  const { record } = use;
  if (needed === 'transform' && record.scope !== 'transform') throw new Forbidden(API_KEYS_TEXTS.readOnlyKey);
  return {
    orgId: record.organizationId,
    userId: record.createdBy,
    // What a key may change is its organization's work through the API's own routes, none of which
    // changes a colleague's item: the key acts as a plain member.
    roles: ['org_member'],
    keyId: record.id,
    scope: record.scope,
  };
}

/** A public API route: `needed` is the scope it takes ('read' for reads, 'transform' for writes). */
export function withApiKey(needed: ApiKeyScope, handler: ApiKeyRouteHandler): RouteHandler {
  return async (request) => {
    const caller = await apiKeyCaller(tableDeps(), request.event.headers ?? {}, needed);
    return withLogContext({ apiKeyId: caller.keyId }, () => {
      emitMetrics({ apiKeyRequests: 1 }, {}, { routeKey: request.event.routeKey });
      return handler(request, caller);
    });
  };
}
