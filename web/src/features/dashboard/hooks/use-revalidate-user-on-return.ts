import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { getUserKey } from '../../../lib/session';

/**
 * Reloads the profile (plan, credits, subscription state) when the user comes back to the tab:
 * from Stripe's billing portal in another tab, or after a while away (decision 095). The profile's
 * own SWR options keep revalidateOnFocus off, so this is the one place that does it.
 */
export function useRevalidateUserOnReturn(): void {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    const revalidate = () => {
      if (document.visibilityState === 'visible') void mutate(getUserKey());
    };
    window.addEventListener('focus', revalidate);
    document.addEventListener('visibilitychange', revalidate);
    return () => {
      window.removeEventListener('focus', revalidate);
      document.removeEventListener('visibilitychange', revalidate);
    };
  }, [mutate]);
}
