import { attachBeforeAfterSlider, SLIDER_SELECTOR } from '../../../components/ui/before-after-slider-controller';
import { demoBookingUrl, whenIdle } from './demo-booking-url';
import { closeMenuOnLink, MENU_SELECTOR } from './menu';

/**
 * What a prerendered public page needs before React is loaded (decision 136), so that the visitor's
 * first gesture does what it does once React runs: the before/after sliders follow drags and keys
 * (the controller React attaches later is the same one), the phone menu (a native popover) closes
 * when a link is followed, and "book a demo" points to the configured scheduling link once the page
 * is idle, as React's hook does. Links, the FAQ (<details>) and the video are native.
 */
export function enhanceBeforeReact(root: ParentNode) {
  for (const slider of root.querySelectorAll<HTMLElement>(SLIDER_SELECTOR)) attachBeforeAfterSlider(slider);
  root.querySelector(MENU_SELECTOR)?.addEventListener('click', closeMenuOnLink);
  const booking = root.querySelector<HTMLAnchorElement>('a[data-demo-booking]');
  if (booking)
    whenIdle(() => {
      void demoBookingUrl().then((url) => {
        if (!url) return;
        booking.href = url;
        booking.target = '_blank';
        booking.rel = 'noopener noreferrer';
      });
    });
}

/** Events that show the visitor is about to use the page (the first of them starts React). */
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'] as const;

/**
 * Runs `start` once, on the visitor's first sign of intent: a touch, a click, a key, a focus, a
 * scroll (listened at the window in the capture phase, passive, so no gesture waits on it), or as
 * soon as the page has been painted if it was already scrolled or focused before this script ran
 * (read after that paint: reading the scroll position earlier would force a layout in this task).
 */
export function onFirstIntent(start: () => void) {
  const options = { capture: true, passive: true } as const;
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) window.removeEventListener(type, once, options);
    start();
  };
  for (const type of INTENT_EVENTS) window.addEventListener(type, once, options);
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (window.scrollY > 0 || (document.activeElement && document.activeElement !== document.body)) once();
    }, 0),
  );
}
