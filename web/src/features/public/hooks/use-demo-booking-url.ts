import { useEffect, useState } from 'react';
import { DEMO_REQUEST_MAILTO, demoBookingUrl, whenIdle } from '../lib/demo-booking-url';

/**
 * The external scheduling link of the "book a demo" button (lib/demo-booking-url.ts), read once the
 * page is idle so it never delays the first paint; the auth pages read the same file, which the
 * browser then already has. The e-mail request until then, or when there is none.
 */
export function useDemoBookingUrl(): string {
  const [url, setUrl] = useState(DEMO_REQUEST_MAILTO);

  useEffect(() => {
    let active = true;
    const cancel = whenIdle(() => {
      void demoBookingUrl().then((value) => {
        if (active && value) setUrl(value);
      });
    });
    return () => {
      active = false;
      cancel();
    };
  }, []);

  return url;
}
