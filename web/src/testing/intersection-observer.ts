/**
 * jsdom has no IntersectionObserver: this stand-in records what is observed, and
 * `showObserved()` tells every live observer that its targets came into view (the user scrolled
 * to the end of a list).
 */
type Callback = (entries: Partial<IntersectionObserverEntry>[], observer: unknown) => void;

const live = new Set<FakeIntersectionObserver>();

class FakeIntersectionObserver {
  private readonly targets = new Set<Element>();
  constructor(private readonly callback: Callback) {
    live.add(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
    live.delete(this);
  }
  takeRecords() {
    return [];
  }
  show() {
    const entries = [...this.targets].map((target) => ({ target, isIntersecting: true }));
    if (entries.length) this.callback(entries, this);
  }
}

export function installIntersectionObserver(): void {
  Object.assign(globalThis, { IntersectionObserver: FakeIntersectionObserver });
}

/** How many targets are being watched right now. */
export const observedCount = () => [...live].length;

export function showObserved(): void {
  for (const observer of [...live]) observer.show();
}
