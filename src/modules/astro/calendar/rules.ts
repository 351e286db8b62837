// The rule engine: each observance of the table placed on a civil day at a place, by its classical
// rule, naming the rule that decided. A tithi rule looks at every day the tithi touches (sunrise to
// next sunrise) and asks whether the tithi holds at the rule's kala: at the instant (sunrise,
// moonrise) or for how long within the window (pradosh, nishita, …). One day: that day. Two days
// (a tithi that spans two kalas; vriddhi at sunrise): the row's `both` (first unless said).
// No day: the tithi slipped between two kalas (kshaya at sunrise): the day it runs in, or for a
// window the day it covers most. Festivals skip adhika months unless the row says otherwise.

import { OBSERVANCE_BY_ID, OBSERVANCES } from './observances.js';
import type { CalDay, LunarMonthSpan, Sky, TithiSeg } from './sky.js';
import type { Kala, Observance, Rule, School } from './types.js';
import { LUNAR_MONTHS } from './names.js';
import { TITHIS } from '../calc/names.js';
import { norm360, NAKSHATRA_SPAN } from '../calc/names.js';
import { limbEnd } from '../calc/panchanga.js';
import { sunMoon } from '../calc/ephemeris.js';
import { sankrantiDay } from './solar.js';

export interface Occurrence {
  observance: Observance;
  /** Index into sky.days. */
  day: number;
  school?: School;
  /** The rule that placed it, in words. */
  rule: string;
  month?: LunarMonthSpan;
}

const ARUNODAYA_DAYS = 96 / 1440;
/** 6¼ nazhikas of 24 minutes. */
const PITRU_KERALA_DAYS = 150 / 1440;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The window of a kala on day d; instants have start === end. */
export function kalaWindow(sky: Sky, i: number, kala: Kala): [number, number] | undefined {
  const d: CalDay = sky.days[i]!;
  const day = d.sunset - d.sunrise;
  const night = d.nextSunrise - d.sunset;
  switch (kala) {
    case 'sunrise':
      return [d.sunrise, d.sunrise];
    case 'moonrise': {
      const m = sky.moonrise(i);
      return m === null ? undefined : [m, m];
    }
    case 'arunodaya':
      return [d.sunrise - ARUNODAYA_DAYS, d.sunrise];
    case 'purvahna':
      return [d.sunrise, d.sunrise + day / 2];
    case 'madhyahna':
      return [d.sunrise + (2 * day) / 5, d.sunrise + (3 * day) / 5];
    case 'aparahna':
      return [d.sunrise + (3 * day) / 5, d.sunrise + (4 * day) / 5];
    case 'pradosh':
      return [d.sunset, d.sunset + night / 5];
    case 'nishita':
      return [d.sunset + (7 * night) / 15, d.sunset + (8 * night) / 15];
    case 'daytime':
      return [d.sunrise, d.sunset];
    case 'pitru-kerala':
      return [d.sunset - PITRU_KERALA_DAYS, d.sunset];
  }
}

const KALA_WORDS: Record<Kala, string> = {
  sunrise: 'at sunrise (udaya)',
  moonrise: 'at moonrise',
  arunodaya: 'at arunodaya (96 minutes before sunrise)',
  purvahna: 'in purvahna (the first half of the day)',
  madhyahna: 'in madhyahna (the third fifth of the day)',
  aparahna: 'in aparahna (the fourth fifth of the day)',
  pradosh: 'in pradosh (the first fifth of the night)',
  nishita: 'at nishita (the midnight muhurta)',
  daytime: 'between sunrise and sunset',
  'pitru-kerala': 'through the 6¼ nazhikas (150 minutes) before sunset',
};

const tithiWords = (n: number) => {
  if (n === 15) return 'Purnima';
  if (n === 30) return 'Amavasya';
  return `${n <= 15 ? 'Shukla' : 'Krishna'} ${TITHIS[(n - 1) % 15]}`;
};

