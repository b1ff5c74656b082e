/**
 * Bundled in place of `mnemonist/lru-cache` (see infra/lib/bundling.ts): the DynamoDB client's
 * endpoint-discovery cache (@aws-sdk/endpoint-cache) imports it, with its typed-array helpers
 * (about 7 KB per bundle), for a cache of a few endpoints that stays empty unless endpoint
 * discovery is turned on. The same least-recently-used behavior on a Map, for the methods used.
 */
export default class LRUCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** Reads without refreshing the entry's recency. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
    return this;
  }

  clear(): void {
    this.entries.clear();
  }
}
