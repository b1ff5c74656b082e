/** GET /api/invitations/token/{token} (no authentication): the organization and e-mail of an invitation. */
import type { InvitationSummary } from '@vitrine/shared';
import useSWR from 'swr';
import { api } from '../../../lib/api-client';

export const getInvitationSummaryKey = (token: string) => `/invitations/token/${encodeURIComponent(token)}`;

export const getInvitationSummary = (token: string) => api<InvitationSummary>(getInvitationSummaryKey(token));

export function useInvitationSummary(token: string | null) {
  // An invitation's state changes only through this page: no refetch on focus, no retry of a 404.
  return useSWR<InvitationSummary, Error>(
    token ? getInvitationSummaryKey(token) : null,
    () => getInvitationSummary(token as string),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