/** How much of a window [a, b] the tithi covers (days); for an instant, 1 if it holds, else 0. */
function cover(seg: TithiSeg, w: [number, number]): number {
  if (w[0] === w[1]) return seg.start <= w[0] && w[0] < seg.end ? 1 : 0;
  return Math.max(0, Math.min(seg.end, w[1]) - Math.max(seg.start, w[0]));
}

function placeTithi(sky: Sky, rule: Extract<Rule, { kind: 'tithi' }>, seg: TithiSeg): { day: number; rule: string } | undefined {
  const first = sky.dayOf(seg.start);
  const last = sky.dayOf(seg.end - 1e-9);
  if (first === -1 && last === -1) return undefined;
  const hi = last === -1 ? sky.days.length - 1 : last;
  const start = first === -1 ? 0 : first;
  const name = tithiWords(rule.tithi);
  const words = KALA_WORDS[rule.kala];
  const hits: { i: number; c: number; full: boolean }[] = [];
  // One day past the last: the next day's arunodaya lies before its sunrise.
  for (let i = start; i <= Math.min(hi + 1, sky.days.length - 1); i++) {
    const w = kalaWindow(sky, i, rule.kala);
    if (!w) continue;
    let c = cover(seg, w);
    if (rule.minAfterSunrise && c > 0) {
      const d = sky.days[i]!;
      if (seg.end < d.sunrise + rule.minAfterSunrise * (d.sunset - d.sunrise)) c = 0;
    }
    const full = w[0] === w[1] || c >= (w[1] - w[0]) * 0.999;
    if (c > 0 && (full || !rule.wholeWindow)) hits.push({ i, c, full });
  }
  let day: number;
  let text: string;
  if (hits.length === 1) {
    day = hits[0]!.i;
    text = `${name} ${words} on this day only`;
  } else if (hits.length >= 2 && rule.firstTouch) {
    day = hits[0]!.i;
    text = `${name} ${words} on two days: the first it touches is kept`;
  } else if (hits.length >= 2) {
    const [a, b] = hits;
    const both = rule.both ?? 'first';
    if (a!.full && b!.full) {
      day = both === 'first' ? a!.i : b!.i;
      text = `${name} ${words} on two days (vriddhi): the ${both} day is kept`;
    } else {
      day = a!.c >= b!.c ? a!.i : b!.i;
      text = `${name} ${words} on two days: the day it covers more (vyapti) is kept`;
    }
  } else if (rule.wholeWindow) {
    // No day has the whole window: the day whose daytime the tithi covers more (Karkidaka Vavu
    // 2018, Amavasya from 19:07 to 15:27 the next day: Kerala kept the second day).
    let best = -1;
    let most = 0;
    for (let i = start; i <= hi; i++) {
      const c = cover(seg, kalaWindow(sky, i, 'daytime')!);
      if (c > most) [best, most] = [i, c];
    }
    if (best === -1) return undefined;
    day = best;
    text = `${name} holds ${words} on no day: kept on the day whose daytime it covers more`;
  } else {
    // Kshaya at this kala: the tithi lies between two kalas.
    const mid = (seg.start + seg.end) / 2;
    day = sky.dayOf(mid);
    if (day === -1) return undefined;
    text = `${name} holds ${words} on no day (kshaya): kept on the day it runs in`;
  }
  if (rule.bhadraFree) {
    const d = sky.days[day]!;
    const bhadraEnd = limbEnd('karana', seg.start + 10 / 86400);
    const nishita = kalaWindow(sky, day, 'nishita')!;
    const next = sky.days[day + 1];
    // Dharma Sindhu: with Bhadra through the night, the next evening serves when the tithi lasts
    // 3.5 prahara (7/8 of the daytime) after the next sunrise.
    if (bhadraEnd > nishita[1] && next && seg.end > next.sunrise + (7 / 8) * (next.sunset - next.sunrise)) {
      day += 1;
      text = `${name} ${words}, but Bhadra (Vishti karana) lasts past midnight and ${name} lasts 3.5 prahara into the next day: kept the next evening`;
    } else if (bhadraEnd > d.sunset) text = `${text}; after Bhadra (Vishti karana) ends`;
  }
  if (rule.parana && !rule.arunodayaViddha) {
    // Smarta: the fast is broken at the next sunrise within Dwadashi. On two Ekadashi sunrises the
    // second serves when Dwadashi holds at the sunrise after it; with a single one whose next
    // sunrise has passed Dwadashi (Dwadashi lost), the day before serves, if Ekadashi began then.
    const dwadashiEnd = sky.tithiAt(seg.end + 1e-6).end;
    const twoSunrises = hits.length >= 2 && hits[0]!.full && hits[1]!.full;
    if (twoSunrises) {
      const second = hits[1]!.i;
      const after = sky.days[second + 1];
      if (after && dwadashiEnd > after.sunrise) {
        day = second;
        text = `${name} at two sunrises (vriddhi): the second, as Dwadashi holds at the parana sunrise`;
      } else {
        day = hits[0]!.i;
        text = `${name} at two sunrises (vriddhi): the first, as Dwadashi ends before the second's parana`;
      }
    } else if (hits.length === 1 && day > 0) {
      const after = sky.days[day + 1];
      if (after && dwadashiEnd < after.sunrise && seg.start > sky.days[day - 1]!.sunrise && seg.start < sky.days[day - 1]!.sunset) {
        day -= 1;
        text = `${name} at sunrise, but Dwadashi ends before the next sunrise: the fast is kept the day before, when ${name} began`;
      }
    }
  }
  if (rule.arunodayaViddha) {
    // Vaishnava: the Ekadashi must not be touched by Dashami at arunodaya; else the next day (Dwadashi).
    const d = sky.days[day]!;
    if (seg.start > d.sunrise - ARUNODAYA_DAYS && day + 1 < sky.days.length) {
      day += 1;
      text = `${name} touched by the tithi before it at arunodaya (viddha): kept the next day, as Vaishnavas do`;
    } else text = `${text}; not touched by the tithi before it at arunodaya`;
  }
  return { day, rule: text };
}

