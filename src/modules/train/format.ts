// Pure helpers shared by the providers and the service: clock and duration text, running-day
// masks, dates in India's time zone, station codes. Upstreams write times as "HH:MM", "HH.MM"
// or minutes; the API always answers "HH.MM".

import { readDate } from '../../core/date-param.js';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** "5:07", "05:07", "05.07" or "05:07:00" → "05.07"; undefined when it is not a clock time. */
export function clock(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const m = /^\s*(\d{1,2})[:.](\d{2})(?::\d{2})?\s*$/.exec(v);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return undefined;
  return `${m[1].padStart(2, '0')}.${m[2]}`;
}

/** Minutes → "HH.MM" (hours may exceed 24 on long journeys). */
export function durationFromMinutes(min: number): string {
  const h = Math.floor(min / 60);
  return `${String(h).padStart(2, '0')}.${String(min % 60).padStart(2, '0')}`;
}

/** "15.32", "15:32" (hours may exceed 23) → "15.32"; undefined otherwise. */
export function durationText(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const m = /^\s*(\d{1,3})[:.](\d{2})\s*$/.exec(v);
  if (!m || Number(m[2]) > 59) return undefined;
  return `${m[1].padStart(2, '0')}.${m[2]}`;
}

/** "HH.MM" → minutes after midnight. */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split('.').map(Number);
  return h * 60 + m;
}

/** A seven-character 0/1 mask, Monday first, or undefined. */
export function monFirstMask(v: unknown): string | undefined {
  return typeof v === 'string' && /^[01]{7}$/.test(v.trim()) ? v.trim() : undefined;
}

/** ["Mon","Wed"] (any case, 3+ letters) → "1010000". Unknown names make it undefined. */
export function maskFromDayNames(days: unknown): string | undefined {
  if (!Array.isArray(days)) return undefined;
  const bits = [0, 0, 0, 0, 0, 0, 0];
  for (const d of days) {
    if (typeof d !== 'string') return undefined;
    const i = WEEKDAYS.findIndex((w) => w.toLowerCase() === d.trim().slice(0, 3).toLowerCase());
    if (i < 0) return undefined;
    bits[i] = 1;
  }
  return bits.join('');
}

/** { Sun: true, Mon: false, … } or { Mon: "Y" } (keys in any order and case) → Monday-first mask. */
export function maskFromDayFlags(flags: unknown): string | undefined {
  if (!flags || typeof flags !== 'object') return undefined;
  const out: number[] = [];
  const entries = Object.entries(flags as Record<string, unknown>).map(
    ([k, v]) =>
      [
        k
          .replace(/^trainRunsOn/i, '')
          .slice(0, 3)
          .toLowerCase(),
        v,
      ] as const,
  );
  for (const day of WEEKDAYS) {
    const hit = entries.find(([k]) => k === day.toLowerCase());
    if (!hit) return undefined;
    const v = hit[1];
    out.push(v === true || v === 1 || v === 'Y' || v === 'y' || v === '1' ? 1 : 0);
  }
  return out.join('');
}

/** Monday-first index (0 = Monday) of a YYYY-MM-DD date. */
export function weekdayIndex(isoDate: string): number {
  const d = new Date(`${isoDate}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return (d + 6) % 7;
}

/** True when the mask says the train runs on that date. */
export function runsOn(mask: string, isoDate: string): boolean {
  return mask[weekdayIndex(isoDate)] === '1';
}

/** YYYYMMDD → YYYY-MM-DD when it is a real calendar date, else undefined. */
export const parseCompactDate = (v: string): string | undefined => readDate(v, 'YYYYMMDD');

/** Today's date in India as YYYY-MM-DD. */
export { indiaDate as todayInIndia } from '../../core/time.js';

/** YYYY-MM-DD → DD-MM-YYYY (what ConfirmTkt and RailYatri take). */
export function dmy(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}-${m}-${y}`;
}

/** "21-11-2026", "21/11/2026", "2026-11-21" or "21-Nov-2026" → YYYY-MM-DD, else undefined. */
export function isoFromLooseDate(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (m) return parseCompactDate(`${m[1]}${m[2]}${m[3]}`);
  m = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(s);
  if (m) return parseCompactDate(`${m[3]}${m[2].padStart(2, '0')}${m[1].padStart(2, '0')}`);
  m = /^(\d{1,2})[- ]([A-Za-z]{3})[a-z]*[- ,]+(\d{4})$/.exec(s);
  if (m) {
    const mo = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].indexOf(m[2].toLowerCase());
    if (mo >= 0) return parseCompactDate(`${m[3]}${String(mo + 1).padStart(2, '0')}${m[1].padStart(2, '0')}`);
  }
  return undefined;
}

/** A non-negative integer from a number or a numeric string ("1,384", "₹ 2,405"), else undefined. */
export function int(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return Math.round(v);
  if (typeof v !== 'string') return undefined;
  const m = /\d[\d,]*(?:\.\d+)?/.exec(v);
  return m ? Math.round(Number(m[0].replace(/,/g, ''))) : undefined;
}

/** A finite coordinate, else null (0/0 is "unknown" in the upstreams, not the Gulf of Guinea). */
export function coord(lat: unknown, lon: unknown): { lat: number | null; lon: number | null } {
  const a = typeof lat === 'string' ? Number(lat) : lat;
  const b = typeof lon === 'string' ? Number(lon) : lon;
  if (typeof a !== 'number' || typeof b !== 'number' || !Number.isFinite(a) || !Number.isFinite(b)) return { lat: null, lon: null };
  if ((a === 0 && b === 0) || Math.abs(a) > 90 || Math.abs(b) > 180) return { lat: null, lon: null };
  return { lat: a, lon: b };
}

/** Collapses runs of spaces and trims (upstream names carry padding). */
export const clean = (s: unknown): string => (typeof s === 'string' ? s.replace(/\s+/g, ' ').trim() : '');
