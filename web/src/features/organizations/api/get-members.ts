/** GET /api/organizations/{id}/users: the organization's members (spec 2.11). */
import type { OrganizationMember } from '@vitrine/shared';
import useSWR from 'swr';
import { api } from '../../../lib/api-client';

export const getMembersKey = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}/users`;

export const getMembers = (organizationId: string) => api<OrganizationMember[]>(getMembersKey(organizationId));

export function useMembers(organizationId: string) {
  return useSWR<OrganizationMember[], Error>(getMembersKey(organizationId), () => getMembers(organizationId));
}
