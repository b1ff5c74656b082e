/** Time as Stripe counts it: seconds, and billing periods that keep the anchor's day of month. */
import type { Recurring } from './types';

export function wallClock(): number {
  return Math.floor(Date.now() / 1000);
}

function addMonthsKeepingDay(anchor: number, months: number): number {
  const date = new Date(anchor * 1000);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  // A 31st anchor bills on the last day of shorter months, as Stripe does.
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  return Date.UTC(year, month, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()) / 1000;
}

/** The end of the `periods`-th period after `anchor` for a recurring price. */
export function periodEnd(anchor: number, recurring: Recurring, periods = 1): number {
  const count = recurring.interval_count * periods;
  switch (recurring.interval) {
    case 'day':
      return anchor + count * 86_400;
    case 'week':
      return anchor + count * 7 * 86_400;
    case 'month':
      return addMonthsKeepingDay(anchor, count);
    case 'year':
      return addMonthsKeepingDay(anchor, 12 * count);
    default:
      // The SDK's types leave room for intervals Stripe may add; the stand-in creates none.
      throw new Error(`Unknown interval ${recurring.interval}`);
  }
}

/** The period that contains `start` given the anchor: the smallest n with periodEnd(anchor, n) > start. */
export function nextPeriodEnd(anchor: number, recurring: Recurring, after: number): number {
  let periods = 1;
  let end = periodEnd(anchor, recurring, periods);
  while (end <= after) end = periodEnd(anchor, recurring, ++periods);
  return end;
}
