// The panchang of one civil date at one place: the limbs in force at sunrise with their end times
// (and the ones that follow before the next sunrise), rise and set of Sun and Moon, and the day's
// periods. Day parts: sunrise..sunset in 8 equal parts; Rahu kalam is part 8,2,7,5,6,4,3 for
// Sunday..Saturday, Yamaganda 5,4,3,2,1,7,6 and Gulika kalam 7,6,5,4,3,2,1; Abhijit muhurta is the
// 8th of the day's 15 muhurtas, local midday ± daytime/30.

import { julday, riseSet, setAyanamsa, sunMoon, type Ayanamsa, type BodyPosition } from './ephemeris.js';
import { limbAt, limbEnd, limbStart, type Limb } from './panchanga.js';
import { dayMuhurtas, type NakshatraSpan } from './muhurtas.js';
import { VARAS, WEEKDAYS } from './names.js';
import { sunlessDayError, type SunlessDay } from './no-sunrise.js';
import { jdToLocal, jdToLocalHm } from './time.js';

const RAHU = [8, 2, 7, 5, 6, 4, 3];
const YAMAGANDA = [5, 4, 3, 2, 1, 7, 6];
const GULIKA = [7, 6, 5, 4, 3, 2, 1];

/** The civil date, the place and the offset (and the zone it came from, named when the offset leaves the day without a sunrise). */
export interface DailyRequest extends SunlessDay {
  ayanamsa: Ayanamsa;
  /** False leaves out muhurtas, choghadiya and horas (muhurtas=0: the answer as it was before them). */
  muhurtas?: boolean;
}

/** Each limb's number and end (JD UT), and the Sun and Moon where the first was read. */
type LimbTimes = { ends: { number: number; end: number }[]; from?: { sun: BodyPosition; moon: BodyPosition } };

const minute = (jd: number, off: number) => jdToLocal(jd + 30 / 86400, off).slice(0, 16);

/** The limbs from `from` until `until`; `times`, when given, also gets their times. */
function limbSpan(limb: Limb, from: number, until: number, off: number, times?: LimbTimes) {
  const out: Record<string, unknown>[] = [];
  let t = from;
  // At most three of a limb can begin within one day (karanas); a guard keeps the loop finite.
  for (let i = 0; i < 4 && t < until; i++) {
    const { sun, moon } = sunMoon(t);
    const { left: _left, ...now } = limbAt(limb, sun, moon);
    const end = limbEnd(limb, t);
    out.push({ ...now, ends: minute(end, off) });
    times?.ends.push({ number: now.number, end });
    if (times && i === 0) times.from = { sun, moon };
    t = end + 1 / 1440;
  }
  const [first, ...rest] = out;
  return rest.length ? { ...first, then: rest } : first;
}

export function dailyPanchang(r: DailyRequest) {
  setAyanamsa(r.ayanamsa);
  const off = r.offsetMin;
  const midnight = julday(r.year, r.month, r.day, 0) - off / 1440;
  const sunrise = riseSet(midnight, 'sun', 'rise', r.lat, r.lon);
  const sunset = sunrise !== undefined ? riseSet(sunrise, 'sun', 'set', r.lat, r.lon) : undefined;
  const nextSunrise = sunset !== undefined ? riseSet(sunset, 'sun', 'rise', r.lat, r.lon) : undefined;
  if (sunrise === undefined || sunset === undefined || nextSunrise === undefined || sunrise >= midnight + 1) {
    throw sunlessDayError(r, 'panchang');
  }
  const moonrise = riseSet(midnight, 'moon', 'rise', r.lat, r.lon);
  const moonset = riseSet(midnight, 'moon', 'set', r.lat, r.lon);
  const inDay = (jd: number | undefined) => (jd !== undefined && jd < midnight + 1 ? jdToLocalHm(jd, off) : null);

  const weekday = new Date(Date.UTC(r.year, r.month - 1, r.day)).getUTCDay();
  const part = (sunset - sunrise) / 8;
  const period = (n: number) => [jdToLocalHm(sunrise + (n - 1) * part, off), jdToLocalHm(sunrise + n * part, off)];
  const midday = (sunrise + sunset) / 2;
  const muhurta = (sunset - sunrise) / 30;
  const naks: LimbTimes = { ends: [] };

  const base = {
    weekday: WEEKDAYS[weekday],
    vara: VARAS[weekday],
    sunrise: jdToLocalHm(sunrise, off),
    sunset: jdToLocalHm(sunset, off),
    next_sunrise: minute(nextSunrise, off),
    moonrise: inDay(moonrise),
    moonset: inDay(moonset),
    tithi: limbSpan('tithi', sunrise, nextSunrise, off),
    nakshatra: limbSpan('nakshatra', sunrise, nextSunrise, off, naks),
    yoga: limbSpan('yoga', sunrise, nextSunrise, off),
    karana: limbSpan('karana', sunrise, nextSunrise, off),
    rahu_kalam: period(RAHU[weekday]!),
    yamaganda: period(YAMAGANDA[weekday]!),
    gulika_kalam: period(GULIKA[weekday]!),
    abhijit: [jdToLocalHm(midday - muhurta, off), jdToLocalHm(midday + muhurta, off)],
  };
  if (r.muhurtas === false) return base;
  // Beyond the times above, only the night before (for Brahma muhurta) and the start of the
  // nakshatra in force at sunrise need the ephemeris; every later nakshatra starts where one ended.
  // Where the Sun did not set in the day before (near polar day), this night stands in for it.
  const lastSet = riseSet(sunrise - 1, 'sun', 'set', r.lat, r.lon);
  const prevSunset = lastSet !== undefined && lastSet < sunrise ? lastSet : sunrise - (nextSunrise - sunset);
  const spans: NakshatraSpan[] = naks.ends.map((n, i) => ({
    number: n.number,
    start: i === 0 ? limbStart('nakshatra', sunrise, naks.from) : naks.ends[i - 1]!.end,
    end: n.end,
  }));
  return { ...base, ...dayMuhurtas({ prevSunset, sunrise, sunset, nextSunrise, weekday, offsetMin: off }, spans) };
}
