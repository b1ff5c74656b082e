/**
 * Invitations (issue 10, spec 2.11/2.12/4): an owner or admin invites an e-mail address; the person
 * accepts through the link and joins as org_member. Rules, all checked here:
 * - the inviter's e-mail is verified, the plan has a team and a free seat (members + pending
 *   invitations <= maxUsers), the address is not a member yet nor invited too often (429 with
 *   Retry-After: invitation-throttle.ts); re-inviting replaces the pending one;
 * - the token is single-use, expires after TEAM_LIMITS.invitationTtlDays, and is stored as a hash;
 * - accepting needs the signed-in person's verified e-mail to be the invited one, and no other
 *   organization: a clear refusal rather than a silent switch.
 * The writes are conditional and ordered, one item each (architecture decision 37), so that
 * concurrent requests cannot both win and a half-done accept is finished by its retry.
 */
import { randomUUID } from 'node:crypto';
import {
  BILLING_API_TEXTS,
  TEAM_API_TEXTS,
  TEAM_LIMITS,
  type AcceptInvitationResult,
  type Invitation,
  type InvitationSummary,
  type InviteMemberInput,
} from '@vitrine/shared';
import type { TableDeps } from '../lib/aws/dynamodb';
import type { SendMail } from '../lib/aws/ses';
import { Conflict, HttpError, NotFound, ServiceUnavailable, TooManyRequests } from '../lib/errors';
import { keys } from '../lib/keys';
import { logger } from '../lib/logger';
import type { InvitationRecord, OrganizationRecord, UserRecord } from '../lib/records';
import { bumpTeamVersion, readOrganization } from '../organizations/organization-record';
import type { ReadIdentity } from '../users/cognito-identity';
import { invitationEmail } from '../users/emails';
import { getUserRecord } from '../users/user-store';
import {
  claimInvitation,
  deleteInvitation,
  findInvitationByTokenHash,
  getInvitation,
  isAcceptable,
  listInvitations,
  markInvitationJoined,
  putInvitation,
  releaseInvitation,
  revokeInvitation,
  toInvitation,
} from './invitation-store';
import {
  acceptInvitationUrl,
  hashInvitationToken,
  isInvitationTokenShape,
  newInvitationToken,
  type NewInvitationToken,
} from './invitation-token';
import { reinviteWaitSeconds } from './invitation-throttle';
import { joinOrganization, listMemberRecords } from './member-store';
import { occupiedSeats, teamPlan } from './seats';
import { requireManager, type TeamCaller } from './team-access';

export interface TeamDeps extends TableDeps {
  readIdentity: ReadIdentity;
  sendMail: SendMail;
  /** The app's origin, for the link in the e-mail. */
  appUrl: () => string;
  now?: () => Date;
  newId?: () => string;
  newToken?: () => NewInvitationToken;
}

/** Concurrent invitations retry this often before answering 409 (teamChangedRetry). */
const INVITE_ATTEMPTS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

const emailNotVerified = () => new HttpError('EMAIL_NOT_VERIFIED', TEAM_API_TEXTS.emailNotVerified);
const invitationInactive = () => new HttpError('INVITATION_INACTIVE', TEAM_API_TEXTS.invitationInactive);
const invitationNotFound = () => new NotFound(TEAM_API_TEXTS.invitationNotFound);

async function organizationOf(
  deps: TableDeps,
  orgId: string,
  missing: string = BILLING_API_TEXTS.organizationNotFound,
): Promise<OrganizationRecord> {
  const organization = await readOrganization(deps, orgId);
  if (!organization) throw new NotFound(missing);
  return organization;
}

