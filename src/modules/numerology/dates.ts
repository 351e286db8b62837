// Dates: reading `dob` in its three accepted formats, and "today" in Asia/Kolkata.

import { invalidParam } from '../../core/errors.js';
import { indiaWallClock } from '../../core/time.js';

export interface CalendarDate {
  readonly year: number;
  readonly month: number; // 1-12
  readonly day: number; // 1-31
}

const DMY = /^(\d{1,2})([-/])(\d{1,2})\2(\d{4})$/;
const YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
/** The earliest year accepted: the Gregorian calendar is in general use from here on. */
export const MIN_YEAR = 1800;

export const FORMAT_RULE = 'a date as DD-MM-YYYY, DD/MM/YYYY or YYYY-MM-DD';

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const compare = (a: CalendarDate, b: CalendarDate): number => a.year - b.year || a.month - b.month || a.day - b.day;

export const isoDate = (d: CalendarDate): string => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** The date of birth, or a 400 naming `dob`: wrong format, impossible date, before 1800, after today. */
export function parseDob(raw: string, today: CalendarDate): CalendarDate {
  const s = raw.trim();
  let m = DMY.exec(s);
  let date: CalendarDate | undefined;
  if (m) date = { day: Number(m[1]), month: Number(m[3]), year: Number(m[4]) };
  else if ((m = YMD.exec(s))) date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  if (!date) throw invalidParam('dob', `dob must be ${FORMAT_RULE}`, { hint: 'e.g. 12-10-1936, 12/10/1936 or 1936-10-12' });
  if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > daysInMonth(date.year, date.month)) {
    throw invalidParam('dob', `dob ${s} is not a real calendar date`);
  }
  if (date.year < MIN_YEAR) throw invalidParam('dob', `dob must be in ${MIN_YEAR} or later`);
  if (compare(date, today) > 0) {
    throw invalidParam('dob', `dob must not be in the future (today in Asia/Kolkata is ${isoDate(today)})`);
  }
  return date;
}

/** The calendar date in Asia/Kolkata at an instant (as numbers: the report computes with them). */
export function kolkataDate(now: Date): CalendarDate {
  const t = indiaWallClock(now);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}
