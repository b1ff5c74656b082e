/**
 * An id derived from a write's `Idempotency-Key` (decision 103): the public API's uploads take it,
 * so a retried POST /api/v1/uploads answers for the same upload instead of making another. The
 * organization is part of the hash: two organizations' keys never meet.
 */
import { createHash } from 'node:crypto';

export function idempotentId(orgId: string, scope: string, idempotencyKey: string): string {
  const hex = createHash('sha256').update(`${orgId}\n${scope}\n${idempotencyKey}`, 'utf8').digest('hex');
  // UUID-shaped (version 8: custom), so it reads like the ids the app makes.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