function inviterName(user: UserRecord): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** POST /api/organizations/{id}/users: sends an invitation (role org_member). */
export async function inviteMember(
  deps: TeamDeps,
  caller: TeamCaller,
  accessToken: string,
  input: InviteMemberInput,
): Promise<Invitation> {
  requireManager(caller);
  // Cognito is asked, not the profile: the address must be proven before it can bring others in.
  if (!(await deps.readIdentity(accessToken)).emailVerified) throw emailNotVerified();
  const email = input.email.toLowerCase();

  for (let attempt = 0; attempt < INVITE_ATTEMPTS; attempt += 1) {
    const now = deps.now?.() ?? new Date();
    const organization = await organizationOf(deps, caller.orgId);
    const plan = teamPlan(organization);
    const [members, invitations] = await Promise.all([
      listMemberRecords(deps, caller.orgId),
      listInvitations(deps, caller.orgId),
    ]);
    if (members.some((member) => member.email.toLowerCase() === email)) {
      throw new Conflict(TEAM_API_TEXTS.alreadyMember);
    }
    const wait = reinviteWaitSeconds(invitations, email, now);
    if (wait > 0) throw new TooManyRequests(TEAM_API_TEXTS.invitationTooSoon(wait), wait);
    if (occupiedSeats(members, invitations, now, email) + 1 > plan.maxUsers) {
      throw new HttpError('SEAT_LIMIT_REACHED', TEAM_API_TEXTS.seatLimitReached(plan.maxUsers, plan.name));
    }

    const { token, tokenHash } = deps.newToken?.() ?? newInvitationToken();
    const id = deps.newId?.() ?? randomUUID();
    const record: InvitationRecord = {
      ...keys.invitation(caller.orgId, id),
      gsi1pk: `INVITATION_TOKEN#${tokenHash}`,
      gsi1sk: 'INVITATION',
      id,
      organizationId: caller.orgId,
      email,
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      role: 'org_member',
      status: 'pending',
      tokenHash,
      invitedBy: caller.user.id,
      createdAt: now.toISOString(),
      validUntil: new Date(now.getTime() + TEAM_LIMITS.invitationTtlDays * DAY_MS).toISOString(),
    };
    await putInvitation(deps, record);
    if (!(await bumpTeamVersion(deps, organization))) {
      // Another invitation changed the team since it was counted: count again.
      await deleteInvitation(deps, caller.orgId, id);
      continue;
    }

    try {
      await deps.sendMail({
        to: email,
        ...invitationEmail({
          acceptUrl: acceptInvitationUrl(deps.appUrl(), token),
          organizationName: organization.name,
          inviterName: inviterName(caller.user),
          expiresAt: record.validUntil,
        }),
      });
    } catch (error) {
      // An invitation nobody received must not hold a seat; the previous one (if any) stays valid.
      logger.error('Invitation e-mail not sent', { error, invitationId: id });
      await revokeInvitation(deps, record, { now, revokedBy: caller.user.id });
      throw new ServiceUnavailable(TEAM_API_TEXTS.invitationEmailFailed);
    }
    // Re-inviting the same address replaces its pending invitation: the old link stops working.
    for (const previous of invitations.filter(
      (invitation) => invitation.status === 'pending' && invitation.email === email,
    )) {
      await revokeInvitation(deps, previous, { now, replacedBy: id });
    }
    logger.info('Invitation sent', { invitationId: id, organizationId: caller.orgId });
    return toInvitation(record, organization.name, now);
  }
  throw new Conflict(TEAM_API_TEXTS.teamChangedRetry);
}

/** GET /api/invitations/organization/{id}: the pending ones, newest first (owner and admins). */
export async function pendingInvitations(deps: TeamDeps, caller: TeamCaller): Promise<Invitation[]> {
  requireManager(caller);
  const now = deps.now?.() ?? new Date();
  const [organization, invitations] = await Promise.all([
    organizationOf(deps, caller.orgId),
    listInvitations(deps, caller.orgId),
  ]);
  return invitations
    .filter((invitation) => isAcceptable(invitation, now))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((invitation) => toInvitation(invitation, organization.name, now));
}

/** DELETE /api/invitations/{id}: revokes a pending invitation of the caller's organization. */
export async function revokePendingInvitation(deps: TeamDeps, caller: TeamCaller, invitationId: string): Promise<void> {
  requireManager(caller);
  const invitation = await getInvitation(deps, caller.orgId, invitationId);
  if (!invitation) throw invitationNotFound();
  const now = deps.now?.() ?? new Date();
  if (!(await revokeInvitation(deps, invitation, { now, revokedBy: caller.user.id }))) throw invitationInactive();
  logger.info('Invitation revoked', { invitationId, organizationId: caller.orgId });
}

