// The time-born parts of Shadbala (BPHS 27; B. V. Raman, *Graha and Bhava Balas* ch. V):
// nathonnatha, tribhaga, the lords of year, month, day and hour, and ayana bala. Pure arithmetic on
// the day frame (sunrise, sunset, next sunrise) and the positions; no ephemeris call.

import type { DayFrame } from './day.js';
import type { Seven } from './facts.js';
import { norm360 } from './names.js';

/** Weekday lords, Sunday first. */
const WEEKDAY_LORD: readonly Seven[] = ['Su', 'Mo', 'Ma', 'Me', 'Ju', 'Ve', 'Sa'];
/** The horas' lords in turn: each hour's lord is the next in this order (the Chaldean order, slowest to fastest, taken from the Sun). */
const HORA_ORDER: readonly Seven[] = ['Su', 'Ve', 'Me', 'Mo', 'Sa', 'Ju', 'Ma'];
/**
 * Julian day number of the Kali epoch's eve (Thursday 17 February 3102 BCE): the ahargana counts
 * the birth day as day (J - this), so that the first day of Kali, a Friday, is day 1. With this
 * count the lords of year and month of Raman's and V. P. Jain's worked charts both come out as the
 * books print them (docs/decisions/astro-yogas-strengths.md).
 */
const KALI_EVE_JDN = 588465;

/** Diurnal grahas gain by day, nocturnal by night; Mercury is always strong (BPHS 27.11). */
const DIURNAL: readonly Seven[] = ['Su', 'Ju', 'Ve'];
const NOCTURNAL: readonly Seven[] = ['Mo', 'Ma', 'Sa'];

export interface TimeLords {
  abda: Seven;
  masa: Seven;
  vara: Seven;
  hora: Seven;
}

/** Local civil date's Julian day number of the Hindu day (from its sunrise). */
const hinduDayJdn = (frame: DayFrame, offsetMin: number) => Math.floor(frame.sunrise + offsetMin / 1440 + 0.5);
const weekdayOfJdn = (jdn: number) => (((jdn + 1) % 7) + 7) % 7;

/**
 * Lords of the year and month: the weekday lords of the first day of the 360-day year and the
 * 30-day month of the ahargana in which the birth day falls; the day's lord is that of the Hindu
 * weekday (from sunrise); the hour's, of the sixty-minute hora from sunrise.
 */
export function timeLords(jdUt: number, frame: DayFrame, offsetMin: number): TimeLords {
  const jdn = hinduDayJdn(frame, offsetMin);
  const ahargana = jdn - KALI_EVE_JDN;
  const abda = WEEKDAY_LORD[weekdayOfJdn(jdn - (ahargana % 360))]!;
  const masa = WEEKDAY_LORD[weekdayOfJdn(jdn - (ahargana % 30))]!;
  const vara = WEEKDAY_LORD[frame.weekday]!;
  const hours = Math.floor((jdUt - frame.sunrise) * 24);
  const hora = HORA_ORDER[(HORA_ORDER.indexOf(vara) + hours) % 7]!;
  return { abda, masa, vara, hora };
}

/**
 * Nathonnatha (diva-ratri) bala: by the distance of the birth from midnight, 60 at noon for the
 * diurnal grahas and 60 at midnight for the nocturnal. Noon and midnight are the middles of the day
 * and of the night (apparent time, from sunrise and sunset).
 */
export function nathonnatha(g: Seven, jdUt: number, frame: DayFrame): number {
  if (g === 'Me') return 60;
  const fromMidnight = frame.isDay ? 0.5 - Math.abs(jdUt - (frame.sunrise + frame.sunset) / 2) : Math.abs(jdUt - (frame.sunset + frame.nextSunrise) / 2);
  const byDay = Math.min(60, Math.max(0, 120 * fromMidnight));
  if (DIURNAL.includes(g)) return byDay;
  if (NOCTURNAL.includes(g)) return 60 - byDay;
  return 0;
}

/** Tribhaga bala: the lord of the third of the day or night (Mercury, Sun, Saturn; Moon, Venus, Mars) 60; Jupiter always 60. */
export function tribhagaLord(jdUt: number, frame: DayFrame): Seven {
  if (frame.isDay) return (['Me', 'Su', 'Sa'] as const)[Math.min(2, Math.floor((3 * (jdUt - frame.sunrise)) / (frame.sunset - frame.sunrise)))]!;
  return (['Mo', 'Ve', 'Ma'] as const)[Math.min(2, Math.floor((3 * (jdUt - frame.sunset)) / (frame.nextSunrise - frame.sunset)))]!;
}

/**
 * Ayana bala (BPHS 27.19-20): (24° ± kranti) x 60/48. The kranti (declination) is that of the
 * graha's tropical longitude on the ecliptic with the classical greatest declination of 24°
 * (Surya Siddhanta 2.28), as Raman's tables of kranti give it; the modern obliquity (23.44°) or the
 * graha's own latitude put Raman's worked figures off by up to 6 virupas (the Moon's).
 * North adds for the Sun, Mars, Jupiter, Venus; south adds for the Moon and Saturn; Mercury's
 * adds either way. The Sun's is doubled (Raman).
 */
export function ayanaBala(g: Seven, siderealLon: number, ayanamsaDeg: number): number {
  const rad = Math.PI / 180;
  const kranti = Math.asin(Math.sin(24 * rad) * Math.sin(norm360(siderealLon + ayanamsaDeg) * rad)) / rad;
  const signed = g === 'Me' ? Math.abs(kranti) : g === 'Mo' || g === 'Sa' ? -kranti : kranti;
  const bala = ((24 + signed) * 60) / 48;
  return g === 'Su' ? 2 * bala : bala;
}
