import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { getUser, getUserKey } from '../../../lib/session';
import { checkoutConfirmationRemainingMs, forgetCheckoutReturn } from '../checkout-return';
import { isSubscriptionActive } from '../subscription';

/** Profile refresh period while the webhook is awaited. */
export const CONFIRMATION_POLL_MS = 2000;

/**
 * After a Checkout return, polls GET /users/me until the subscription is active (the webhook
 * ran) or the confirmation window ends. `awaiting` is true meanwhile.
 */
export function useSubscriptionConfirmation() {
  const [waiting, setWaiting] = useState(() => checkoutConfirmationRemainingMs() > 0);
  const { data: user } = useSWR(getUserKey(), getUser, {
    refreshInterval: (latest) => (waiting && !isSubscriptionActive(latest) ? CONFIRMATION_POLL_MS : 0),
    revalidateOnFocus: false,
  });
  const active = isSubscriptionActive(user);

  useEffect(() => {
    if (active) forgetCheckoutReturn();
  }, [active]);

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setWaiting(false), checkoutConfirmationRemainingMs());
    return () => clearTimeout(timer);
  }, [waiting]);

  return { awaiting: waiting && !active, user };
}
