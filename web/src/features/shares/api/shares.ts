/** The agent's share links (issue 24): create, list, change the expiry, revoke. */
import type { CreatedShareLink, CreateShareInput, ShareLink } from '@vitrine/shared';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '../../../lib/api-client';

export const SHARES_KEY = '/shares';

export const createShare = (input: CreateShareInput) =>
  api<CreatedShareLink>(SHARES_KEY, { method: 'POST', body: input });

export function useShareLinks() {
  return useSWR<ShareLink[], Error>(SHARES_KEY, () => api<ShareLink[]>(SHARES_KEY));
}

/** Revoke and expiry changes, each followed by a reload of the list. */
export function useShareChanges() {
  const { mutate } = useSWRConfig();
  const path = (id: string) => `${SHARES_KEY}/${encodeURIComponent(id)}`;
  return {
    revoke: async (id: string) => {
      await api<void>(path(id), { method: 'DELETE' });
      await mutate(SHARES_KEY);
    },
    extend: async (id: string, expiresInDays: number) => {
      await api<ShareLink>(path(id), { method: 'PATCH', body: { expiresInDays } });
      await mutate(SHARES_KEY);
    },
  };
}
