// The sky over a run of civil days at one place, computed once and shared by every rule: each day's
// sunrise, sunset and next sunrise; the tithis as intervals (their ends root-found, about 30 a
// month, instead of sampling); the new moons (ends of Amavasya) and the lunar months between them,
// named by the Sun's sidereal sign at the new moon that opens the month (the month in which the Sun
// enters Mesha is Chaitra); a month in which the Sun enters no sign is adhika (it takes the
// following month's name); and the sankrantis (Sun entering each sidereal sign). Only the rise and
// set searches are the place's own: the tithis, new moons and sankrantis come from the tables
// every place shares (lunar-tables.ts).

import { sunlessDayError } from '../calc/no-sunrise.js';
import { julday, riseSet, setAyanamsa, sunMoon, type Ayanamsa, type BodyPosition } from '../calc/ephemeris.js';
import { limbEndAt, limbEnds, newMoonsAround, sankrantisBetween } from './lunar-tables.js';
import { IANAZone } from 'luxon';

export interface CalDay {
  /** YYYY-MM-DD, civil. */
  date: string;
  weekday: number;
  offsetMin: number;
  /** JD UT of the local civil midnight that opens the date. */
  midnight: number;
  sunrise: number;
  sunset: number;
  nextSunrise: number;
}

export interface TithiSeg {
  /** 1..30, Shukla Pratipada = 1, Purnima = 15, Amavasya = 30. */
  n: number;
  start: number;
  end: number;
}

export interface LunarMonthSpan {
  /** The new moon opening it and the one closing it (JD UT). */
  start: number;
  end: number;
  /** 1..12 amanta, Chaitra = 1. */
  month: number;
  adhika: boolean;
}

export interface Sankranti {
  jd: number;
  /** The sign entered, 1 = Mesha. */
  rashi: number;
}

export interface Place {
  lat: number;
  lon: number;
  /** The IANA zone, or undefined when a fixed offset was given. */
  zone?: string;
  fixedOffsetMin?: number;
  ayanamsa: Ayanamsa;
}

