/**
 * The phone menu (the header's popover, decision 136) closes once one of its links is followed, an
 * in-page anchor included. A listener of the menu: React's on any page, and the prerendered pages'
 * own before React is loaded (both may run: closing a closed menu changes nothing).
 */
export function closeMenuOnLink(event: Pick<Event, 'target' | 'currentTarget'>) {
  const menu = event.currentTarget;
  if (!(menu instanceof HTMLElement) || !(event.target instanceof Element) || !event.target.closest('a')) return;
  if (menu.matches(':popover-open')) menu.hidePopover();
}

/** The header's phone menu, found without React. */
export const MENU_SELECTOR = 'header nav[popover]';
