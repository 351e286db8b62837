// Day-over-day change and history windows, the same for every price group.

import { addDays, type Current } from './repository.js';
import { indiaDay } from './crawl.js';

/**
 * Percent change of the newest price against the previous stored day, two decimals;
 * 0 when no earlier day is stored yet (nothing to compare with).
 */
export function changePct(c: Current): number {
  if (!c.previous || c.previous.price === 0) return 0;
  return Math.round(((c.latest.price - c.previous.price) / c.previous.price) * 10000) / 100;
}

/** The first day of a `days`-long window ending today in India. */
export const windowStart = (now: Date, days: number) => addDays(indiaDay(now), -(days - 1));
