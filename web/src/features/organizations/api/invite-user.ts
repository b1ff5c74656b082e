/** POST /api/organizations/{id}/users: invites someone by e-mail (the server sends it), then the pending list reloads. */
import type { Invitation, InviteMemberInput } from '@vitrine/shared';
import { useSWRConfig } from 'swr';
import { api } from '../../../lib/api-client';
import { getInvitationsKey } from './get-invitations';

export const inviteUser = (organizationId: string, input: InviteMemberInput) =>
  api<Invitation>(`/organizations/${encodeURIComponent(organizationId)}/users`, { method: 'POST', body: input });

export function useInviteUser(organizationId: string) {
  const { mutate } = useSWRConfig();
  return async (input: InviteMemberInput) => {
    const invitation = await inviteUser(organizationId, input);
    await mutate(getInvitationsKey(organizationId));
    return invitation;
  };
}
