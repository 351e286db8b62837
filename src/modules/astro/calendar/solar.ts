// The regional solar calendars: Tamil, Malayalam, Bengali and Odia. Each month is a sidereal sign
// of the Sun (Sun entering Mesha opens Chithirai, Medam, Boishakh, Baisakha); what differs is the
// civil day on which a month begins after the sankranti, the month that opens the year and the era.
// The four rules are those Sewell (Indian Chronography, 1912, §43; Sewell & Dikshit, The Indian
// Calendar, 1896, Art. 28) gives, the Orissa one read on the civil (midnight) day as Odisha's
// government lists keep it (docs/decisions/panchang-regional.md). Sankranti moments are drik (true
// Sun, the query's ayanamsa), as everywhere in this calendar; almanacs on the Surya Siddhanta
// (Bengal's Gupta Press panjika) or the Vakya tables (Tamil Nadu) can fall a day off near an edge.

import { invalidParam } from '../../../core/errors.js';
import { julday, riseSet } from '../calc/ephemeris.js';
import { IANAZone } from 'luxon';
import { SOLAR_MONTHS, type SolarCalendar } from './regional-names.js';
import { SAMVATSARAS } from './names.js';
import { limbName } from './limb-names.js';
import type { Place, Sky } from './sky.js';

export const SOLAR_CALENDARS = ['tamil', 'malayalam', 'bengali', 'odia'] as const satisfies readonly SolarCalendar[];

/** The `calendar` parameter: a comma list of calendar names, in the table's order; a 400 naming a wrong one. */
export function parseCalendars(raw: string | undefined): SolarCalendar[] {
  if (raw === undefined) return [];
  const asked = new Set<string>();
  for (const it of raw.split(',').map((s) => s.trim().toLowerCase())) {
    if (!(SOLAR_CALENDARS as readonly string[]).includes(it))
      throw invalidParam('calendar', `calendar has an unknown value "${it}"; use a comma list of ${SOLAR_CALENDARS.join(', ')}`, {
        valid_values: [...SOLAR_CALENDARS],
      });
    asked.add(it);
  }
  return SOLAR_CALENDARS.filter((c) => asked.has(c));
}

/** When the month begins, in words, per calendar. */
export const MONTH_START_RULES: Record<SolarCalendar, string> = {
  tamil: 'Tamil rule: a sankranti before sunset begins the month that civil day; after sunset, the next day (Sewell, Indian Chronography §43)',
  malayalam:
    'Malabar (Kerala) rule: a sankranti within the first three fifths of the daytime (sunrise to the end of madhyahna) begins the month that day; later, or in the night, the next day (Sewell §43)',
  bengali:
    'Bengal rule: a sankranti between sunrise and midnight begins the month the next day; after midnight, the day after that (Sewell §43) — in civil days, always the civil day after the sankranti',
  odia: 'Orissa rule: the month begins on the day of the sankranti whenever it falls, counted on the civil (midnight to midnight) day as the Odisha government lists keep it',
};

/** The year and its era, per calendar. */
export const YEAR_RULES: Record<SolarCalendar, string> = {
  tamil: 'the 60-year cycle from Prabhava (1987 = Prabhava), changing at Chithirai 1',
  malayalam: 'Kollam era (Malayalam era, ME): Gregorian year − 824 from Chingam 1, − 825 before it',
  bengali: 'Bangabda (Bengali san): Gregorian year − 593 from Boishakh 1, − 594 before it',
  odia: 'Amli era (Utkaliya, epoch 592 CE): Gregorian year − 592 from Sunia (Bhadrapada Shukla Dwadashi), − 593 before it',
};

/** The sign (1 = Mesha) that opens each calendar's year, and so numbers its months. */
const FIRST_SIGN: Record<SolarCalendar, number> = { tamil: 1, malayalam: 5, bengali: 1, odia: 1 };

const DAY_MS = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dateMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** A sankranti seen from the place: its civil date and that date's sunrise and sunset (JD UT). */
interface LocalSankranti {
  rashi: number;
  jd: number;
  date: string;
  sunrise: number;
  sunset: number;
}

function offsetAt(place: Place, jd: number): number {
  if (!place.zone) return place.fixedOffsetMin ?? 0;
  return IANAZone.create(place.zone).offset((jd - 2440587.5) * DAY_MS);
}

function localSankranti(place: Place, sky: Sky, rashi: number, jd: number): LocalSankranti {
  const off = offsetAt(place, jd);
  const date = isoDate((jd - 2440587.5) * DAY_MS + off * 60_000);
  const known = sky.days.find((d) => d.date === date);
  if (known) return { rashi, jd, date, sunrise: known.sunrise, sunset: known.sunset };
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const midnight = julday(y, m, d, 0) - off / 1440;
  const sunrise = riseSet(midnight, 'sun', 'rise', place.lat, place.lon) ?? midnight + 0.25;
  const sunset = riseSet(sunrise, 'sun', 'set', place.lat, place.lon) ?? sunrise + 0.5;
  return { rashi, jd, date, sunrise, sunset };
}

export type Reckoning = 'sunset' | 'madhyahna' | 'midnight-next' | 'civil-day' | 'first-sunrise';

