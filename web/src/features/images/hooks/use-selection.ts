import { useCallback, useMemo, useState } from 'react';

/**
 * The images ticked in a gallery. Only listed ids count: an image that left the list (deleted,
 * list reloaded) is no longer selected, so the count and the bulk actions never act on it.
 */
export function useSelection<T extends { id: string }>(items: readonly T[] | undefined) {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());
  const selected = useMemo(() => (items ?? []).filter((item) => ids.has(item.id)), [items, ids]);
  const listed = items?.length ?? 0;

  const toggle = useCallback((id: string) => {
    setIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  const selectAll = useCallback(() => setIds(new Set((items ?? []).map((item) => item.id))), [items]);
  const clear = useCallback(() => setIds(new Set()), []);

  return {
    selected,
    isSelected: (id: string) => ids.has(id),
    allSelected: listed > 0 && selected.length === listed,
    toggle,
    selectAll,
    clear,
  };
}
