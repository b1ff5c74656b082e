import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { getUser, getUserKey } from '../../../lib/session';

/** How long, after coming back from the billing portal, the profile is read again. */
export const PORTAL_RETURN_WINDOW_MS = 30_000;
export const PORTAL_RETURN_POLL_MS = 2_000;

/**
 * Back from Stripe's billing portal (`?from=portal`, the portal's return URL): a change made there
 * (a cancellation, a new plan) reaches the API by webhook, often a moment after the redirect, so
 * the profile is read again every 2 s for 30 s instead of showing the state from before (decision 095).
 */
export function usePortalReturn(): void {
  const [searchParams] = useSearchParams();
  const fromPortal = searchParams.get('from') === 'portal';
  const [watching, setWatching] = useState(fromPortal);
  useSWR(watching ? getUserKey() : null, getUser, {
    refreshInterval: watching ? PORTAL_RETURN_POLL_MS : 0,
    revalidateOnFocus: false,
  });
  useEffect(() => {
    if (!watching) return;
    const timer = setTimeout(() => setWatching(false), PORTAL_RETURN_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [watching]);
}
