import { formatRelativeTime } from '../relative-time';

const now = new Date('2026-03-10T12:00:00.000Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
// Intl separates numbers and units with a no-break space in French.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatRelativeTime (fr-FR)', () => {
  it('says how long ago in the largest fitting unit', () => {
    expect(plain(formatRelativeTime(ago(0), now))).toBe('maintenant');
    expect(plain(formatRelativeTime(ago(20), now))).toBe('il y a 20 secondes');
    expect(plain(formatRelativeTime(ago(5 * 60), now))).toBe('il y a 5 minutes');
    expect(plain(formatRelativeTime(ago(3 * 3600), now))).toBe('il y a 3 heures');
    expect(plain(formatRelativeTime(ago(86_400), now))).toBe('hier');
    expect(plain(formatRelativeTime(ago(2 * 86_400), now))).toBe('avant-hier');
    expect(plain(formatRelativeTime(ago(3 * 86_400), now))).toBe('il y a 3 jours');
    expect(plain(formatRelativeTime(ago(14 * 86_400), now))).toBe('il y a 2 semaines');
    expect(plain(formatRelativeTime(ago(65 * 86_400), now))).toBe('il y a 2 mois');
    expect(plain(formatRelativeTime(ago(800 * 86_400), now))).toBe('il y a 2 ans');
  });

  it('rounds into the next unit rather than saying 60 minutes', () => {
    expect(plain(formatRelativeTime(ago(59.7 * 60), now))).toBe('il y a 1 heure');
  });
});
