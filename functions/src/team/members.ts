/**
 * The members of an organization (spec 2.11, 6): every member sees the list; only the owner
 * changes roles (Administrateur or Membre, never the owner's); owner and admins remove members,
 * but nobody removes the owner and an admin does not remove another admin (only the owner does:
 * two admins could otherwise remove each other). A removed member keeps their account and loses
 * access at once (their next request finds no organization on their record); what they created
 * stays with the organization.
 */
import { roleFromRequest, TEAM_API_TEXTS, type OrganizationMember, type UpdateMemberInput } from '@vitrine/shared';
import type { TableDeps } from '../lib/aws/dynamodb';
import { BadRequest, Forbidden, NotFound } from '../lib/errors';
import { logger } from '../lib/logger';
import type { UserRecord } from '../lib/records';
import { getUserRecord } from '../users/user-store';
import { readOrganizationView } from '../organizations/organization-record';
import { listMemberRecords, removeMemberRecord, toMember, updateMemberRecord } from './member-store';
import { requireManager, requireOwner, teamRole, type TeamCaller } from './team-access';

const ROLE_ORDER = { owner: 0, admin: 1, member: 2 } as const;

/** GET /api/organizations/{id}/users: owner first, then admins, then members, oldest first. */
export async function listMembers(deps: TableDeps, caller: TeamCaller): Promise<OrganizationMember[]> {
  const members = await listMemberRecords(deps, caller.orgId);
  return members
    .sort(
      (a, b) => ROLE_ORDER[teamRole(a.roles)] - ROLE_ORDER[teamRole(b.roles)] || a.createdAt.localeCompare(b.createdAt),
    )
    .map(toMember);
}

/** The target user, if they belong to the caller's organization (anyone else is a 404). */
async function memberOf(deps: TableDeps, caller: TeamCaller, userId: string): Promise<UserRecord> {
  const target = await getUserRecord(deps, userId);
  if (!target || target.organizationId !== caller.orgId) throw new NotFound(TEAM_API_TEXTS.memberNotFound);
  return target;
}

/** PUT /api/organizations/{id}/users/{userId}: the owner sets a member's role (and names). */
export async function updateMember(
  deps: TableDeps,
  caller: TeamCaller,
  userId: string,
  input: UpdateMemberInput,
  now = new Date(),
): Promise<OrganizationMember> {
  requireOwner(caller);
  const target = await memberOf(deps, caller, userId);
  if (teamRole(target.roles) === 'owner') throw new Forbidden(TEAM_API_TEXTS.ownerRoleFixed);
  // The e-mail is the person's sign-in: the edit dialog sends it back, but it cannot change here.
  if (input.email && input.email.toLowerCase() !== target.email.toLowerCase()) {
    throw new BadRequest(TEAM_API_TEXTS.memberEmailFixed);
  }
  const updated = await updateMemberRecord(deps, caller.orgId, userId, {
    role: roleFromRequest(input.roles),
    firstName: input.firstName,
    lastName: input.lastName,
    now,
  });
  if (!updated) throw new NotFound(TEAM_API_TEXTS.memberNotFound);
  logger.info('Member role changed', { organizationId: caller.orgId, userId, roles: updated.roles });
  return toMember(updated);
}

/** DELETE /api/organizations/{id}/members/{userId}. */
export async function removeMember(
  deps: TableDeps,
  caller: TeamCaller,
  userId: string,
  now = new Date(),
): Promise<void> {
  requireManager(caller);
  const target = await memberOf(deps, caller, userId);
  const targetRole = teamRole(target.roles);
  if (targetRole === 'owner') throw new Forbidden(TEAM_API_TEXTS.ownerCannotBeRemoved);
  if (caller.role === 'admin' && targetRole === 'admin' && target.id !== caller.user.id) {
    throw new Forbidden(TEAM_API_TEXTS.adminCannotRemoveAdmin);
  }
  const organization = await readOrganizationView(deps, caller.orgId);
  if (!(await removeMemberRecord(deps, caller.orgId, userId, now, organization?.name ?? ''))) {
    throw new NotFound(TEAM_API_TEXTS.memberNotFound);
  }
  logger.info('Member removed', { organizationId: caller.orgId, userId });
}
