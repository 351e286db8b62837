// The muhurtas of one Hindu day (sunrise to next sunrise), from times the panchang has already
// solved: the previous sunset, sunrise, sunset, next sunrise and the nakshatras' start and end.
// No ephemeris call here. Definitions and their sources: docs/decisions/panchang-muhurtas.md.
// - A muhurta is 1/15 of the day (sunrise..sunset) or of the night (sunset..next sunrise).
// - Brahma muhurta: the 14th muhurta of the night that ends at sunrise (sunrise − 2 to − 1 night
//   muhurtas); Pratah Sandhya: from the middle of Brahma muhurta to sunrise. Abhijit: the 8th day
//   muhurta; Vijaya: the 11th. Godhuli: sunset to half a night muhurta after; Sayahna Sandhya: sunset
//   to 1.5 night muhurtas after; Nishita: the 8th night muhurta (midnight of the night ± half).
// - Dur muhurtam: by weekday, the day or night muhurtas of DUR_MUHURTAS.
// - Varjyam and Amrit kalam: 4 ghatis (1/15 of the nakshatra) starting the tabled number of ghatis
//   after the nakshatra began, both scaled to the nakshatra's real length (60 ghatis).
// - Choghadiya: day and night each in 8 equal parts; the day starts with the weekday lord's and
//   runs in hora order, the night starts with the lord of the fifth weekday and steps back two.
// - Horas: day and night each in 12 equal parts, the first ruled by the weekday lord, then in
//   hora order (Sun, Venus, Mercury, Moon, Saturn, Jupiter, Mars: the Chaldean order).

import { NAKSHATRAS, type Graha } from './names.js';
import { isoMinuteFormatter } from './time.js';

/** Lords in hora order; the weekday lords are every third one from the Sun. */
const HORA_ORDER = ['Su', 'Ve', 'Me', 'Mo', 'Sa', 'Ju', 'Ma'] as const satisfies readonly Graha[];
/** Position in HORA_ORDER of the lord of Sunday..Saturday. */
const WEEKDAY_LORD = [0, 3, 6, 2, 5, 1, 4];

export const CHOGHADIYAS = { Su: 'Udveg', Mo: 'Amrit', Ma: 'Rog', Me: 'Labh', Ju: 'Shubh', Ve: 'Char', Sa: 'Kaal' } as const;
export const CHOGHADIYA_QUALITY = { Amrit: 'good', Shubh: 'good', Labh: 'good', Char: 'neutral', Udveg: 'bad', Kaal: 'bad', Rog: 'bad' } as const;

/** Dur muhurtam by weekday (Sunday first): which 1-based muhurta of the day (d) or of the night (n). */
const DUR = ['d14', 'd9 d12', 'd4 n7', 'd8', 'd6 d12', 'd4 d9', 'd1 d2'];
export const DUR_MUHURTAS: readonly (readonly [part: 'day' | 'night', muhurta: number])[][] = DUR.map((w) =>
  w.split(' ').map((m) => [m[0] === 'd' ? 'day' : 'night', Number(m.slice(1))] as const),
);

/**
 * Ghatis (of the nakshatra's 60) after its start at which Varjyam (tyajya) and Amrit kalam begin,
 * Ashwini first. Mula has two Varjyams, at 20 and 56 ghatis (as drikpanchang and the Telugu
 * tables give; the sanskrit-coders/jyotisha table has 56 only): see the decision record.
 */
const TYAJYA = [50, 24, 30, 40, 14, 21, 30, 20, 32, 30, 20, 18, 21, 20, 14, 14, 10, 14, 56, 24, 20, 10, 10, 18, 16, 24, 30];
const AMRIT = [42, 48, 54, 52, 38, 35, 54, 44, 56, 54, 44, 42, 45, 44, 38, 38, 34, 38, 44, 48, 44, 34, 34, 42, 40, 48, 54];
const MULA = 18;
export const VARJYAM_GHATIS: readonly (readonly number[])[] = TYAJYA.map((g, i) => (i === MULA ? [20, g] : [g]));
export const AMRIT_GHATIS: readonly (readonly number[])[] = AMRIT.map((g) => [g]);
const WINDOW_GHATIS = 4;

