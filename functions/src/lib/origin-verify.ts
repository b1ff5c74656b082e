/**
 * Only CloudFront may call the API (architecture decision 49). An HTTP API keeps its default
 * `execute-api` endpoint unless it has a custom domain, so a client could skip CloudFront and its
 * WAF rules. CloudFront adds `x-origin-verify: <secret>` to every request it sends to the API; the
 * first middleware of every API Lambda answers 403 to a request without that value, before any
 * other work (no body parsing, no table read). The secret is generated at deploy time in Secrets
 * Manager (never in code) and read once per container; locally there is no CloudFront and the
 * check is off (the variable is unset).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import { secretsManagerGetSecretString } from './aws/secrets-manager';
import { ENV } from './env';
import { Forbidden, ServiceUnavailable } from './errors';
import type { HttpEvent, HttpResponse } from './http-types';
import { logger } from './logger';
import { ORIGIN_VERIFY_HEADER } from './origin-verify-header';

export { ORIGIN_VERIFY_HEADER };

/** A mismatch re-reads the secret at most this often (it may have been rotated and redeployed). */
export const SECRET_REFRESH_MS = 60_000;

/** Reads the secret's current value. */
export type ReadSecret = () => Promise<string>;

export interface OriginVerifier {
  /** True when `value` is the current secret. */
  verify(value: string | undefined): Promise<boolean>;
}

export function originVerifier(readSecret: ReadSecret, now: () => number = Date.now): OriginVerifier {
  let cached: { digest: Buffer; readAt: number } | undefined;
  const load = async () => {
    const secret = (await readSecret()).trim();
    if (!secret) throw new Error('The origin-verify secret is empty');
    cached = { digest: digest(secret), readAt: now() };
    return cached;
  };
  return {
    async verify(value) {
      if (!value) return false;
      const given = digest(value);
      const current = cached ?? (await load());
      if (timingSafeEqual(given, current.digest)) return true;
      if (now() - current.readAt < SECRET_REFRESH_MS) return false;
      return timingSafeEqual(given, (await load()).digest);
    },
  };
}

// Equal-length digests make the comparison constant-time whatever the value's length.
const digest = (value: string) => createHash('sha256').update(value).digest();

/** In AWS, the verifier of the secret named by ORIGIN_VERIFY_SECRET_NAME; undefined locally. */
export function verifierFromEnvironment(): OriginVerifier | undefined {
  const secretName = process.env[ENV.originVerifySecretName];
  if (!secretName) return undefined;
  const getSecretString = secretsManagerGetSecretString({ region: process.env.AWS_REGION });
  return originVerifier(async () => (await getSecretString(secretName)) ?? '');
}

/**
 * The middleware: `verifier` undefined means no check (locally). Given as a function so the
 * environment is read on the first request, not at import.
 */
export function originVerifyMiddleware(
  verifier: () => OriginVerifier | undefined,
): MiddlewareObj<HttpEvent, HttpResponse> {
  return {
    name: 'origin-verify',
    before: async ({ event }) => {
      const check = verifier();
      if (!check) return;
      let verified: boolean;
      try {
        // HTTP API v2 lower-cases header names.
        verified = await check.verify(event.headers?.[ORIGIN_VERIFY_HEADER]);
      } catch (error) {
        logger.error('The origin-verify secret could not be read', { error });
        throw new ServiceUnavailable();
      }
      if (verified) return;
      logger.warn('Request refused: it did not come through CloudFront', {
        routeKey: event.routeKey,
        sourceIp: event.requestContext.http.sourceIp,
      });
      throw new Forbidden();
    },
  };
}
