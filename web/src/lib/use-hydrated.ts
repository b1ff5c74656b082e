import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/**
 * False while a page is rendered at build time and while the browser hydrates that HTML (decision
 * 131), true afterwards and in any render done in the browser alone. What only the browser knows
 * (its origin, its clock) is read once this is true, so the hydrating render matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
