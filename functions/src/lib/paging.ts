/**
 * Paged lists (`Page<T>` of @vitrine/shared): `limit` and `cursor` from the query string, and the
 * cursor itself, an opaque base64url JSON of DynamoDB's LastEvaluatedKey. A cursor is only
 * accepted when it has exactly the key of the list it is used on (the caller's organization
 * partition, that list's place and key formats), so a forged or foreign one is a 400 in French,
 * never another organization's rows, never a 500.
 */
import { PAGE_LIMITS, API_TEXTS } from '@vitrine/shared';
import { BadRequest } from './errors';
import type { HttpEvent } from './http-types';

export interface PageRequest {
  limit: number;
  cursor?: string;
}

/** What a list's cursor must hold: exact values or patterns, attribute by attribute. */
export type CursorShape = Record<string, string | RegExp>;

export type CursorKey = Record<string, string>;

const LIMIT_PATTERN = /^[1-9][0-9]{0,2}$/;
const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,2048}$/;

/** `limit` (integer 1..PAGE_LIMITS.max, default PAGE_LIMITS.default) and `cursor`; 400 in French otherwise. */
export function pageRequest(event: Pick<HttpEvent, 'queryStringParameters'>): PageRequest {
  const query = event.queryStringParameters ?? {};
  let limit: number = PAGE_LIMITS.default;
  if (query.limit !== undefined) {
    limit = LIMIT_PATTERN.test(query.limit) ? Number(query.limit) : 0;
    if (limit < 1 || limit > PAGE_LIMITS.max) throw new BadRequest(API_TEXTS.invalidLimit);
  }
  return query.cursor ? { limit, cursor: query.cursor } : { limit };
}

export function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key), 'utf8').toString('base64url') : null;
}

/** The ExclusiveStartKey a cursor stands for, when it fits `shape` exactly. */
export function decodeCursor(cursor: string | undefined, shape: CursorShape): CursorKey | undefined {
  if (cursor === undefined) return undefined;
  const invalid = () => new BadRequest(API_TEXTS.invalidCursor);
  if (!CURSOR_PATTERN.test(cursor)) throw invalid();
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof key !== 'object' || key === null || Array.isArray(key)) throw invalid();
  const entries = Object.entries(key as Record<string, unknown>);
  const names = Object.keys(shape);
  if (entries.length !== names.length) throw invalid();
  for (const [name, value] of entries) {
    const expected = Object.hasOwn(shape, name) ? shape[name] : undefined;
    if (expected === undefined || typeof value !== 'string') throw invalid();
    if (typeof expected === 'string' ? value !== expected : !expected.test(value)) throw invalid();
  }
  return key as CursorKey;
}
