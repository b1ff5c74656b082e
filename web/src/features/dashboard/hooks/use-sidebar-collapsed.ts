import { useCallback, useState } from 'react';

export const SIDEBAR_STORAGE_KEY = 'vitrine.sidebar.collapsed';

function readStored(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Collapsed state of the sidebar, remembered in localStorage across visits. */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(readStored);
  const toggle = useCallback(() => {
    setCollapsed((previous) => {
      const next = !previous;
      try {
        window.localStorage.setItem(SIDEBAR_STORAGE_KEY, String(next));
      } catch {
        // Storage can be unavailable (private mode): the state still works for this visit.
      }
      return next;
    });
  }, []);
  return [collapsed, toggle];
}
