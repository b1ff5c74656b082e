/** PUT /api/organizations/{id}/users/{userId} `{ roles }`: the owner changes a member's role (spec 6). */
import type { AssignableRole } from '@vitrine/shared';
import { useSWRConfig } from 'swr';
import { api } from '../../../lib/api-client';
import { getMembersKey } from './get-members';

export const updateMemberRole = (organizationId: string, userId: string, role: AssignableRole) =>
  api<unknown>(`${getMembersKey(organizationId)}/${encodeURIComponent(userId)}`, {
    method: 'PUT',
    body: { roles: [role] },
  });

export function useUpdateMemberRole(organizationId: string) {
  const { mutate } = useSWRConfig();
  return async (userId: string, role: AssignableRole) => {
    await updateMemberRole(organizationId, userId, role);
    await mutate(getMembersKey(organizationId));
  };
}
