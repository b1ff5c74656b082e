/** The organization's API keys (issue 25): GET, POST and DELETE /api/api-keys; the list reloads after each change. */
import type { ApiKeyCreateInput, ApiKeySummary, CreatedApiKey } from '@vitrine/shared';
import useSWR, { useSWRConfig } from 'swr';
import { api, apiFetcher } from '../../../lib/api-client';

export const API_KEYS_KEY = '/api-keys';

export function useApiKeys() {
  return useSWR<ApiKeySummary[], Error>(API_KEYS_KEY, apiFetcher);
}

export function useCreateApiKey() {
  const { mutate } = useSWRConfig();
  return async (input: ApiKeyCreateInput): Promise<CreatedApiKey> => {
    const created = await api<CreatedApiKey>(API_KEYS_KEY, { method: 'POST', body: input });
    await mutate(API_KEYS_KEY);
    return created;
  };
}

export function useRevokeApiKey() {
  const { mutate } = useSWRConfig();
  return async (id: string): Promise<void> => {
    await api<void>(`${API_KEYS_KEY}/${encodeURIComponent(id)}`, { method: 'DELETE' });
    await mutate(API_KEYS_KEY);
  };
}
