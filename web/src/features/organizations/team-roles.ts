/** Who may do what on the team screen (spec 6); the server enforces the same rules. */
import { hasRole, LABELS, type OrganizationMember, type User } from '@vitrine/shared';

export interface TeamPermissions {
  /** Owner and admins invite, revoke invitations and remove members. */
  canManage: boolean;
  /** Only the owner changes roles. */
  canChangeRoles: boolean;
}

export function teamPermissions(user: User): TeamPermissions {
  const isOwner = hasRole(user.roles, 'org_owner');
  return { canManage: isOwner || hasRole(user.roles, 'org_admin'), canChangeRoles: isOwner };
}

/** Nobody removes the owner, nor changes their role (the delete action is hidden on their row). */
export const isOwner = (member: Pick<OrganizationMember, 'roles'>) => hasRole(member.roles, 'org_owner');

/** The French labels of spec 6, whatever the case the server sends. */
export function roleLabels(roles: readonly string[]): string {
  const labels = LABELS.role as Record<string, string>;
  return roles.map((role) => labels[role.toLowerCase()] ?? role).join(', ');
}

/** First and last name, or the e-mail when the member gave none. */
export function memberName(member: Pick<OrganizationMember, 'firstName' | 'lastName' | 'email'>): string {
  return `${member.firstName ?? ''} ${member.lastName ?? ''}`.trim() || member.email;
}