/** Margin of lunar months kept around the days, so every day's month and its neighbours are known. */
const MONTH_MARGIN_DAYS = 32;

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export class Sky {
  readonly days: CalDay[] = [];
  readonly tithis: TithiSeg[] = [];
  readonly months: LunarMonthSpan[] = [];
  readonly sankrantis: Sankranti[] = [];
  /** The tithis that begin within each month of `months`, same order. */
  readonly monthTithis: TithiSeg[][] = [];
  private readonly moonrises = new Map<number, number | null>();
  private readonly atSunrise = new Map<number, { sun: BodyPosition; moon: BodyPosition }>();

  /** Days `from`..`to` (YYYY-MM-DD, inclusive). */
  constructor(
    readonly place: Place,
    from: string,
    to: string,
  ) {
    setAyanamsa(place.ayanamsa);
    // The zone's offset at local noon of each day (transitions fall at night); IANAZone.offset is
    // several times cheaper than building a DateTime per day.
    const zone = place.zone ? IANAZone.create(place.zone) : undefined;
    let offsetMin = place.fixedOffsetMin ?? 0;
    const t0 = Date.parse(`${from}T00:00:00Z`);
    const t1 = Date.parse(`${to}T00:00:00Z`);
    for (let t = t0; t <= t1 + 86_400_000; t += 86_400_000) {
      const d = new Date(t);
      const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
      if (zone) offsetMin = zone.offset(t + 43_200_000 - offsetMin * 60_000);
      const midnight = julday(y, m, day, 0) - offsetMin / 1440;
      const sunrise = riseSet(midnight, 'sun', 'rise', place.lat, place.lon);
      const sunset = sunrise !== undefined ? riseSet(sunrise, 'sun', 'set', place.lat, place.lon) : undefined;
      if (sunrise === undefined || sunset === undefined || sunrise >= midnight + 1) {
        throw sunlessDayError({ year: y, month: m, day, lat: place.lat, lon: place.lon, offsetMin, zone: place.zone }, 'calendar');
      }
      this.days.push({ date: isoDate(t), weekday: d.getUTCDay(), offsetMin, midnight, sunrise, sunset, nextSunrise: Number.NaN });
    }
    for (let i = 0; i + 1 < this.days.length; i++) this.days[i]!.nextSunrise = this.days[i + 1]!.sunrise;
    // The extra day only gave the last day's next sunrise.
    this.days.pop();

    // Tithis only around the days asked about; new moons (to name the months) found directly a
    // month before and two after, so a Krishna paksha knows the month that follows it.
    this.walkTithis(this.days[0]!.sunrise - 2, this.days[this.days.length - 1]!.nextSunrise + 2);
    const first = this.days[0]!.sunrise - MONTH_MARGIN_DAYS;
    const last = this.days[this.days.length - 1]!.nextSunrise + 2 * MONTH_MARGIN_DAYS;
    this.buildMonths(first, last);
    this.findSankrantis(first, last);
  }

  /** The tithis in force from `from` to `to`, from the shared table (lunar-tables.ts). */
  private walkTithis(from: number, to: number): void {
    // The first interval's true start lies before any day asked about and is never read.
    let start = from - 1;
    for (const { n, end } of limbEnds('tithi', this.place.ayanamsa, from, to)) {
      this.tithis.push({ n, start, end });
      start = end;
    }
  }

  private buildMonths(from: number, to: number): void {
    const newMoons = newMoonsAround(this.place.ayanamsa, from, to);
    let prevSign = newMoons.length ? newMoons[0]!.sign : 0;
    for (let i = 0; i + 1 < newMoons.length; i++) {
      const nextSign = newMoons[i + 1]!.sign;
      this.months.push({ start: newMoons[i]!.jd, end: newMoons[i + 1]!.jd, month: ((prevSign + 1) % 12) + 1, adhika: prevSign === nextSign });
      prevSign = nextSign;
    }
    let k = 0;
    for (const m of this.months) {
      const segs: TithiSeg[] = [];
      while (k < this.tithis.length && this.tithis[k]!.start < m.start - 1e-6) k++;
      while (k < this.tithis.length && this.tithis[k]!.start < m.end - 1e-6) segs.push(this.tithis[k++]!);
      this.monthTithis.push(segs);
    }
  }

  private findSankrantis(from: number, to: number): void {
    this.sankrantis.push(...sankrantisBetween(this.place.ayanamsa, from, to));
  }

  /** Index of the day whose sunrise..next sunrise contains jd, or -1. */
  dayOf(jd: number): number {
    let lo = 0;
    let hi = this.days.length - 1;
    if (jd < this.days[0]!.sunrise || jd >= this.days[hi]!.nextSunrise) return -1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.days[mid]!.sunrise <= jd) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Index of the civil day (midnight to midnight) containing jd, or -1. */
  civilDayOf(jd: number): number {
    for (let i = 0; i < this.days.length; i++) {
      const d = this.days[i]!;
      if (jd >= d.midnight && jd < d.midnight + 1) return i;
    }
    return -1;
  }

  tithiAt(jd: number): TithiSeg {
    let lo = 0;
    let hi = this.tithis.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.tithis[mid]!.start <= jd) lo = mid;
      else hi = mid - 1;
    }
    return this.tithis[lo]!;
  }

  /** The Sun's sidereal sign (1 = Mesha) at a moment, from the sankrantis found. */
  sunSignAt(jd: number): number {
    let sign = 0;
    for (const s of this.sankrantis) {
      if (s.jd > jd) break;
      sign = s.rashi;
    }
    if (sign === 0) sign = this.sankrantis.length ? ((this.sankrantis[0]!.rashi + 10) % 12) + 1 : 1;
    return sign;
  }

  monthAt(jd: number): LunarMonthSpan | undefined {
    return this.months.find((m) => m.start <= jd && jd < m.end);
  }

  /** The month after a given one (undefined past the computed range). */
  nextMonth(m: LunarMonthSpan): LunarMonthSpan | undefined {
    return this.months[this.months.indexOf(m) + 1];
  }

  /** Moonrise within day i's sunrise..next sunrise, or null when the Moon does not rise in it. */
  moonrise(i: number): number | null {
    let r = this.moonrises.get(i);
    if (r === undefined) {
      const d = this.days[i]!;
      const jd = riseSet(d.sunrise, 'moon', 'rise', this.place.lat, this.place.lon);
      r = jd !== undefined && jd < d.nextSunrise ? jd : null;
      this.moonrises.set(i, r);
    }
    return r;
  }

  /** Sidereal Sun and Moon at day i's sunrise. */
  sunriseSky(i: number): { sun: BodyPosition; moon: BodyPosition } {
    let r = this.atSunrise.get(i);
    if (!r) {
      setAyanamsa(this.place.ayanamsa);
      r = sunMoon(this.days[i]!.sunrise);
      this.atSunrise.set(i, r);
    }
    return r;
  }

  /** When the Moon next enters a sign after jd. */
  moonSignChange(jd: number): number {
    return limbEndAt('moon_sign', this.place.ayanamsa, jd);
  }
}
