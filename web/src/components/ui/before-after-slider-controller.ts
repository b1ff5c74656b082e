import { COMMON_TEXTS } from '@vitrine/shared';

/**
 * The behaviour of a BeforeAfterSlider, on its DOM alone (decision 136): the position lives in the
 * markup (the handle's aria-valuenow, the 'before' layer's clip, the handle's left), and these
 * listeners move it. The prerendered public pages attach it before React is loaded, so that the
 * first drag or key press works the same with or without React; the component attaches it on
 * mount, once per element.
 */

/** A slider's container (data-before-after-slider), so that a page can find its sliders without React. */
export const SLIDER_SELECTOR = '[data-before-after-slider]';
/** The layer of the 'before' image (data-before-layer), clipped to the left of the divider. */
const BEFORE_LAYER_SELECTOR = '[data-before-layer]';

const STEP = 1;
const PAGE_STEP = 10;

export function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, Math.round(value)));
}

/** The styles of a position: the 'before' layer's clip and the handle's offset. */
export function sliderStyles(percent: number) {
  return { clipPath: `inset(0 ${100 - percent}% 0 0)`, left: `${percent}%` };
}

/** The position a key moves to from `percent`, or undefined for a key the slider ignores. */
function keyTarget(key: string, percent: number): number | undefined {
  const next: Record<string, number> = {
    ArrowLeft: percent - STEP,
    ArrowDown: percent - STEP,
    ArrowRight: percent + STEP,
    ArrowUp: percent + STEP,
    PageDown: percent - PAGE_STEP,
    PageUp: percent + PAGE_STEP,
    Home: 0,
    End: 100,
  };
  return next[key];
}

const attached = new WeakSet<HTMLElement>();

/**
 * Makes the slider in `container` follow pointer drags (horizontal only: the page still scrolls
 * vertically) and keys (arrows, Page Up/Down, Home, End on the handle). Returns what detaches it; a
 * second call on an attached slider changes nothing and its returned function does nothing.
 */
export function attachBeforeAfterSlider(container: HTMLElement): () => void {
  const handle = container.querySelector<HTMLElement>('[role="slider"]');
  const beforeLayer = container.querySelector<HTMLElement>(BEFORE_LAYER_SELECTOR);
  if (!handle || !beforeLayer || attached.has(container)) return () => undefined;
  attached.add(container);

  const setPercent = (value: number) => {
    const percent = clampPercent(value);
    const styles = sliderStyles(percent);
    beforeLayer.style.clipPath = styles.clipPath;
    handle.style.left = styles.left;
    handle.setAttribute('aria-valuenow', String(percent));
    handle.setAttribute('aria-valuetext', COMMON_TEXTS.ui.sliderValue(percent));
  };
  const moveTo = (clientX: number) => {
    const box = container.getBoundingClientRect();
    if (box.width > 0) setPercent(((clientX - box.left) / box.width) * 100);
  };

  let dragging = false;
  const onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0) return;
    dragging = true;
    container.setPointerCapture?.(event.pointerId);
    handle.focus({ preventScroll: true });
    moveTo(event.clientX);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (dragging) moveTo(event.clientX);
  };
  const stopDragging = () => {
    dragging = false;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const value = keyTarget(event.key, Number(handle.getAttribute('aria-valuenow')));
    if (value === undefined) return;
    event.preventDefault();
    setPercent(value);
  };

  container.addEventListener('pointerdown', onPointerDown);
  container.addEventListener('pointermove', onPointerMove);
  container.addEventListener('pointerup', stopDragging);
  container.addEventListener('pointercancel', stopDragging);
  handle.addEventListener('keydown', onKeyDown);
  return () => {
    container.removeEventListener('pointerdown', onPointerDown);
    container.removeEventListener('pointermove', onPointerMove);
    container.removeEventListener('pointerup', stopDragging);
    container.removeEventListener('pointercancel', stopDragging);
    handle.removeEventListener('keydown', onKeyDown);
    attached.delete(container);
  };
}
