/** DELETE /api/organizations/{id}/members/{userId}: the member loses access at once; their account stays. */
import { useSWRConfig } from 'swr';
import { api } from '../../../lib/api-client';
import { getMembersKey } from './get-members';

export const removeMember = (organizationId: string, userId: string) =>
  api<void>(`/organizations/${encodeURIComponent(organizationId)}/members/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
  });

export function useRemoveMember(organizationId: string) {
  const { mutate } = useSWRConfig();
  return async (userId: string) => {
    await removeMember(organizationId, userId);
    await mutate(getMembersKey(organizationId));
  };
}