/** Each calendar's rule for the civil day a month begins. */
export const CALENDAR_RECKONING: Record<SolarCalendar, Reckoning> = {
  tamil: 'sunset',
  malayalam: 'madhyahna',
  bengali: 'midnight-next',
  odia: 'civil-day',
};

/** The civil date a sankranti is kept on (or opens its month on) by a reckoning. */
export function reckon(r: Reckoning, s: LocalSankranti): string {
  const next = isoDate(dateMs(s.date) + DAY_MS);
  switch (r) {
    case 'sunset':
      // Before sunrise: the night of the previous day, so this civil day is the first after it.
      return s.jd < s.sunset ? s.date : next;
    case 'madhyahna':
      return s.jd < s.sunrise || s.jd < s.sunrise + 0.6 * (s.sunset - s.sunrise) ? s.date : next;
    case 'midnight-next':
      return next;
    case 'civil-day':
      return s.date;
    case 'first-sunrise':
      return s.jd < s.sunrise ? s.date : next;
  }
}

/** The civil date a sankranti of the sky is kept on at the sky's place, by a reckoning. */
export function sankrantiDay(sky: Sky, s: { rashi: number; jd: number }, r: Reckoning): string {
  return reckon(r, localSankranti(sky.place, sky, s.rashi, s.jd));
}

export interface SolarDate {
  calendar: SolarCalendar;
  month: { number: number; name: string; native: string; sign: number };
  day: number;
  year: { number: number; name?: string; native?: string; era: string };
  month_starts: string;
  rule: string;
  year_rule: string;
}

/** The month starts of every sankranti the sky knows, per calendar, oldest first. */
export function monthStarts(sky: Sky, cal: SolarCalendar): { rashi: number; start: string; jd: number }[] {
  return sky.sankrantis.map((s) => {
    return { rashi: s.rashi, start: sankrantiDay(sky, s, CALENDAR_RECKONING[cal]), jd: s.jd };
  });
}

/** The Gregorian year in which the year of a Mesha-first count began, from the sign and the civil month. */
const meshadiYear = (gYear: number, gMonth: number, rashi: number) => gYear - (rashi >= 9 && gMonth <= 4 ? 1 : 0);

function yearOf(cal: SolarCalendar, sky: Sky, i: number, rashi: number): SolarDate['year'] {
  const date = sky.days[i]!.date;
  const gYear = Number(date.slice(0, 4));
  const gMonth = Number(date.slice(5, 7));
  switch (cal) {
    case 'tamil': {
      const k = (((meshadiYear(gYear, gMonth, rashi) - 1987) % 60) + 60) % 60;
      // The Tamil name where the cited table has it (limb-names.ts); otherwise none is given.
      const native = limbName('ta', 'samvatsara', k);
      return { number: k + 1, name: SAMVATSARAS[k]!, ...(native ? { native } : {}), era: 'Tamil 60-year cycle (Prabhava first)' };
    }
    case 'malayalam': {
      // Chingam (Simha) to Dhanu of the same Gregorian year are past Chingam 1.
      const after = rashi >= 5 && rashi <= 9 && !(rashi === 9 && gMonth <= 4);
      return { number: gYear - (after ? 824 : 825), era: 'Kollam (ME)' };
    }
    case 'bengali':
      return { number: meshadiYear(gYear, gMonth, rashi) - 593, era: 'Bangabda' };
    case 'odia': {
      // Sunia, Bhadrapada Shukla Dwadashi (amanta Bhadrapada, nija), opens the Amli year.
      const d = sky.days[i]!;
      const m = sky.monthAt(d.sunrise);
      const n = sky.tithiAt(d.sunrise).n;
      let past = false;
      if (m && gMonth >= 8) past = m.month > 6 || (m.month === 6 && !m.adhika && n >= 12 && n <= 15);
      return { number: gYear - (past ? 592 : 593), era: 'Amli' };
    }
  }
}

/** Each asked calendar's date for every day of the sky, or for one day. */
export class SolarDates {
  private readonly starts = new Map<SolarCalendar, { rashi: number; start: string }[]>();

  constructor(private readonly sky: Sky) {}

  at(cal: SolarCalendar, i: number): SolarDate {
    let starts = this.starts.get(cal);
    if (!starts) {
      starts = monthStarts(this.sky, cal);
      this.starts.set(cal, starts);
    }
    const date = this.sky.days[i]!.date;
    let cur: { rashi: number; start: string } | undefined;
    for (const s of starts) {
      if (s.start > date) break;
      cur = s;
    }
    if (!cur) throw new Error(`no sankranti before ${date} in the sky`);
    const rashi = cur.rashi;
    const number = ((rashi - FIRST_SIGN[cal] + 12) % 12) + 1;
    const names = SOLAR_MONTHS[cal][rashi - 1]!;
    return {
      calendar: cal,
      month: { number, name: names.en, native: names.native, sign: rashi },
      day: Math.round((dateMs(date) - dateMs(cur.start)) / DAY_MS) + 1,
      year: yearOf(cal, this.sky, i, rashi),
      month_starts: cur.start,
      rule: MONTH_START_RULES[cal],
      year_rule: YEAR_RULES[cal],
    };
  }
}
