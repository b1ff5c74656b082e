/** GET /api/billing/prices: the plans a user can subscribe to (spec 7). */
import type { Price } from '@vitrine/shared';
import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import { withDefaultFeatures } from '../price-features';

export const getPricesKey = () => '/billing/prices';

export async function getPrices(): Promise<Price[]> {
  const prices = await api<Price[] | undefined>(getPricesKey());
  return Array.isArray(prices) ? prices.map(withDefaultFeatures) : [];
}

/** `enabled: false` skips the request (the onboarding loads plans only when it shows). */
export function usePrices({ enabled = true }: { enabled?: boolean } = {}) {
  // Plans change with a deployment, not during a visit.
  return useSWR<Price[], Error>(enabled ? getPricesKey() : null, getPrices, { revalidateOnFocus: false });
}
