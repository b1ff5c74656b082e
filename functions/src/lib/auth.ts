/**
 * The caller of a JWT-protected route, as the API Gateway JWT authorizer (or the local gateway)
 * verified it: claims from `requestContext.authorizer.jwt.claims`, and the raw access token for
 * Cognito calls made on the user's behalf (GetUser).
 */
import { Unauthorized } from './errors';
import type { HttpEvent } from './http-types';

export interface Caller {
  /** Cognito `sub`: the user's stable id. */
  sub: string;
  /** The app client the token was issued to (access tokens carry `client_id`, not `aud`). */
  clientId: string;
  /** The raw access token (without "Bearer "). */
  accessToken: string;
}

export function getCaller(event: HttpEvent): Caller {
  const claims = event.requestContext.authorizer?.jwt.claims;
  const sub = claims?.sub;
  const clientId = claims?.client_id;
  const accessToken = bearerToken(event.headers.authorization ?? event.headers.Authorization);
  if (typeof sub !== 'string' || typeof clientId !== 'string' || !accessToken) {
    throw new Unauthorized();
  }
  return { sub, clientId, accessToken };
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? '');
  return match?.[1];
}
