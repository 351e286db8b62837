// A date parameter, written one way everywhere: one schema builder (the shape, documented) and
// one check (the day exists), both failing with the same sentence: "date must be a real
// calendar date written YYYY-MM-DD". A route keeps the format it documents, and every route
// takes ISO YYYY-MM-DD besides (train's YYYYMMDD refused 2026-12-15: issue 44); ranges (from
// 1999-01-04, years 1000 to 2999) stay the route's own rule.

import { Type } from 'typebox';
import { invalidParam } from './errors.js';

export type DateFormat = 'YYYY-MM-DD' | 'YYYYMMDD';

const PATTERNS: Record<DateFormat, string> = {
  'YYYY-MM-DD': '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
  YYYYMMDD: '^([0-9]{8}|[0-9]{4}-[0-9]{2}-[0-9]{2})$',
};
const PARTS: Record<DateFormat, RegExp> = { 'YYYY-MM-DD': /^(\d{4})-(\d{2})-(\d{2})$/, YYYYMMDD: /^(\d{4})(\d{2})(\d{2})$/ };

/** The rule in words; the schema's title, which validation.ts reads as the rule of a parameter. */
export const dateRule = (format: DateFormat) => `a real calendar date written ${format === 'YYYY-MM-DD' ? format : `${format} or YYYY-MM-DD`}`;

/** A date query parameter: its shape checked by the schema, its rule and `about` in the docs. */
export const DateParam = (format: DateFormat, about?: string) =>
  Type.String({ pattern: PATTERNS[format], title: dateRule(format), description: about ? `${dateRule(format)} ${about}` : dateRule(format) });

/** The day a value in `format` names, as YYYY-MM-DD; undefined when it is no real day (2027-02-29). */
export function readDate(value: string, format: DateFormat): string | undefined {
  const m = PARTS[format].exec(value);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return undefined;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** The day a date parameter names, as YYYY-MM-DD, or a 400 naming the parameter and the rule. */
export function calendarDate(param: string, value: string, format: DateFormat): string {
  const day = readDate(value, format) ?? readDate(value, 'YYYY-MM-DD');
  if (day === undefined) throw invalidParam(param, `${param} must be ${dateRule(format)}`);
  return day;
}
