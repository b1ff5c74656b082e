import type { InvitationRecord, OrganizationRecord, UserRecord } from '../lib/records';
import { INDEX_CATCH_UP_MS, occupiedSeats, teamPlan } from './seats';

const now = new Date('2026-11-20T12:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms).toISOString();

const member = (id: string) => ({ id, email: `${id}@exemple.fr` }) as UserRecord;
const invitation = (change: Partial<InvitationRecord>) =>
  ({ status: 'pending', email: 'x@exemple.fr', validUntil: later(86_400_000), ...change }) as InvitationRecord;

function organization(subscription: OrganizationRecord['subscription']): OrganizationRecord {
  return { id: 'o1', subscription } as OrganizationRecord;
}

describe('teamPlan', () => {
  it('is the Agence plan of an active subscription', () => {
    expect(teamPlan(organization({ status: 'active', currentPeriodEnd: null, planId: 'agence' }))).toMatchObject({
      id: 'agence',
      maxUsers: 5,
    });
  });

  it('refuses a Mandataire organization (one user) and one without an active subscription', () => {
    expect(() => teamPlan(organization({ status: 'active', currentPeriodEnd: null, planId: 'mandataire' }))).toThrow(
      expect.objectContaining({ statusCode: 403, code: 'TEAM_NOT_AVAILABLE' }),
    );
    for (const subscription of [null, { status: 'canceled', currentPeriodEnd: null, planId: 'agence' as const }]) {
      expect(() => teamPlan(organization(subscription))).toThrow(
        expect.objectContaining({ statusCode: 403, code: 'TEAM_NOT_AVAILABLE' }),
      );
    }
  });
});

describe('occupiedSeats', () => {
  it('counts members and pending unexpired invitations', () => {
    const invitations = [
      invitation({ email: 'a@exemple.fr' }),
      invitation({ email: 'b@exemple.fr' }),
      invitation({ email: 'expired@exemple.fr', validUntil: later(-1) }),
      invitation({ email: 'revoked@exemple.fr', status: 'revoked' }),
    ];
    expect(occupiedSeats([member('owner'), member('m1')], invitations, now)).toBe(4);
  });

  it('does not count the pending invitation a new one to the same address replaces', () => {
    expect(occupiedSeats([member('owner')], [invitation({ email: 'a@exemple.fr' })], now, 'a@exemple.fr')).toBe(1);
  });

  it('counts a recent acceptance the members index does not show yet, once', () => {
    const accepted = invitation({ status: 'accepted', acceptedBy: 'new', acceptedAt: later(-1000) });
    expect(occupiedSeats([member('owner')], [accepted], now)).toBe(2);
    // Listed by the index already: not twice.
    expect(occupiedSeats([member('owner'), member('new')], [accepted], now)).toBe(2);
    // Long accepted and not a member: removed since, no seat.
    const old = invitation({ status: 'accepted', acceptedBy: 'gone', acceptedAt: later(-INDEX_CATCH_UP_MS - 1) });
    expect(occupiedSeats([member('owner')], [old], now)).toBe(1);
  });
});
