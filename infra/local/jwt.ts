/**
 * Access-token verification as the API Gateway JWT authorizer does it for a Cognito user pool:
 * signature against the pool's JWKS, issuer, expiry, `token_use` = access and `client_id` (Cognito
 * access tokens carry no `aud`). CognitoJwtVerifier refuses local pool ids and https-less JWKS
 * URLs, hence JwtRsaVerifier with explicit checks and a plain-fetch JWKS cache.
 */
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { JwtExpiredError } from 'aws-jwt-verify/error';

export type TokenCheck = { ok: true; claims: JwtPayload } | { ok: false; reason: 'expired' | 'invalid' };

export function createAccessTokenVerifier(options: { issuer: string; jwksUri: string; clientId: string }) {
  const jwksCache = new SimpleJwksCache({
    fetcher: {
      fetch: async (uri: string) => {
        const response = await fetch(uri);
        if (!response.ok) throw new Error(`JWKS fetch failed: ${response.status}`);
        return response.arrayBuffer();
      },
    },
  });
  const verifier = JwtRsaVerifier.create(
    {
      issuer: options.issuer,
      jwksUri: options.jwksUri,
      audience: null,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'access') throw new Error('Not an access token');
        if (payload.client_id !== options.clientId) throw new Error('Token issued to another client');
      },
    },
    { jwksCache },
  );
  return async function verify(token: string): Promise<TokenCheck> {
    try {
      return { ok: true, claims: await verifier.verify(token) };
    } catch (error) {
      return { ok: false, reason: error instanceof JwtExpiredError ? 'expired' : 'invalid' };
    }
  };
}
