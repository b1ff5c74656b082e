/**
 * Any zod issue without a message of its own (a wrong type, an unknown key) reads in French too:
 * give this error map to each parse (`safeParseInFrench`), or to `z.config` in an application's
 * entry (the web app's router root). Never a top-level `z.config(...)` in this package: it declares
 * `sideEffects: false`, so bundlers drop such a call from every bundle that imports nothing else
 * from its file (the image-processing and images Lambdas answered 'Invalid input' in AWS), and zod
 * keeps that config on globalThis, where it leaks between bundles loaded side by side.
 * A file of its own, apart from schemas.ts: importing it must not pull every schema into a bundle.
 */
import * as z from 'zod/mini';
import { API_TEXTS } from './texts/api';

export const frenchFallbackError = (): string => API_TEXTS.invalidRequest;

/** `z.safeParse` with the French fallback message: what servers validate request bodies with. */
export function safeParseInFrench<S extends z.ZodMiniType>(schema: S, value: unknown) {
  return z.safeParse(schema, value, { error: frenchFallbackError });
}

/** The message of the API's 400 VALIDATION answer to a refused body: its first issue's. */
export function refusalMessage(error: { issues: readonly { message: string }[] }): string {
  return error.issues[0]?.message ?? API_TEXTS.invalidRequest;
}

/**
 * The API's VALIDATION message for a body `schema` refuses, undefined when it accepts it: what the
 * server answers (functions' parseBody), and what the web tests' fake answers say (decision 078).
 */
export function validationMessage(schema: z.ZodMiniType, value: unknown): string | undefined {
  const result = safeParseInFrench(schema, value);
  return result.success ? undefined : refusalMessage(result.error);
}
