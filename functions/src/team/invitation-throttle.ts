/**
 * How long before one more invitation may go to an address (TEAM_LIMITS): the e-mail is sent by
 * our domain to whatever address a manager types, so repeated sends to one inbox are capped, every
 * attempt counted (a revoked or replaced invitation was still mailed).
 */
import { TEAM_LIMITS } from '@vitrine/shared';
import type { InvitationRecord } from '../lib/records';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Seconds to wait before inviting `email` again at `now`; 0 when it may be invited now. */
export function reinviteWaitSeconds(invitations: readonly InvitationRecord[], email: string, now: Date): number {
  const sentAt = invitations
    .filter((invitation) => invitation.email === email)
    .map((invitation) => Date.parse(invitation.createdAt))
    .filter((time) => now.getTime() - time < DAY_MS)
    .sort((a, b) => b - a);
  const waits = [0];
  if (sentAt.length > 0) waits.push(sentAt[0]! + TEAM_LIMITS.reinviteIntervalSeconds * 1000 - now.getTime());
  if (sentAt.length >= TEAM_LIMITS.invitationsPerAddressPerDay) {
    // The day's count falls under the cap when the oldest of the last `cap` sends turns a day old.
    waits.push(sentAt[TEAM_LIMITS.invitationsPerAddressPerDay - 1]! + DAY_MS - now.getTime());
  }
  return Math.ceil(Math.max(...waits) / 1000);
}
