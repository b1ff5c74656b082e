/**
 * Seats (spec 9: Mandataire 1 user, Agence up to 5): members plus pending invitations may not
 * exceed the plan's `maxUsers`. Pure: the invitation service reads the items and serialises
 * concurrent invitations on the organization's team version (architecture decision 37).
 */
import { findPlan, isSubscriptionActive, TEAM_API_TEXTS, type Plan } from '@vitrine/shared';
import { HttpError } from '../lib/errors';
import type { InvitationRecord, OrganizationRecord, UserRecord } from '../lib/records';
import { isAcceptable } from './invitation-store';

/** How long an accepted invitation still holds its seat while the members index catches up. */
export const INDEX_CATCH_UP_MS = 5 * 60 * 1000;

/** The plan whose seats the team may fill: an organization plan with an active subscription. */
export function teamPlan(organization: OrganizationRecord): Plan {
  const subscription = organization.subscription;
  if (!isSubscriptionActive(subscription)) {
    throw new HttpError('TEAM_NOT_AVAILABLE', TEAM_API_TEXTS.teamNeedsSubscription);
  }
  const plan = findPlan(subscription!.planId);
  if (!plan?.is_organization || plan.maxUsers < 2) {
    throw new HttpError('TEAM_NOT_AVAILABLE', TEAM_API_TEXTS.teamNotInPlan);
  }
  return plan;
}

/**
 * Seats taken: members, pending unexpired invitations (except those to `replacingEmail`, which a
 * new invitation replaces), and invitations accepted within INDEX_CATCH_UP_MS by someone the
 * members index does not list yet (it is eventually consistent, and the join follows the claim).
 */
export function occupiedSeats(
  members: readonly UserRecord[],
  invitations: readonly InvitationRecord[],
  now: Date,
  replacingEmail?: string,
): number {
  const memberIds = new Set(members.map((member) => member.id));
  const pending = invitations.filter(
    (invitation) => isAcceptable(invitation, now) && invitation.email !== replacingEmail,
  );
  const joining = new Set(
    invitations
      .filter(
        (invitation) =>
          invitation.status === 'accepted' &&
          invitation.acceptedBy !== undefined &&
          !memberIds.has(invitation.acceptedBy) &&
          now.getTime() - Date.parse(invitation.acceptedAt ?? '') < INDEX_CATCH_UP_MS,
      )
      .map((invitation) => invitation.acceptedBy),
  );
  return memberIds.size + pending.length + joining.size;
}
