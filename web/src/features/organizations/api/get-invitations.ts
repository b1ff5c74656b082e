/** GET /api/invitations/organization/{id}: the organization's pending invitations (spec 2.11, 4). */
import type { Invitation } from '@vitrine/shared';
import useSWR from 'swr';
import { api } from '../../../lib/api-client';

export const getInvitationsKey = (organizationId: string) =>
  `/invitations/organization/${encodeURIComponent(organizationId)}`;

/** Spec 4: the list keeps only pending ones (the server already filters; an old answer may not). */
export async function getPendingInvitations(organizationId: string): Promise<Invitation[]> {
  const invitations = await api<Invitation[]>(getInvitationsKey(organizationId));
  return (invitations ?? []).filter((invitation) => invitation.status === 'pending');
}

/** `enabled: false` skips the request (members who cannot manage the team). */
export function usePendingInvitations(organizationId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useSWR<Invitation[], Error>(enabled ? getInvitationsKey(organizationId) : null, () =>
    getPendingInvitations(organizationId),
  );
}
