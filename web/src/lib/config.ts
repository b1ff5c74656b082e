import type { RuntimeConfig } from '@vitrine/shared';
import * as z from 'zod/mini';

/** Shape of /config.json, written by the local stack or at deploy time (architecture decision 3). */
export const runtimeConfigSchema = z.object({
  apiBase: z.string().check(z.minLength(1)),
  region: z.string().check(z.minLength(1)),
  userPoolId: z.string().check(z.minLength(1)),
  userPoolClientId: z.string().check(z.minLength(1)),
  userPoolEndpoint: z.optional(z.url()),
  authFlow: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  mode: z.enum(['local', 'aws']),
  demoBookingUrl: z.string(),
}) satisfies z.ZodMiniType<RuntimeConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the raw configuration, throwing a ConfigError that names every faulty field. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const result = runtimeConfigSchema.safeParse(raw);
  if (!result.success) {
    const fields = result.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ');
    throw new ConfigError(`Invalid /config.json: ${fields}`);
  }
  return result.data;
}

let pending: Promise<RuntimeConfig> | undefined;

/** Loads /config.json once; the app cannot work without it, so a failure is fatal (fail fast). */
export function loadConfig(): Promise<RuntimeConfig> {
  pending ??= fetch('/config.json', { headers: { Accept: 'application/json' } })
    .then((response) => {
      if (!response.ok) throw new ConfigError(`Cannot load /config.json (HTTP ${response.status})`);
      return response.json() as Promise<unknown>;
    })
    .then(parseRuntimeConfig)
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}