export interface DayTimes {
  /** Sunset before `sunrise` (ends the night Brahma muhurta belongs to). */
  prevSunset: number;
  sunrise: number;
  sunset: number;
  nextSunrise: number;
  /** 0 = Sunday. */
  weekday: number;
  offsetMin: number;
}

/** A nakshatra that overlaps the day, with its start and end (JD UT). */
export interface NakshatraSpan {
  number: number;
  start: number;
  end: number;
}

export function dayMuhurtas(t: DayTimes, nakshatras: readonly NakshatraSpan[]) {
  // Rounded to the minute, as the panchang's other times; ISO 8601 with the place's offset.
  const at = isoMinuteFormatter(t.offsetMin);
  const span = (start: number, end: number) => ({ start: at(start), end: at(end) });
  const day = (t.sunset - t.sunrise) / 15;
  const night = (t.nextSunrise - t.sunset) / 15;
  const lastNight = (t.sunrise - t.prevSunset) / 15;
  const dayM = (n: number) => span(t.sunrise + (n - 1) * day, t.sunrise + n * day);
  const nightM = (n: number) => span(t.sunset + (n - 1) * night, t.sunset + n * night);

  // A window belongs to the day it begins in (as drikpanchang lists them): one that began before
  // sunrise was the previous day's, even if it runs past sunrise.
  const windows = (table: readonly (readonly number[])[]) => {
    const out: { start: string; end: string; nakshatra: { number: number; name: string } }[] = [];
    for (const n of nakshatras) {
      const ghati = (n.end - n.start) / 60;
      for (const g of table[n.number - 1]!) {
        const start = n.start + g * ghati;
        if (start >= t.sunrise && start < t.nextSunrise)
          out.push({ ...span(start, start + WINDOW_GHATIS * ghati), nakshatra: { number: n.number, name: NAKSHATRAS[n.number - 1]! } });
      }
    }
    return out;
  };

  const lord = WEEKDAY_LORD[t.weekday]!;
  // Equal parts that meet end to start: each boundary formatted once.
  const parts = <T>(from: number, to: number, n: number, make: (k: number, s: { start: string; end: string }) => T) => {
    const len = (to - from) / n;
    const bounds = Array.from({ length: n + 1 }, (_, k) => at(from + k * len));
    return Array.from({ length: n }, (_, k) => make(k, { start: bounds[k]!, end: bounds[k + 1]! }));
  };
  const choghadiya = (first: number, step: number) => (k: number, s: { start: string; end: string }) => {
    const g = HORA_ORDER[(((first + step * k) % 7) + 7) % 7]!;
    const name = CHOGHADIYAS[g];
    return { name, quality: CHOGHADIYA_QUALITY[name], lord: g, ...s };
  };
  const hora = (offset: number, part: 'day' | 'night') => (k: number, s: { start: string; end: string }) => ({
    number: offset + k + 1,
    lord: HORA_ORDER[(lord + offset + k) % 7]!,
    part,
    ...s,
  });

  return {
    muhurtas: {
      brahma: span(t.sunrise - 2 * lastNight, t.sunrise - lastNight),
      pratah_sandhya: span(t.sunrise - 1.5 * lastNight, t.sunrise),
      abhijit: dayM(8),
      vijaya: dayM(11),
      godhuli: span(t.sunset, t.sunset + night / 2),
      sayahna_sandhya: span(t.sunset, t.sunset + 1.5 * night),
      nishita: nightM(8),
      dur_muhurtam: DUR_MUHURTAS[t.weekday]!.map(([part, n]) => ({ part, muhurta: n, ...(part === 'day' ? dayM(n) : nightM(n)) })),
      varjyam: windows(VARJYAM_GHATIS),
      amrit_kalam: windows(AMRIT_GHATIS),
    },
    choghadiya: {
      day: parts(t.sunrise, t.sunset, 8, choghadiya(lord, 1)),
      // The night begins with the lord of the fifth weekday from this one (four on in weekday order).
      night: parts(t.sunset, t.nextSunrise, 8, choghadiya(WEEKDAY_LORD[(t.weekday + 4) % 7]!, -2)),
    },
    horas: [...parts(t.sunrise, t.sunset, 12, hora(0, 'day')), ...parts(t.sunset, t.nextSunrise, 12, hora(12, 'night'))],
  };
}
