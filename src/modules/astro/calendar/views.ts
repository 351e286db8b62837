// The three views of the calendar for a place: one day's block (for /panchang), a Gregorian month
// (each civil day with its limbs at sunrise and its observances) and a year's observances. Each
// computes one Sky over its days plus two on either side, so a rule that looks at the day before
// or after (a tithi spanning two sunrises, Holi after Holika Dahan) sees it.

import { NAKSHATRAS, WEEKDAYS, YOGAS, norm360, NAKSHATRA_SPAN, tithiName } from '../calc/names.js';
import { limbEndAt } from './lunar-tables.js';
import { jdToLocal, jdToLocalHm } from '../calc/time.js';
import { dayCalendar, festivalEntry, monthNames } from './present.js';
import { placeAll } from './rules.js';
import { Sky, type Place } from './sky.js';
import { SolarDates, type SolarDate } from './solar.js';
import type { SolarCalendar } from './regional-names.js';

const MARGIN = 2;
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const minute = (jd: number, off: number) => jdToLocal(jd + 30 / 86400, off).slice(0, 16);

export const MONTH_RULE =
  'amanta months from new moon to new moon, named by the sidereal sign of the Sun at the opening new moon (Sun entering Mesha within it: Chaitra); a month without a sankranti is adhika';
export const FESTIVAL_RULES =
  'each observance by its classical rule (the tithi at sunrise, pradosh, nishita, aparahna, madhyahna or moonrise; sankranti; nakshatra in a solar month); festivals skip adhika months; where Smarta and Vaishnava differ both are listed';

function skyAround(place: Place, from: string, to: string): Sky {
  return new Sky(place, shift(from, -MARGIN), shift(to, MARGIN));
}

/** The regional solar calendars' dates of day i, one key per calendar asked (none: undefined). */
function solarOf(sky: Sky, i: number, calendars: readonly SolarCalendar[], dates = new SolarDates(sky)) {
  if (calendars.length === 0) return undefined;
  const out: Partial<Record<SolarCalendar, SolarDate>> = {};
  for (const c of calendars) out[c] = dates.at(c, i);
  return out;
}

/** The calendar block and the observances of one civil day, with the regional solar dates asked. */
export function dayView(place: Place, date: string, calendars: readonly SolarCalendar[] = []) {
  const sky = skyAround(place, date, date);
  const i = MARGIN;
  const festivals = placeAll(sky)
    .filter((o) => o.day === i)
    .map((o) => festivalEntry(sky, o));
  const solar = solarOf(sky, i, calendars);
  return { calendar: dayCalendar(sky, i), festivals, ...(solar ? { solar_calendars: solar } : {}) };
}

/** Every observance of a Gregorian year at a place. */
export function yearView(place: Place, year: number) {
  const sky = skyAround(place, `${year}-01-01`, `${year}-12-31`);
  const last = sky.days.length - MARGIN;
  return placeAll(sky)
    .filter((o) => o.day >= MARGIN && o.day < last)
    .map((o) => festivalEntry(sky, o));
}

/** Each civil day of a Gregorian month: rise and set, limbs at sunrise, lunar month, observances. */
export function monthView(place: Place, year: number, month: number, calendars: readonly SolarCalendar[] = []) {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const lastDate = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  const sky = skyAround(place, first, lastDate);
  const occ = placeAll(sky);
  const solarDates = new SolarDates(sky);
  const days = [];
  for (let i = MARGIN; i < sky.days.length - MARGIN; i++) {
    const d = sky.days[i]!;
    const off = d.offsetMin;
    const seg = sky.tithiAt(d.sunrise);
    const { sun, moon } = sky.sunriseSky(i);
    const nak = Math.floor(norm360(moon.lon) / NAKSHATRA_SPAN);
    const yoga = Math.floor(norm360(moon.lon + sun.lon) / NAKSHATRA_SPAN);
    days.push({
      date: d.date,
      weekday: WEEKDAYS[d.weekday]!,
      sunrise: jdToLocalHm(d.sunrise, off),
      sunset: jdToLocalHm(d.sunset, off),
      tithi: { number: seg.n, name: tithiName(seg.n).name, ends: minute(seg.end, off) },
      nakshatra: { number: nak + 1, name: NAKSHATRAS[nak]!, ends: minute(limbEndAt('nakshatra', place.ayanamsa, d.sunrise), off) },
      yoga: { number: yoga + 1, name: YOGAS[yoga]!, ends: minute(limbEndAt('yoga', place.ayanamsa, d.sunrise), off) },
      paksha: seg.n <= 15 ? ('Shukla' as const) : ('Krishna' as const),
      lunar_month: monthNames(sky, sky.monthAt(d.sunrise)!, d.sunrise),
      festivals: occ
        .filter((o) => o.day === i)
        .map((o) => ({
          id: o.observance.id,
          name: o.observance.en,
          hi: o.observance.hi,
          category: o.observance.category,
          ...(o.school ? { school: o.school } : {}),
          ...(o.observance.region ? { region: o.observance.region } : {}),
        })),
      ...(calendars.length ? { solar_calendars: solarOf(sky, i, calendars, solarDates)! } : {}),
    });
  }
  return days;
}
