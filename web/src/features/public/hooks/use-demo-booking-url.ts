import { useEffect, useState } from 'react';
import { SITE_TEXTS } from '@vitrine/shared';

/** Used until /config.json answers, or when it cannot be read: a demo request by e-mail. */
export const DEMO_REQUEST_MAILTO = `mailto:${SITE_TEXTS.contactEmail}?subject=${encodeURIComponent(SITE_TEXTS.demoRequestSubject)}`;

/**
 * The external scheduling link of the "book a demo" button. It comes from the stage's runtime
 * configuration (/config.json, `demoBookingUrl`), read once the page is idle so it never delays
 * the first paint; the auth pages read the same file, which the browser then already has.
 */
export function useDemoBookingUrl(): string {
  const [url, setUrl] = useState(DEMO_REQUEST_MAILTO);

  useEffect(() => {
    const controller = new AbortController();
    const load = () => {
      fetch('/config.json', { signal: controller.signal, headers: { Accept: 'application/json' } })
        .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
        .then((config) => {
          const value = (config as { demoBookingUrl?: unknown } | null)?.demoBookingUrl;
          if (typeof value === 'string' && /^https:\/\//.test(value)) setUrl(value);
        })
        .catch(() => undefined);
    };
    const idle = window.requestIdleCallback?.(load, { timeout: 3000 });
    const timer = idle === undefined ? window.setTimeout(load, 1500) : undefined;
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
      controller.abort();
    };
  }, []);

  return url;
}