function monthMatches(m: LunarMonthSpan, rule: Extract<Rule, { kind: 'tithi' }>, o: Observance): boolean {
  const adhika = o.adhika ?? 'skip';
  if (m.adhika && adhika === 'skip') return false;
  if (!m.adhika && adhika === 'only') return false;
  return rule.month === 'every' || LUNAR_MONTHS[m.month - 1] === rule.month;
}

function evalTithi(sky: Sky, o: Observance, rule: Extract<Rule, { kind: 'tithi' }>, school: School | undefined, out: Occurrence[]): void {
  // Two days with the Sun in one sign less than 32 days apart lie in one solar month.
  let lastInSolarMonth = Number.NEGATIVE_INFINITY;
  sky.months.forEach((m, k) => {
    if (!monthMatches(m, rule, o)) return;
    for (const seg of sky.monthTithis[k]!) {
      if (seg.n !== rule.tithi) continue;
      const p = placeTithi(sky, rule, seg);
      if (!p) continue;
      const d = sky.days[p.day]!;
      if (rule.sunIn !== undefined && sky.sunSignAt(d.sunrise) !== rule.sunIn) continue;
      if (rule.weekday !== undefined && d.weekday !== rule.weekday) continue;
      if (rule.firstInSolarMonth) {
        if (p.day - lastInSolarMonth < 32) continue;
        lastInSolarMonth = p.day;
      }
      const also = [
        rule.sunIn !== undefined ? (rule.firstInSolarMonth ? 'the first in the solar month' : 'in the solar month') : '',
        rule.weekday !== undefined ? `on a ${WEEKDAYS[rule.weekday]}` : '',
      ]
        .filter(Boolean)
        .join(', ');
      out.push({ observance: o, day: p.day, school, rule: also ? `${p.rule}; ${also}` : p.rule, month: m });
    }
  });
}

const RECKONING_WORDS: Record<Extract<Rule, { kind: 'sankranti' }>['reckoning'], string> = {
  sunset: 'the Sun enters the sign before sunset: kept that day, else the next (Tamil rule, punya kala)',
  madhyahna: 'the Sun enters the sign within the first three fifths of the daytime: kept that day, else the next (Kerala rule)',
  'midnight-next': 'the civil day after the Sun enters the sign (Bengal rule)',
  'civil-day': 'the civil day the Sun enters the sign, whatever the hour (Orissa rule)',
  'first-sunrise': 'the first sunrise after the Sun enters the sign (Vishukkani: seen at the first dawn of the new month)',
};

