/** The REST surface's plumbing: routes, the handler context, Stripe list objects and pagination. */
import type { Billing } from './billing';
import type { Engine } from './engine';
import { invalidRequest } from './errors';
import type { FormParams } from './form';
import { optionalInteger, optionalString, stringArray } from './params';
import { expand, present, type Json } from './present';
import type { Store } from './store';
import type { ApiObject } from './types';

export interface ApiContext {
  engine: Engine;
  billing: Billing;
  store: Store;
  params: FormParams;
  /** The capture of the route's pattern (the id in the path), '' when none. */
  path: [string];
  /** Where the browser reaches the hosted pages (the app's port locally, decision 109). */
  baseUrl: string;
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  handle(context: ApiContext): Json;
}

/** The answer for one object, with the request's `expand[]` applied. */
export function respond(context: ApiContext, object: ApiObject): Json {
  return expand(context.store, present(context.store, object), stringArray(context.params, 'expand'));
}

/** A Stripe list object: newest first, `limit` (1-100, default 10), `starting_after` / `ending_before` cursors. */
export function respondList(context: ApiContext, objects: ApiObject[], url: string): Json {
  const limit = optionalInteger(context.params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) {
    throw invalidRequest('This value must be greater than or equal to 1 and less than or equal to 100.', 'limit');
  }
  const after = optionalString(context.params, 'starting_after');
  const before = optionalString(context.params, 'ending_before');
  let page = objects;
  let hasMore: boolean;
  if (before) {
    const index = objects.findIndex((object) => object.id === before);
    if (index === -1) throw invalidRequest(`No such object: '${before}'`, 'ending_before', 'resource_missing');
    page = objects.slice(Math.max(0, index - limit), index);
    hasMore = index - limit > 0;
  } else {
    const start = after ? objects.findIndex((object) => object.id === after) + 1 : 0;
    if (after && start === 0) throw invalidRequest(`No such object: '${after}'`, 'starting_after', 'resource_missing');
    page = objects.slice(start, start + limit);
    hasMore = start + limit < objects.length;
  }
  const list = {
    object: 'list',
    data: page.map((object) => present(context.store, object)),
    has_more: hasMore,
    url,
  } satisfies Json;
  return expand(context.store, list, stringArray(context.params, 'expand'));
}

/** `created` filters: `created=123` or `created[gte]=...&created[lt]=...`. */
export function createdFilter(context: ApiContext): (object: ApiObject) => boolean {
  const value = context.params.created;
  if (value === undefined) return () => true;
  if (typeof value === 'string') {
    const exact = Number(value);
    return (object) => object.created === exact;
  }
  if (Array.isArray(value)) throw invalidRequest('Invalid created', 'created');
  const bounds = Object.fromEntries(Object.entries(value).map(([key, each]) => [key, Number(each)]));
  return (object) =>
    (bounds.gt === undefined || object.created > bounds.gt) &&
    (bounds.gte === undefined || object.created >= bounds.gte) &&
    (bounds.lt === undefined || object.created < bounds.lt) &&
    (bounds.lte === undefined || object.created <= bounds.lte);
}
