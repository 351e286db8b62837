// Civil time at a place → the Julian day (UT) the ephemeris needs, and back to local text.
// The offset is the explicit `tz`, or the historical offset of the IANA zone found offline from
// the coordinates (tz-lookup) at that very local moment (luxon + the tz database: +06:30 in India
// in 1942–45, local mean time before standard time, daylight saving where the zone had it).

import tzLookup from 'tz-lookup';
import { DateTime } from 'luxon';
import { invalidParam } from '../../../core/errors.js';
import { julday } from './ephemeris.js';

export interface CivilInput {
  year: number;
  month: number;
  day: number;
  hour: number;
  min: number;
  sec: number;
  lat: number;
  lon: number;
  /** "+HH:MM" as given, or undefined to find it from the coordinates. */
  tz?: string;
  dstHour?: number;
  dstMin?: number;
}

export interface ResolvedTime {
  jdUt: number;
  /** Offset from UT in minutes that was applied (tz + daylight shift). */
  offsetMin: number;
  /** "explicit", or the IANA zone the offset came from. */
  source: string;
}

export const daysInMonth = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** Rejects dates the calendar does not have (31 February), naming `day`. */
export function checkDate(year: number, month: number, day: number, param = 'day'): void {
  const max = daysInMonth(year, month);
  if (day > max) throw invalidParam(param, `${param} must be from 1 to ${max} for ${year}-${String(month).padStart(2, '0')}`);
}

/** "+05:30" → 330. The schema has already checked the shape. */
export function parseOffset(tz: string, param = 'tz'): number {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(tz);
  if (!m) throw invalidParam(param, `${param} must be an offset like +05:30`);
  const h = Number(m[2]);
  const mi = Number(m[3]);
  if (h > 14 || mi > 59) throw invalidParam(param, `${param} must be an offset from -14:00 to +14:00`);
  return (m[1] === '-' ? -1 : 1) * (h * 60 + mi);
}

export function formatOffset(min: number): string {
  const r = Math.round(min);
  const sign = r < 0 ? '-' : '+';
  const a = Math.abs(r);
  return `${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

/** The IANA zone at a coordinate (offline polygons). */
export const zoneAt = (lat: number, lon: number): string => tzLookup(lat, lon);

/** Offset (minutes) in force in `zone` at a local wall-clock moment, and whether that is daylight time. */
export function zoneOffsetAt(zone: string, y: number, mo: number, d: number, h: number, mi: number, s: number): { offset: number; dst: boolean } {
  const dt = DateTime.fromObject({ year: y, month: mo, day: d, hour: h, minute: mi, second: s }, { zone });
  return { offset: dt.offset, dst: dt.isInDST };
}

export function resolveTime(i: CivilInput): ResolvedTime {
  checkDate(i.year, i.month, i.day);
  const dst = (i.dstHour ?? 0) * 60 + (i.dstMin ?? 0);
  let offsetMin: number;
  let source: string;
  if (i.tz !== undefined) {
    offsetMin = parseOffset(i.tz) + dst;
    source = 'explicit';
  } else {
    const zone = zoneAt(i.lat, i.lon);
    const z = zoneOffsetAt(zone, i.year, i.month, i.day, i.hour, i.min, i.sec);
    // The zone's own offset already includes its daylight saving; a dst_* given on top of a
    // moment the zone already treats as daylight time would count the hour twice.
    offsetMin = z.offset + (z.dst ? 0 : dst);
    source = zone;
  }
  const hourUt = i.hour + i.min / 60 + i.sec / 3600 - offsetMin / 60;
  return { jdUt: julday(i.year, i.month, i.day, hourUt), offsetMin, source };
}

const UNIX_EPOCH_JD = 2440587.5;

/** Julian day (UT) → "YYYY-MM-DD HH:MM:SS" in a fixed offset. */
export function jdToLocal(jdUt: number, offsetMin: number): string {
  const ms = Math.round(((jdUt - UNIX_EPOCH_JD) * 86400 + offsetMin * 60) * 1000);
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** Julian day (UT) → local date "YYYY-MM-DD". */
export const jdToLocalDate = (jdUt: number, offsetMin: number): string => jdToLocal(jdUt, offsetMin).slice(0, 10);

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * Same as jdToLocalDate, by integer arithmetic (civil-from-days, H. Hinnant): the dasha tree
 * formats about 800 dates per chart, and going through Date objects was most of its cost.
 */
export function localDate(jdUt: number, offsetMin: number): string {
  const secs = Math.round((jdUt - UNIX_EPOCH_JD) * 86400 + offsetMin * 60);
  const z = Math.floor(secs / 86400) + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${y < 1000 ? String(y).padStart(4, '0') : y}-${pad2(m)}-${pad2(d)}`;
}

/**
 * A formatter of Julian days (UT) as ISO 8601 local times with the offset, rounded to the minute
 * ("2025-11-22T05:02:00+05:30"). By integer arithmetic with the dates of a day kept: a day's
 * muhurtas, choghadiya and horas are some eighty times on two or three dates, and going through
 * Date objects for each cost as much as the ephemeris work they add.
 */
export function isoMinuteFormatter(offsetMin: number): (jdUt: number) => string {
  const zone = formatOffset(offsetMin);
  const dates = new Map<number, string>();
  return (jdUt) => {
    const minutes = Math.floor((jdUt - UNIX_EPOCH_JD) * 1440 + offsetMin + 0.5);
    const day = Math.floor(minutes / 1440);
    let date = dates.get(day);
    if (date === undefined) {
      date = localDate(UNIX_EPOCH_JD + day, 0);
      dates.set(day, date);
    }
    const m = minutes - day * 1440;
    return `${date}T${pad2(Math.floor(m / 60))}:${pad2(m % 60)}:00${zone}`;
  };
}

/** Julian day (UT) → local "HH:MM" (rounded to the nearest minute). */
export function jdToLocalHm(jdUt: number, offsetMin: number): string {
  return jdToLocal(jdUt + 30 / 86400, offsetMin).slice(11, 16);
}

export const dateToJd = (d: Date): number => d.getTime() / 86400000 + UNIX_EPOCH_JD;
