/**
 * Who may do what in a team (spec 6, issue 10), checked on the server for every team route: the
 * caller's organization and role come from their user record, read consistently, so a member
 * removed a moment ago is refused at once. An organization id that is not the caller's answers 404
 * like every foreign id; a caller without organization gets 404 on routes naming one, else 403.
 */
import { API_TEXTS, BILLING_API_TEXTS, hasRole, TEAM_API_TEXTS } from '@vitrine/shared';
import type { TableDeps } from '../lib/aws/dynamodb';
import { Forbidden, NoOrganization, NotFound } from '../lib/errors';
import type { UserRecord } from '../lib/records';
import { getUserRecord } from '../users/user-store';

export type TeamRole = 'owner' | 'admin' | 'member';

export interface TeamCaller {
  user: UserRecord;
  orgId: string;
  role: TeamRole;
}

/** The strongest role held (case-insensitive); 'member' stands for org_member and the legacy 'member'. */
export function teamRole(roles: readonly string[] | undefined): TeamRole {
  if (hasRole(roles, 'org_owner')) return 'owner';
  if (hasRole(roles, 'org_admin')) return 'admin';
  return 'member';
}

export async function teamCaller(deps: TableDeps, sub: string, organizationId?: string): Promise<TeamCaller> {
  const user = await getUserRecord(deps, sub);
  if (!user?.organizationId) {
    if (organizationId !== undefined) throw new NotFound(BILLING_API_TEXTS.organizationNotFound);
    throw new NoOrganization(API_TEXTS.noOrganization);
  }
  if (organizationId !== undefined && organizationId !== user.organizationId) {
    throw new NotFound(BILLING_API_TEXTS.organizationNotFound);
  }
  return { user, orgId: user.organizationId, role: teamRole(user.roles) };
}

/** Inviting, listing or revoking invitations, removing members: owner and admins (spec 6). */
export function requireManager(caller: TeamCaller): void {
  if (caller.role === 'member') throw new Forbidden(TEAM_API_TEXTS.managersOnly);
}

/** Changing roles: the owner only. */
export function requireOwner(caller: TeamCaller): void {
  if (caller.role !== 'owner') throw new Forbidden(TEAM_API_TEXTS.ownerOnlyRoles);
}
