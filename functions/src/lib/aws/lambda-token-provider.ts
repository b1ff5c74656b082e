/**
 * Bundled in place of `@aws-sdk/token-providers` (see infra/lib/bundling.ts). Bedrock Runtime
 * accepts a bearer token besides SigV4: from AWS_BEARER_TOKEN_BEDROCK, else from an SSO token
 * cache refreshed by a nested SSO OIDC client (about 20 KB per bundle). Our Lambdas sign with their
 * execution role (SigV4); the environment token keeps working, the SSO cache is refused clearly.
 */
class TokenProviderError extends Error {
  override name = 'TokenProviderError';
  /** Lets the SDK try its next identity source, as its own TokenProviderError does. */
  readonly tryNextLink = true;
}

export const fromEnvSigningName =
  ({ signingName }: { signingName?: string } = {}) =>
  async (): Promise<{ token: string }> => {
    const key = `AWS_BEARER_TOKEN_${(signingName ?? '').replace(/[\s-]/g, '_').toUpperCase()}`;
    const token = process.env[key];
    if (!signingName || token === undefined) throw new TokenProviderError(`Token not present in '${key}'`);
    return { token };
  };

export const nodeProvider = () => async (): Promise<never> => {
  throw new TokenProviderError('SSO bearer tokens are not available in Lambda: the function signs with its role');
};
