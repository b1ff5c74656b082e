/** 'il y a 5 minutes', 'hier', 'la semaine dernière': a past moment as French speakers say it. */
const formatter = new Intl.RelativeTimeFormat('fr-FR', { numeric: 'auto' });

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** `date` relative to `now`, in the largest unit that keeps the count below the next one. */
export function formatRelativeTime(date: string | Date, now: Date = new Date()): string {
  let value = ((typeof date === 'string' ? new Date(date) : date).getTime() - now.getTime()) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(Math.round(value)) < size) return formatter.format(Math.round(value), unit);
    value /= size;
  }
  return formatter.format(Math.round(value), 'year');
}