function evalSankranti(sky: Sky, o: Observance, rule: Extract<Rule, { kind: 'sankranti' }>, out: Occurrence[]): void {
  for (const s of sky.sankrantis) {
    if (s.rashi !== rule.rashi) continue;
    const date = sankrantiDay(sky, s, rule.reckoning);
    const day = sky.days.findIndex((d) => d.date === date);
    if (day !== -1) out.push({ observance: o, day, rule: RECKONING_WORDS[rule.reckoning] });
  }
}

function evalNakshatra(sky: Sky, o: Observance, rule: Extract<Rule, { kind: 'nakshatra' }>, out: Occurrence[]): void {
  let inMonth = false;
  const inSolarMonth = (i: number) => sky.sunSignAt(sky.days[i]!.sunrise) === rule.sunIn;
  const nakAtSunrise = (i: number) => Math.floor(norm360(sky.sunriseSky(i).moon.lon) / NAKSHATRA_SPAN) + 1;
  // In the evening: at sunset, or (a nakshatra that begins after sunset) by the middle of the night.
  const nakAt = (jd: number) => Math.floor(norm360(sunMoon(jd).moon.lon) / NAKSHATRA_SPAN) + 1;
  const inEvening = (i: number) => {
    const d = sky.days[i]!;
    return nakAt(d.sunset) === rule.nakshatra || nakAt((d.sunset + d.nextSunrise) / 2) === rule.nakshatra;
  };
  const candidates: number[][] = [];
  for (let i = 0; i < sky.days.length; i++) {
    if (!inSolarMonth(i)) {
      inMonth = false;
      continue;
    }
    if (!inMonth) candidates.push([]);
    inMonth = true;
    if (rule.atSunset ? !inEvening(i) : nakAtSunrise(i) !== rule.nakshatra) continue;
    if (rule.fromDay !== undefined) {
      // Day of the solar month: the first sunrise after the sankranti is day 1.
      let first = i;
      while (first > 0 && inSolarMonth(first - 1)) first--;
      const start = [...sky.sankrantis].reverse().find((s) => s.rashi === rule.sunIn && s.jd <= sky.days[i]!.sunrise);
      const dayOfMonth = first > 0 || !start ? i - first + 1 : Math.round(sky.days[i]!.sunrise - start.jd + 0.5);
      if (dayOfMonth < rule.fromDay) continue;
    }
    candidates[candidates.length - 1]!.push(i);
  }
  for (const c of candidates) {
    // Consecutive sunrises in the same nakshatra are one occurrence: its first day.
    const firsts = c.filter((i, k) => k === 0 || c[k - 1] !== i - 1);
    if (firsts.length === 0) continue;
    let day = firsts[0]!;
    if (rule.nearPurnima) {
      // The full moon that falls within the solar month (the month's Purnima); with none, the
      // tithi at sunrise nearest Purnima.
      const fullMoon = sky.tithis.find((t) => t.n === 15 && sky.sunSignAt(t.end) === rule.sunIn && Math.abs(t.end - sky.days[firsts[0]!]!.sunrise) < 32);
      const dist = fullMoon ? (i: number) => Math.abs(sky.days[i]!.sunrise - fullMoon.end) : (i: number) => Math.abs(sky.tithiAt(sky.days[i]!.sunrise).n - 15);
      day = firsts.reduce((a, b) => (dist(b) < dist(a) ? b : a));
    }
    out.push({
      observance: o,
      day,
      rule: rule.nearPurnima
        ? "the nakshatra at sunrise in the solar month, the occurrence nearest the month's full moon"
        : rule.atSunset
          ? 'the nakshatra in the evening (at sunset or by midnight) in the solar month'
          : rule.fromDay
            ? `the first sunrise from day ${rule.fromDay} of the solar month with the nakshatra in force`
            : 'the first sunrise in the solar month with the nakshatra in force',
    });
  }
}

