/** What the API answers for a stored object: bookkeeping fields dropped, current prices embedded, `expand[]` applied. */
import type { Store } from './store';
import type { ApiObject } from './types';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** A plain copy of a value the stand-in keeps (a list of invoice lines), as the API sends it. */
export function plain(value: object): Json {
  return clone(value) as unknown as Json;
}

export function present(store: Store, object: ApiObject): Record<string, Json> {
  const copy = clone(object) as unknown as Record<string, Json>;
  for (const key of Object.keys(copy)) if (key.startsWith('_')) delete copy[key];
  if (object.object === 'subscription') {
    // Items show the price as it is now (its metadata or active flag may have changed since).
    const items = (copy.items as { data: { price: Json }[] }).data;
    for (const item of items) {
      const id = (item.price as { id: string }).id;
      const price = store.find('price', id);
      if (price) item.price = clone(price) as unknown as Json;
    }
  }
  return copy;
}

function expandAt(store: Store, node: Json, parts: string[]): Json {
  if (node === null || typeof node !== 'object') {
    if (typeof node === 'string') {
      const found = store.state.objects[node];
      return found ? expandAt(store, present(store, found), parts) : node;
    }
    return node;
  }
  if (Array.isArray(node)) return node.map((element) => expandAt(store, element, parts));
  if (parts.length === 0) return node;
  const [key, ...rest] = parts as [string, ...string[]];
  if (key in node) {
    const child = node[key] as Json;
    if (rest.length === 0) {
      if (typeof child === 'string') {
        const found = store.state.objects[child];
        if (found) node[key] = present(store, found);
      } else if (Array.isArray(child)) {
        node[key] = child.map((element) => expandAt(store, element, []));
      }
    } else {
      node[key] = expandAt(store, child, rest);
    }
  }
  return node;
}

/** Applies Stripe `expand[]` paths (`customer`, `latest_invoice`, `data.product`, `items.data.price.product`). */
export function expand(store: Store, value: Record<string, Json>, paths: string[]): Record<string, Json> {
  let result: Json = value;
  for (const path of paths) result = expandAt(store, result, path.split('.'));
  return result as Record<string, Json>;
}

export type { Json };
