/**
 * A JWT route serves only a live session (decision 079). The API Gateway JWT authorizer checks a
 * token's signature and expiry, not whether its account still exists or was signed out: after
 * `DeleteUser` (or `GlobalSignOut`), the same access token would keep working for its hour. So
 * the first middleware after the origin check asks Cognito itself: `GetUser` with the caller's own
 * access token, which Cognito refuses for a deleted user or a revoked token. It is authorized by
 * the token (no IAM, no SDK client: one small JSON call, kept out of every bundle).
 * https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_GetUser.html
 * Reads may rely on the last live answer for the same token for a few seconds; writes always ask
 * (decision 126).
 */
import { createHash } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import { API_TEXTS } from '@vitrine/shared';
import { bearerToken } from './auth';
import { ServiceUnavailable, Unauthorized } from './errors';
import type { HttpEvent, HttpResponse } from './http-types';
import { logger } from './logger';

/** Resolves when Cognito still accepts the access token; `'ended'` when it refuses it. */
export type SessionCheck = (accessToken: string) => Promise<'live' | 'ended'>;

function cognitoEndpoint(): string {
  return (
    process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER ??
    `https://cognito-idp.${process.env.AWS_REGION ?? 'eu-west-3'}.amazonaws.com`
  );
}

/** Cognito's `GetUser` over its JSON protocol: 200 live, a 4xx refusal ended, anything else thrown. */
export const cognitoSessionCheck: SessionCheck = async (accessToken) => {
  const response = await fetch(cognitoEndpoint(), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser',
    },
    body: JSON.stringify({ AccessToken: accessToken }),
  });
  await response.arrayBuffer();
  if (response.ok) return 'live';
  // NotAuthorizedException (revoked, expired), UserNotFoundException (deleted): the session is over.
  // A throttle (429) says nothing about the session.
  if (response.status >= 400 && response.status < 500 && response.status !== 429) return 'ended';
  throw new Error(`Cognito GetUser answered ${response.status}`);
};

/**
 * How long a read may rely on Cognito's last 'live' answer for the same token (decision 126).
 * Writes always ask Cognito; a revoked or deleted session's reads are refused within this time.
 */
export const LIVE_SESSION_CACHE_MS = 10_000;
/** Bounds the cache of one container; past it the oldest entries go first. */
const MAX_CACHED_SESSIONS = 1_000;

/**
 * A per-container memory of live sessions, keyed by a SHA-256 of the endpoint and the token (the
 * token itself is never kept nor logged). Only 'live' is remembered: a refusal is always asked again.
 */
export function sessionCache(ttlMs = LIVE_SESSION_CACHE_MS, now: () => number = Date.now) {
  const liveUntil = new Map<string, number>();
  const keyOf = (token: string) => createHash('sha256').update(`${cognitoEndpoint()}\n${token}`).digest('hex');
  return {
    isLive(token: string): boolean {
      const key = keyOf(token);
      const until = liveUntil.get(key);
      if (until === undefined) return false;
      if (until > now()) return true;
      liveUntil.delete(key);
      return false;
    },
    remember(token: string): void {
      const key = keyOf(token);
      liveUntil.delete(key);
      liveUntil.set(key, now() + ttlMs);
      if (liveUntil.size > MAX_CACHED_SESSIONS) liveUntil.delete(liveUntil.keys().next().value as string);
    },
  };
}
export type SessionCache = ReturnType<typeof sessionCache>;

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * The middleware. Only JWT routes are checked: those whose event carries the authorizer's claims
 * (API Gateway's JWT authorizer, or the local gateway, puts them on exactly those routes; reading
 * them here keeps the route table out of every bundle). A request without a bearer token is left
 * to the route (the authorizer refuses it in AWS, the handler's getCaller answers 401).
 */
export function liveSessionMiddleware(
  check: () => SessionCheck,
  cache: SessionCache = sessionCache(),
): MiddlewareObj<HttpEvent, HttpResponse> {
  return {
    name: 'live-session',
    before: async ({ event }) => {
      if (!event.requestContext.authorizer?.jwt) return;
      const token = bearerToken(event.headers?.authorization ?? event.headers?.Authorization);
      if (!token) return;
      const read = READ_METHODS.has(event.requestContext.http?.method ?? '');
      if (read && cache.isLive(token)) return;
      let state: 'live' | 'ended';
      try {
        state = await check()(token);
      } catch (error) {
        logger.error('Cognito did not confirm the session', { error });
        throw new ServiceUnavailable();
      }
      if (state === 'ended') throw new Unauthorized(API_TEXTS.pleaseReconnect);
      cache.remember(token);
    },
  };
}
