/** POST /api/billing/change-plan: switches the subscription (prorated), then reloads the user. */
import type { Subscription } from '@vitrine/shared';
import { useSWRConfig } from 'swr';
import { api } from '../../../lib/api-client';
import { getUserKey } from '../../../lib/session';

export const changePlan = (newPriceId: string) =>
  api<{ subscription: Subscription }>('/billing/change-plan', { method: 'POST', body: { newPriceId } });

export function useChangePlan() {
  const { mutate } = useSWRConfig();
  return async (newPriceId: string) => {
    const result = await changePlan(newPriceId);
    // Spec 4: a plan change reloads the user data (plan, credits, menu entries).
    await mutate(getUserKey());
    return result;
  };
}
