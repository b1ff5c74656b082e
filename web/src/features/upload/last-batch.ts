/**
 * The last batch's unsaved results, remembered per user in localStorage (ids and file names only),
 * so a reload, a sidebar link or 'Nouvelle transformation' does not lose results whose credits are
 * spent: the wizard offers to restore them from GET /api/transformations/{id}. The server keeps
 * unsaved result objects UNSAVED_OBJECT_EXPIRY_DAYS, then deletes them (decisions 52 and 59).
 */
import { UNSAVED_OBJECT_EXPIRY_DAYS } from '@vitrine/shared';

export const RESULT_RETENTION_DAYS = UNSAVED_OBJECT_EXPIRY_DAYS;
const RETENTION_MS = RESULT_RETENTION_DAYS * 24 * 60 * 60 * 1000;

export interface RememberedResult {
  transformationId: string;
  fileName: string;
}

export interface RememberedBatch {
  savedAt: string;
  results: RememberedResult[];
}

const storageKey = (userId: string) => `vitrine:last-batch:${userId}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // Storage disabled (private mode, policy): the warning before leaving still applies.
  }
}

export function rememberBatch(userId: string, results: RememberedResult[], now = new Date()): void {
  const batch: RememberedBatch = { savedAt: now.toISOString(), results };
  try {
    storage()?.setItem(storageKey(userId), JSON.stringify(batch));
  } catch {
    // Quota exceeded: nothing else to do, the warning before leaving still applies.
  }
}

export function forgetBatch(userId: string): void {
  storage()?.removeItem(storageKey(userId));
}

const isRemembered = (value: unknown): value is RememberedResult =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RememberedResult).transformationId === 'string' &&
  typeof (value as RememberedResult).fileName === 'string';

/** The remembered batch, or null when there is none, it is unreadable or older than the retention. */
export function recallBatch(userId: string, now = new Date()): RememberedBatch | null {
  const raw = storage()?.getItem(storageKey(userId));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<RememberedBatch>;
    const savedAt = Date.parse(parsed.savedAt ?? '');
    const results = Array.isArray(parsed.results) ? parsed.results.filter(isRemembered) : [];
    if (Number.isNaN(savedAt) || now.getTime() - savedAt > RETENTION_MS || results.length === 0) return null;
    return { savedAt: new Date(savedAt).toISOString(), results };
  } catch {
    return null;
  }
}
