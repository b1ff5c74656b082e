/** The export mark's setting (issue 24, decision 117), read by any member, changed by owners and admins. */
import type { DisclosureMarkSettings } from '@vitrine/shared';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '../../../lib/api-client';

export const DISCLOSURE_MARK_KEY = '/disclosure-mark';

export function useDisclosureMark() {
  return useSWR<DisclosureMarkSettings, Error>(DISCLOSURE_MARK_KEY, () =>
    api<DisclosureMarkSettings>(DISCLOSURE_MARK_KEY),
  );
}

export function useSaveDisclosureMark() {
  const { mutate } = useSWRConfig();
  return async (settings: DisclosureMarkSettings) => {
    const saved = await api<DisclosureMarkSettings>(DISCLOSURE_MARK_KEY, { method: 'PUT', body: settings });
    await mutate(DISCLOSURE_MARK_KEY, saved, { revalidate: false });
    return saved;
  };
}
