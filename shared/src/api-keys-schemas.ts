/**
 * API keys of the public API (issue 25, decision 102): what owners and admins create in
 * Paramètres > API, and what the list shows. Their own module, like team-schemas.ts: only the
 * Lambdas and the tab that read them bundle them.
 */
import * as z from 'zod/mini';
import { safeText } from './safe-text';
import { API_KEYS_TEXTS } from './texts/api-keys';

/** 'read': GET routes only; 'transform': every route of /api/v1 (uploads and transformations spend credits). */
export const API_KEY_SCOPES = ['read', 'transform'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_LIMITS = {
  nameMaxLength: 60,
  /** Active (not revoked) keys per organization. */
  maxActivePerOrganization: 20,
  /** Requests per key per fixed one-minute window (decision 103); a key record may carry its own. */
  requestsPerMinute: 120,
} as const;

export const apiKeyCreateSchema = z.object({
  name: safeText(API_KEY_LIMITS.nameMaxLength, API_KEYS_TEXTS.nameTooLong, { required: API_KEYS_TEXTS.nameRequired }),
  scope: z.enum(API_KEY_SCOPES, { error: API_KEYS_TEXTS.scopeInvalid }),
});
export type ApiKeyCreateInput = z.infer<typeof apiKeyCreateSchema>;

/** A key as GET /api/api-keys lists it: never the key, only its recognisable start. */
export interface ApiKeySummary {
  id: string;
  name: string;
  scope: ApiKeyScope;
  /** The key's first characters (`vit_live_` and 4 more), to tell keys apart. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** 201 answer of POST /api/api-keys: the only time the key itself is shown. */
export interface CreatedApiKey extends ApiKeySummary {
  key: string;
}
