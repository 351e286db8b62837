// The date a reading is read on: the date asked (noon local at the birth offset) or today.

import type { AppContext } from '../../core/module.js';
import { invalidParam } from '../../core/errors.js';
import { calendarDate } from '../../core/date-param.js';
import { dateToJd, localDate } from './calc/time.js';
import { julday } from './calc/ephemeris.js';

export function asOf(ctx: AppContext, date: string | undefined, offsetMin: number): { date: string; jd: number } {
  if (!date) {
    const jd = dateToJd(ctx.now());
    return { date: localDate(jd, offsetMin), jd };
  }
  const [y, m, d] = calendarDate('date', date, 'YYYY-MM-DD').split('-').map(Number) as [number, number, number];
  if (y < 1000 || y > 2999) throw invalidParam('date', 'date must be a year from 1000 to 2999');
  return { date, jd: julday(y, m, d, 12 - offsetMin / 60) };
}
