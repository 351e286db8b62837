// Dates as price pages write them in rows, labels and titles: "September 5, 2026", "5th Sep,
// 2026", "05-09-2026" (day first, as India writes it), "2026-09-05", and a day with its month
// alone ("1st September") under a label that gives the year ("… Rate in Bangalore, September
// 2026"). Read into the YYYY-MM-DD days the price tables store.

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const ORD = '(?:st|nd|rd|th)?';

// Day month [year]: "5th Sep, 2026", "1st September", "05 Sept 2026".
const DAY_MONTH = new RegExp(`\\b(\\d{1,2})${ORD}\\s*(?:of\\s+)?${MONTH}(?![a-z])(?:,?\\s*(\\d{4})\\b)?`, 'i');
// Month day[, year]: "September 5, 2026", "Nov 21, 2026", "Sep 5".
const MONTH_DAY = new RegExp(`\\b${MONTH}(?![a-z])\\s*(\\d{1,2})${ORD}\\b(?:,?\\s*(\\d{4})\\b)?`, 'i');
const ISO = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/;
const NUMERIC = /\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\b/;
const MONTH_YEAR = new RegExp(`\\b${MONTH}(?![a-z]),?\\s*(\\d{4})\\b`, 'i');

const monthIndex = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase());

/** YYYY-MM-DD of a real calendar day, or null (30 February is no day). */
function isoDay(year: number, month0: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month0, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month0 || d.getUTCDate() !== day) return null;
  return d.toISOString().slice(0, 10);
}

/**
 * The first day a text names, as YYYY-MM-DD, or null. A day given with its month but no year
 * takes `year` (from the table's label); without one it names no day.
 */
export function dayOf(text: string, year?: number): string | null {
  const t = text.replace(/\s+/g, ' ');
  const found: { at: number; day: string | null }[] = [];
  const iso = ISO.exec(t);
  if (iso) found.push({ at: iso.index, day: isoDay(+iso[1], +iso[2] - 1, +iso[3]) });
  const num = NUMERIC.exec(t);
  if (num) found.push({ at: num.index, day: isoDay(+num[3], +num[2] - 1, +num[1]) });
  const dm = DAY_MONTH.exec(t);
  if (dm && (dm[3] || year)) found.push({ at: dm.index, day: isoDay(dm[3] ? +dm[3] : year!, monthIndex(dm[2]), +dm[1]) });
  const md = MONTH_DAY.exec(t);
  if (md && (md[3] || year)) found.push({ at: md.index, day: isoDay(md[3] ? +md[3] : year!, monthIndex(md[1]), +md[2]) });
  const first = found.filter((f) => f.day).sort((a, b) => a.at - b.at)[0];
  return first?.day ?? null;
}

/** The month and year a label names ("Petrol Rate in Bangalore, September 2026"), or null. */
export function monthOf(text: string): { year: number; month: number } | null {
  const m = MONTH_YEAR.exec(text.replace(/\s+/g, ' '));
  return m ? { year: +m[2], month: monthIndex(m[1]) + 1 } : null;
}
