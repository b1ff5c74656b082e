/**
 * Configuration comes from environment variables (names in ./env.ts), read on first use and
 * failing loudly when missing.
 */
import type { EnvName } from './env';

export function requireEnv(name: EnvName): string {
  const value = process.env[name];
  if (value === undefined || value === '') {
    throw new Error(`Missing required environment variable ${name}`);
  }
  return value;
}

/**
 * A getter for a required variable, read on first use and then cached. Modules call it at
 * request time rather than at import, so tests and the local stack can set the environment
 * after importing a module, while a deployed Lambda with a missing variable still fails fast
 * on its first request.
 */
export function envGetter(name: EnvName): () => string {
  let cached: string | undefined;
  return () => (cached ??= requireEnv(name));
}
