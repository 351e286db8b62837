// The Hindu day around a moment: from the sunrise before it to the next sunrise, split at sunset.
// Vara (weekday), Gulika and Mandi, and the daily muhurtas all hang on these four times.

import { riseSet } from './ephemeris.js';

export interface DayFrame {
  /** Sunrise that began the Hindu day containing the moment. */
  sunrise: number;
  sunset: number;
  nextSunrise: number;
  /** True when the moment falls between sunrise and sunset. */
  isDay: boolean;
  /** Weekday of that sunrise, 0 = Sunday, in the given offset. */
  weekday: number;
  /** False when the Sun does not rise or set there that day (polar); times then follow 06:00 / 18:00 local mean time. */
  observed: boolean;
}

const weekdayOf = (jdUt: number, offsetMin: number) => {
  // JD 0 began on a Monday at noon; shift to local civil days.
  const local = jdUt + offsetMin / 1440 + 0.5;
  return (((Math.floor(local) + 1) % 7) + 7) % 7;
};

/** Sunrise/sunset frame of the Hindu day containing jdUt at a place. */
export function dayFrame(jdUt: number, lat: number, lon: number, offsetMin: number): DayFrame {
  let sunrise = riseSet(jdUt - 1, 'sun', 'rise', lat, lon);
  if (sunrise !== undefined && sunrise > jdUt) sunrise = riseSet(jdUt - 2, 'sun', 'rise', lat, lon);
  const sunset = sunrise !== undefined ? riseSet(sunrise, 'sun', 'set', lat, lon) : undefined;
  const nextSunrise = sunset !== undefined ? riseSet(sunset, 'sun', 'rise', lat, lon) : undefined;
  if (sunrise !== undefined && sunset !== undefined && nextSunrise !== undefined && sunrise <= jdUt && jdUt < nextSunrise) {
    return { sunrise, sunset, nextSunrise, isDay: jdUt < sunset, weekday: weekdayOf(sunrise, offsetMin), observed: true };
  }
  // No rise or set (polar day/night): use local mean 06:00 and 18:00, as the texts do for such places.
  const lmt = lon * 4; // minutes east of Greenwich
  const localMidnight = Math.floor(jdUt + lmt / 1440 + 0.5) - 0.5 - lmt / 1440;
  let rise = localMidnight + 0.25;
  if (rise > jdUt) rise -= 1;
  return { sunrise: rise, sunset: rise + 0.5, nextSunrise: rise + 1, isDay: jdUt < rise + 0.5, weekday: weekdayOf(rise, offsetMin), observed: false };
}
