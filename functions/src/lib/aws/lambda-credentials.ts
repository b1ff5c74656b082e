/**
 * Bundled in place of `@aws-sdk/credential-provider-node` (see infra/lib/bundling.ts).
 * In Lambda the credentials of the execution role always come from environment variables, so the
 * default chain (SSO, INI files, IMDS, web identity, with their nested STS/SSO clients) is dead
 * weight: about 100 KB per bundle and its load time on every cold start.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

export const defaultProvider = () => fromEnv();
