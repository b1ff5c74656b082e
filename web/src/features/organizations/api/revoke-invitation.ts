/** DELETE /api/invitations/{id}: revokes a pending invitation (its link stops working), then the list reloads. */
import { useSWRConfig } from 'swr';
import { api } from '../../../lib/api-client';
import { getInvitationsKey } from './get-invitations';

export const revokeInvitation = (invitationId: string) =>
  api<void>(`/invitations/${encodeURIComponent(invitationId)}`, { method: 'DELETE' });

export function useRevokeInvitation(organizationId: string) {
  const { mutate } = useSWRConfig();
  return async (invitationId: string) => {
    await revokeInvitation(invitationId);
    await mutate(getInvitationsKey(organizationId));
  };
}
