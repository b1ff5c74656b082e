import type { InvitationRecord } from '../lib/records';
import { reinviteWaitSeconds } from './invitation-throttle';

const now = new Date('2026-11-23T12:00:00Z');
const sent = (email: string, secondsAgo: number) =>
  ({ email, createdAt: new Date(now.getTime() - secondsAgo * 1000).toISOString() }) as InvitationRecord;

describe('reinviteWaitSeconds', () => {
  it('lets a first invitation, or one a minute after the last, go at once', () => {
    expect(reinviteWaitSeconds([], 'lea@exemple.fr', now)).toBe(0);
    expect(reinviteWaitSeconds([sent('lea@exemple.fr', 60)], 'lea@exemple.fr', now)).toBe(0);
    expect(reinviteWaitSeconds([sent('paul@exemple.fr', 1)], 'lea@exemple.fr', now)).toBe(0);
  });

  it('holds the next one until a minute after the last', () => {
    expect(reinviteWaitSeconds([sent('lea@exemple.fr', 3600), sent('lea@exemple.fr', 20)], 'lea@exemple.fr', now)).toBe(
      40,
    );
  });

  it('holds a sixth one in a day until the oldest of the last five is a day old', () => {
    const fiveToday = [100, 2000, 3000, 4000, 5000].map((ago) => sent('lea@exemple.fr', ago));
    expect(reinviteWaitSeconds(fiveToday, 'lea@exemple.fr', now)).toBe(86_400 - 5000);
    expect(reinviteWaitSeconds([...fiveToday.slice(0, 4), sent('lea@exemple.fr', 90_000)], 'lea@exemple.fr', now)).toBe(
      0,
    );
  });
});
