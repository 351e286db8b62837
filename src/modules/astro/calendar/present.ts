// What the calendar answers say: the lunar month by both reckonings, samvat years, ritu, ayana, the
// Sun's and Moon's signs for a day; and one festival as an entry with its names and the rule that
// placed it.

import { RASHIS, norm360, tithiName } from '../calc/names.js';
import { jdToLocal } from '../calc/time.js';
import { LUNAR_MONTHS, LUNAR_MONTHS_HI, RITUS, SAMVATSARA_CONVENTION, SAMVATSARAS } from './names.js';
import type { Occurrence } from './rules.js';
import type { Observance } from './types.js';
import type { LunarMonthSpan, Sky } from './sky.js';

const SYNODIC = 29.530589;

const minute = (jd: number, off: number) => jdToLocal(jd + 30 / 86400, off).slice(0, 16);
const hm = (days: number) => {
  const m = Math.round(days * 1440);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** Amanta and purnimanta names of the lunar month a moment falls in. */
export function monthNames(sky: Sky, m: LunarMonthSpan, jd: number) {
  const name = LUNAR_MONTHS[m.month - 1]!;
  const krishna = sky.tithiAt(jd).n > 15;
  // Purnimanta: a Krishna paksha belongs to the month that follows, except within an adhika month,
  // which is kept whole (adhika Krishna stays adhika).
  let p = { name, adhika: m.adhika };
  if (krishna && !m.adhika) {
    // The next month's name (an adhika next month carries the same name as the nija after it).
    const next = sky.nextMonth(m);
    p = { name: next ? LUNAR_MONTHS[next.month - 1]! : LUNAR_MONTHS[m.month % 12]!, adhika: false };
  }
  return {
    amanta: { name, hindi: LUNAR_MONTHS_HI[m.month - 1]!, number: m.month, adhika: m.adhika, label: `${m.adhika ? 'Adhika' : 'Nija'} ${name}` },
    purnimanta: { name: p.name, hindi: LUNAR_MONTHS_HI[LUNAR_MONTHS.indexOf(p.name)]!, adhika: p.adhika },
  };
}

/** Shaka and Vikram years change at Chaitra Shukla Pratipada (amanta new year). */
function years(m: LunarMonthSpan, off: number) {
  // The Gregorian year in which this lunar year's Chaitra began: Chaitra opens between March and
  // April, so stepping back (month − 1) lunations from the month lands in that year.
  const chaitraStart = m.start - (m.month - 1) * SYNODIC;
  const gy = Number(jdToLocal(chaitraStart + 3, off).slice(0, 4));
  const shaka = gy - 78;
  return {
    vikram_samvat: gy + 57,
    shaka_samvat: shaka,
    samvatsara: { name: SAMVATSARAS[(shaka + 11) % 60]!, number: ((shaka + 11) % 60) + 1, convention: SAMVATSARA_CONVENTION },
  };
}

/** The calendar block of day i. */
export function dayCalendar(sky: Sky, i: number) {
  const d = sky.days[i]!;
  const off = d.offsetMin;
  const m = sky.monthAt(d.sunrise)!;
  const seg = sky.tithiAt(d.sunrise);
  const { sun, moon } = sky.sunriseSky(i);
  const moonSign = Math.floor(norm360(moon.lon) / 30);
  const change = sky.moonSignChange(d.sunrise);
  const sunLon = norm360(sun.lon);
  // Tithis that begin and end between this sunrise and the next are lost (kshaya); one that holds
  // at both sunrises is repeated (vriddhi).
  const kshaya = sky.tithis.filter((t) => t.start > d.sunrise && t.end < d.nextSunrise).map((t) => tithiName(t.n).name);
  const ritu = RITUS[Math.floor((m.month - 1) / 2)]!;
  return {
    lunar_month: monthNames(sky, m, d.sunrise),
    paksha: seg.n <= 15 ? ('Shukla' as const) : ('Krishna' as const),
    tithi_at_sunrise: { number: seg.n, name: tithiName(seg.n).name, ends: minute(seg.end, off) },
    kshaya_tithis: kshaya,
    vriddhi_tithi: seg.end > d.nextSunrise,
    ...years(m, off),
    ritu,
    ritu_convention: 'lunar: two amanta months each, Vasanta from Chaitra',
    ayana: sunLon >= 270 || sunLon < 90 ? ('Uttarayana' as const) : ('Dakshinayana' as const),
    ayana_convention: 'sidereal: Uttarayana from Makara Sankranti to Karka Sankranti',
    sun_sign: RASHIS[Math.floor(sunLon / 30)]!,
    moon_sign: RASHIS[moonSign]!,
    moon_sign_changes: change < d.nextSunrise ? { at: minute(change, off), to: RASHIS[(moonSign + 1) % 12]! } : null,
    day_length: hm(d.sunset - d.sunrise),
    night_length: hm(d.nextSunrise - d.sunset),
  };
}

export type DayCalendar = ReturnType<typeof dayCalendar>;

/**
 * The lunar month of an observance's tithi, named in the count its traditional name uses, so the
 * month beside `month_system` is that system's: a Krishna-paksha tithi of amanta month M falls in
 * purnimanta month M+1 (Janmashtami, Shravana Krishna Ashtami amanta, is Bhadrapada Krishna
 * Ashtami purnimanta); Shukla paksha is the same month in both. Adhika months and solar rows are
 * named amanta, as the rule computes them.
 */
export function monthInSystem(system: Observance['system'], m: { month: number; adhika: boolean }, tithi: number): string {
  if (system === 'purnimanta' && !m.adhika) {
    const month = tithi > 15 ? (m.month % 12) + 1 : m.month;
    return `${LUNAR_MONTHS[month - 1]} (purnimanta)`;
  }
  return `${m.adhika ? 'Adhika ' : ''}${LUNAR_MONTHS[m.month - 1]} (amanta)`;
}

/** One placed observance as the answers list it. */
export function festivalEntry(sky: Sky, o: Occurrence) {
  const ob = o.observance;
  const names: Record<string, string> = { en: ob.en, hi: ob.hi, mr: ob.mr };
  if (ob.ta) names.ta = ob.ta;
  if (ob.bn) names.bn = ob.bn;
  const rule = ob.rule.kind === 'tithi' ? `${tithiName(ob.rule.tithi).name}` : ob.rule.kind;
  return {
    id: ob.id,
    name: ob.en,
    names,
    date: sky.days[o.day]!.date,
    category: ob.category,
    ...(o.school ? { school: o.school } : {}),
    month_system: ob.system,
    ...(ob.rule.kind === 'tithi' && o.month ? { lunar_month: monthInSystem(ob.system, o.month, ob.rule.tithi), tithi: rule } : {}),
    rule: o.rule,
    source: ob.source,
    ...(ob.region ? { region: ob.region } : {}),
  };
}

export type FestivalEntry = ReturnType<typeof festivalEntry>;
