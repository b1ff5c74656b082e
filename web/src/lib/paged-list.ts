/**
 * Paged lists (`Page<T>` of @vitrine/shared): pages are loaded one after the other as the user
 * scrolls (`loadMore`, driven by components/ui/load-more.tsx), never the whole list at once.
 *
 * Invalidation: a list the user acts on is edited locally (`removeItems`, `replaceItem`); a list
 * that another screen changed is reloaded from its first page with `invalidateLists(name)`. Each
 * list's SWR key carries its name's generation, so the change also reaches lists that are not on
 * screen, whose cached later pages would otherwise come back stale. SWR's own revalidation only
 * refetches the first page (and the pages whose cursor it changes), so it cannot do this alone.
 */
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import useSWRInfinite from 'swr/infinite';
import { PAGE_LIMITS, type Page } from '@vitrine/shared';
import { api } from './api-client';

const generations = new Map<string, number>();
const listeners = new Set<() => void>();

/** Reloads every list of these names from its first page, now if on screen, else when next shown. */
export function invalidateLists(...names: string[]): void {
  for (const name of names) generations.set(name, (generations.get(name) ?? 0) + 1);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

function useGeneration(name: string): number {
  return useSyncExternalStore(
    subscribe,
    () => generations.get(name) ?? 0,
    () => 0,
  );
}

/** `path?query&limit=..&cursor=..`: the cursor last, empty values left out. */
export function pageUrl(path: string, query: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export interface PagedListOptions {
  /** The list's name for `invalidateLists` (LISTS in cache-keys.ts). */
  name: string;
  /** Extra query parameters (e.g. `search`), part of the key. */
  query?: Record<string, string | undefined>;
  /** Items per page. @default PAGE_LIMITS.default */
  limit?: number;
}

type PageKey = readonly [url: string, generation: number];

export interface PagedList<T, P extends Page<T>> {
  /** Every loaded item, in the server's order, each id once; undefined until the first page. */
  items: T[] | undefined;
  /** The first page as answered (e.g. ProjectPage.total). */
  firstPage: P | undefined;
  error: Error | undefined;
  /** The first page is loading and nothing is shown yet. */
  isLoading: boolean;
  isLoadingMore: boolean;
  hasMore: boolean;
  loadMore: () => void;
  /** Takes items out of the list (after a deletion) without a refetch; they stay out. */
  removeItems: (ids: ReadonlySet<string>) => void;
  /** Shows a changed item in place of the loaded one with its id (after an edit), until the next answer. */
  replaceItem: (item: T) => void;
  /** Refetches the loaded pages; resolves with their items (e.g. fresh signed URLs). */
  reload: () => Promise<T[] | undefined>;
}

/**
 * One paged list at `path` (an API path such as '/projects'); null `path` loads nothing.
 * While a reload of the same list runs (new generation or query), the previous items stay shown.
 */
export function usePagedList<T extends { id: string }, P extends Page<T> = Page<T>>(
  path: string | null,
  { name, query = {}, limit = PAGE_LIMITS.default }: PagedListOptions,
): PagedList<T, P> {
  const generation = useGeneration(name);
  const queryKey = JSON.stringify(query);
  const getKey = useCallback(
    (index: number, previous: P | null): PageKey | null => {
      if (path === null) return null;
      if (index > 0 && !previous?.nextCursor) return null;
      const url = pageUrl(path, {
        ...(JSON.parse(queryKey) as Record<string, string>),
        limit,
        cursor: previous?.nextCursor,
      });
      return [url, generation];
    },
    [path, queryKey, limit, generation],
  );
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<P, Error>(
    getKey,
    ([url]: PageKey) => api<P>(url),
    {
      keepPreviousData: true,
      // A reload keeps as many pages as were shown, so the user keeps their place in a long list.
      persistSize: true,
      // Loading page n does not fetch page 1 again (SWR's default); a list shown anew refetches
      // what it shows, and invalidateLists covers the changes this app makes.
      revalidateFirstPage: false,
      revalidateOnMount: true,
      revalidateOnFocus: false,
    },
  );

  // Local edits sit on top of the loaded pages rather than in SWR's cache: writing the cache while
  // a reload is in flight would make SWR drop the reload's answer.
  const [removed, setRemoved] = useState<ReadonlySet<string>>(() => new Set());
  const [replaced, setReplaced] = useState<{ pages: P[] | undefined; items: ReadonlyMap<string, T> }>({
    pages: undefined,
    items: new Map(),
  });

  const items = useMemo(() => {
    if (!data) return undefined;
    const seen = new Set<string>();
    // An edit applies to the pages it was made on; the next answer from the server already holds it.
    const changed = replaced.pages === data ? replaced.items : undefined;
    return (
      data
        .flatMap((page) => page.items)
        // A page boundary can move between two loads (an item added or removed before it): never show one twice.
        .filter((item) => !removed.has(item.id) && !seen.has(item.id) && Boolean(seen.add(item.id)))
        .map((item) => changed?.get(item.id) ?? item)
    );
  }, [data, removed, replaced]);
  const lastPage = data?.[data.length - 1];
  const hasMore = Boolean(lastPage?.nextCursor);
  const isLoadingMore = Boolean(data) && isValidating && size > (data?.length ?? 0);

  const loaded = data?.length ?? 0;
  const loadMore = useCallback(() => {
    if (!hasMore || isLoadingMore) return;
    // After a failed next page the size is already one ahead: asking for that size again fetches
    // only the missing page.
    void setSize(size > loaded ? size : size + 1);
  }, [hasMore, isLoadingMore, setSize, size, loaded]);

  const removeItems = useCallback(
    (ids: ReadonlySet<string>) => setRemoved((current) => new Set([...current, ...ids])),
    [],
  );
  const replaceItem = useCallback(
    (changed: T) =>
      setReplaced((current) => ({
        pages: data,
        items: new Map([...(current.pages === data ? current.items : []), [changed.id, changed]]),
      })),
    [data],
  );
  const reload = useCallback(async () => (await mutate())?.flatMap((page) => page.items), [mutate]);

  return {
    items,
    firstPage: data?.[0],
    error,
    isLoading: isLoading && !data,
    isLoadingMore,
    hasMore,
    loadMore,
    removeItems,
    replaceItem,
    reload,
  };
}