/** A day counted from another observance's day: by days, to a weekday before it, or back to a nakshatra. */
function placeRelative(
  sky: Sky,
  rule: Exclude<Rule, { kind: 'tithi' | 'sankranti' | 'nakshatra' }>,
  from: number,
  baseName: string,
): { day: number; rule: string } | undefined {
  if (rule.kind === 'relative') {
    const n = Math.abs(rule.days);
    return { day: from + rule.days, rule: `${n} day${n === 1 ? '' : 's'} ${rule.days < 0 ? 'before' : 'after'} ${baseName}` };
  }
  if (rule.kind === 'weekday-before') {
    for (let k = 1; k <= 7; k++) {
      const d = sky.days[from - k];
      if (!d) return undefined;
      if (d.weekday === rule.weekday) {
        const extra = rule.days ?? 0;
        const words = `the ${WEEKDAYS[rule.weekday]} before ${baseName}`;
        return { day: from - k + extra, rule: extra ? `${extra} day${extra === 1 ? '' : 's'} after ${words}` : words };
      }
    }
    return undefined;
  }
  // Back from the base day to the nearest sunrise with the nakshatra, then to the first of its run
  // (a nakshatra at two sunrises: its first day). Within a fortnight; a nakshatra at no sunrise
  // (kshaya) has no day.
  const nakAtSunrise = (i: number) => Math.floor(norm360(sky.sunriseSky(i).moon.lon) / NAKSHATRA_SPAN) + 1;
  for (let i = from - 1; i >= Math.max(0, from - 15); i--) {
    if (nakAtSunrise(i) !== rule.nakshatra) continue;
    while (i > 0 && nakAtSunrise(i - 1) === rule.nakshatra) i--;
    return { day: i, rule: `the nakshatra at sunrise, the last occurrence before ${baseName} (its first day)` };
  }
  return undefined;
}

/** Every observance (all schools) placed within the sky's days, sorted by day. */
export function placeAll(sky: Sky, only?: (o: Observance) => boolean): Occurrence[] {
  const out: Occurrence[] = [];
  const relative: Observance[] = [];
  for (const o of OBSERVANCES) {
    if (only && !only(o)) continue;
    const rules: { school?: School; rule: Rule }[] = [{ school: o.variants ? o.school : undefined, rule: o.rule }, ...(o.variants ?? [])];
    for (const { school, rule } of rules) {
      if (rule.kind === 'tithi') evalTithi(sky, o, rule, school, out);
      else if (rule.kind === 'sankranti') evalSankranti(sky, o, rule, out);
      else if (rule.kind === 'nakshatra') evalNakshatra(sky, o, rule, out);
      else relative.push(o);
    }
  }
  for (const o of relative) {
    const rule = o.rule as Exclude<Rule, { kind: 'tithi' | 'sankranti' | 'nakshatra' }>;
    const base = OBSERVANCE_BY_ID.get(rule.of)!;
    const hits = out.filter((x) => x.observance === base);
    if (hits.length === 0 && only && !only(base)) {
      // The base row was filtered out; place it just to find the relative day.
      const tmp = placeAll(sky, (x) => x === base);
      hits.push(...tmp);
    }
    // A base kept by two schools on the same day (Janmashtami) gives the row one day, not two.
    const days = new Set<number>();
    for (const h of hits) {
      // A row counted from a base kept in adhika months too (Shravana Purnima) follows its own
      // adhika setting: Varalakshmi Vratam is not kept before the adhika month's Purnima.
      if (h.month?.adhika && (o.adhika ?? 'skip') === 'skip') continue;
      const placed = placeRelative(sky, rule, h.day, base.en);
      if (!placed || placed.day < 0 || placed.day >= sky.days.length || days.has(placed.day)) continue;
      days.add(placed.day);
      out.push({ observance: o, day: placed.day, rule: placed.rule, month: h.month });
    }
  }
  out.sort((a, b) => a.day - b.day || OBSERVANCES.indexOf(a.observance) - OBSERVANCES.indexOf(b.observance));
  return out;
}
