import { isAHoliday } from "@18f/us-federal-holidays";

/**
 * Business days of the adverse-action waiting period (ADR 0083): Monday to Friday, less the US
 * federal holidays as observed (the @18f/us-federal-holidays list: a Saturday holiday is
 * observed the Friday before, a Sunday one the Monday after). Days are UTC calendar days.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** True when the UTC calendar day of `date` is a business day. */
export function isBusinessDay(date: Date): boolean {
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !isAHoliday(date, { utc: true });
}

/**
 * The moment `days` business days after `start`: the same time of day on the `days`-th business
 * day after start's own day. 0 days is `start` itself (development trials only, ADR 0083).
 */
export function addBusinessDays(start: Date, days: number): Date {
  let at = start.getTime();
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    if (isBusinessDay(new Date(at))) left -= 1;
  }
  return new Date(at);
}

/**
 * Business days from `now` until `end`: how many business days' ends still lie ahead (0 once
 * `end` is past, or when it falls later on `now`'s own day).
 */
export function businessDaysBetween(now: Date, end: Date): number {
  if (end.getTime() <= now.getTime()) return 0;
  let count = 0;
  const last = startOfUtcDay(end);
  for (let day = startOfUtcDay(now) + DAY_MS; day <= last; day += DAY_MS) {
    if (isBusinessDay(new Date(day))) count += 1;
  }
  return count;
}

function startOfUtcDay(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}