async function invitationByToken(deps: TableDeps, token: string): Promise<InvitationRecord> {
  if (!isInvitationTokenShape(token)) throw invitationNotFound();
  const invitation = await findInvitationByTokenHash(deps, hashInvitationToken(token));
  if (!invitation) throw invitationNotFound();
  return invitation;
}

/** GET /api/invitations/token/{token} (public): what the accept page shows. */
export async function invitationSummary(deps: TeamDeps, token: string): Promise<InvitationSummary> {
  const invitation = await invitationByToken(deps, token);
  const organization = await organizationOf(deps, invitation.organizationId, TEAM_API_TEXTS.invitationNotFound);
  const { email, status, expiresAt } = toInvitation(invitation, organization.name, deps.now?.() ?? new Date());
  return { email, status, expiresAt, organization: { name: organization.name } };
}

/**
 * POST /api/invitations/accept/{token}. The invitation is claimed first (pending -> accepted, once),
 * then the user joins (only if they have no organization); a join refused in between gives the
 * invitation back. A retry by the person who claimed it finishes an interrupted join, or answers
 * the same result: a second accept changes nothing.
 */
export async function acceptInvitation(
  deps: TeamDeps,
  user: UserRecord,
  accessToken: string,
  token: string,
): Promise<AcceptInvitationResult> {
  const invitation = await invitationByToken(deps, token);
  const organizationId = invitation.organizationId;
  const now = deps.now?.() ?? new Date();
  const claimedByCaller = invitation.status === 'accepted' && invitation.acceptedBy === user.id;

  if (claimedByCaller && user.organizationId === organizationId) return { organizationId };
  // Claimed by this person but the join never happened (interrupted): finish it. Once joined
  // (joinedAt), the token is spent for good, even for them after a removal.
  if (!(claimedByCaller && !invitation.joinedAt && !user.organizationId)) {
    if (!isAcceptable(invitation, now)) throw invitationInactive();
    const identity = await deps.readIdentity(accessToken);
    if (identity.email.toLowerCase() !== invitation.email) {
      throw new HttpError('INVITATION_EMAIL_MISMATCH', TEAM_API_TEXTS.invitationForAnotherEmail);
    }
    if (!identity.emailVerified) throw emailNotVerified();
    if (user.organizationId) {
      throw new HttpError(
        'ALREADY_IN_ORGANIZATION',
        user.organizationId === organizationId
          ? TEAM_API_TEXTS.alreadyInThisOrganization
          : TEAM_API_TEXTS.alreadyInAnotherOrganization,
      );
    }
    // The plan may have changed since the invitation (a move to Mandataire): no team, no joining.
    teamPlan(await organizationOf(deps, organizationId, TEAM_API_TEXTS.invitationNotFound));
    if (!(await claimInvitation(deps, invitation, user.id, now))) {
      // A concurrent request of the same person (a double click) may have claimed it: carry on.
      const current = await getInvitation(deps, organizationId, invitation.id);
      if (!(current?.status === 'accepted' && current.acceptedBy === user.id)) throw invitationInactive();
    }
  }

  if (!(await joinOrganization(deps, user, organizationId, now))) {
    // Joined meanwhile: by a concurrent acceptance of this invitation (done), or elsewhere.
    const current = await getUserRecord(deps, user.id);
    if (current?.organizationId === organizationId) return { organizationId };
    await releaseInvitation(deps, invitation, user.id);
    throw new HttpError('ALREADY_IN_ORGANIZATION', TEAM_API_TEXTS.alreadyInAnotherOrganization);
  }
  await markInvitationJoined(deps, invitation, user.id, now);
  logger.info('Invitation accepted', { invitationId: invitation.id, organizationId });
  return { organizationId };
}
