/** Configuration comes from environment variables, read once and failing loudly when missing. */

export function requireEnv(name: string): string {
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
export function envGetter(name: string): () => string {
  let cached: string | undefined;
  return () => (cached ??= requireEnv(name));
}
