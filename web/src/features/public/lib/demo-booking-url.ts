import { SITE_TEXTS } from '@vitrine/shared';

/** Used until /config.json answers, or when it cannot be read: a demo request by e-mail. */
export const DEMO_REQUEST_MAILTO = `mailto:${SITE_TEXTS.contactEmail}?subject=${encodeURIComponent(SITE_TEXTS.demoRequestSubject)}`;

let pending: Promise<string | undefined> | undefined;

/**
 * The external scheduling link of the "book a demo" button, from the stage's runtime configuration
 * (/config.json, `demoBookingUrl`), or undefined when there is none (HTTPS only). Read once per
 * page: a prerendered page reads it before React (decision 136), and React's hook then gets the same
 * answer without a second request.
 */
export function demoBookingUrl(): Promise<string | undefined> {
  pending ??= fetch('/config.json', { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
    .then((config) => {
      const value = (config as { demoBookingUrl?: unknown } | null)?.demoBookingUrl;
      return typeof value === 'string' && /^https:\/\//.test(value) ? value : undefined;
    })
    .catch(() => undefined);
  return pending;
}

/** Runs `task` once the page is idle (at the latest after 3 s), never before its first paint; returns its cancel. */
export function whenIdle(task: () => void): () => void {
  const idle = window.requestIdleCallback?.(task, { timeout: 3000 });
  const timer = idle === undefined ? window.setTimeout(task, 1500) : undefined;
  return () => {
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}
