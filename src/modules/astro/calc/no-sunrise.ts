// Why a civil day at a place has no sunrise and sunset to count a panchang from, in words that
// name the parameter to change. Two causes look alike to the rise and set search:
//  - the latitude: the Sun stays up or stays down (polar day or night);
//  - the offset: a clock set far from the place's own solar time (tz=+14:00 at longitude -10 is
//    14 h 40 min ahead of it) puts local midnight near the place's sunrise, and at a high
//    latitude in winter, where sunrise comes late and moves from day to day, one civil date can
//    begin just after one sunrise and end just before the next.
// The same date at the place's mean solar time (4 minutes per degree of longitude) tells them
// apart: when it has its sunrise and sunset, the offset is the cause.

import { invalidParam, type ApiError } from '../../../core/errors.js';
import { julday, riseSet } from './ephemeris.js';
import { formatOffset } from './time.js';

export interface SunlessDay {
  year: number;
  month: number;
  day: number;
  lat: number;
  lon: number;
  /** The offset the day was counted in, minutes east of UTC. */
  offsetMin: number;
  /** The IANA zone the offset came from; absent when tz gave it. */
  zone?: string;
}

/** Whether the civil date at offset `offsetMin` holds a sunrise, and a sunset after it. */
export function hasSunDay(d: Omit<SunlessDay, 'zone'>): boolean {
  const midnight = julday(d.year, d.month, d.day, 0) - d.offsetMin / 1440;
  const sunrise = riseSet(midnight, 'sun', 'rise', d.lat, d.lon);
  if (sunrise === undefined || sunrise >= midnight + 1) return false;
  return riseSet(sunrise, 'sun', 'set', d.lat, d.lon) !== undefined;
}

const span = (min: number) => {
  const a = Math.abs(Math.round(min));
  const h = Math.floor(a / 60);
  return `${h} h${a % 60 ? ` ${a % 60} min` : ''}`;
};

/** The 400 for a day without sunrise and sunset: naming tz when the offset is the cause, latitude otherwise. `what`: what cannot be drawn. */
export function sunlessDayError(d: SunlessDay, what: string): ApiError {
  const date = `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
  const solar = Math.round(d.lon * 4);
  if (Math.abs(d.offsetMin - solar) >= 60 && hasSunDay({ ...d, offsetMin: solar })) {
    const offset = formatOffset(d.offsetMin);
    const gap = `${span(d.offsetMin - solar)} ${d.offsetMin > solar ? 'ahead of' : 'behind'} the place's mean solar time (${formatOffset(solar)})`;
    const clock = d.zone ? `the time zone ${d.zone} (${offset})` : `tz=${offset}`;
    return invalidParam(
      'tz',
      `${clock} is ${gap}, so at this latitude the civil day ${date} in that offset holds no sunrise and no ${what} can be drawn; ` +
        `give a tz nearer ${formatOffset(solar)}`,
      { solar_offset: formatOffset(solar) },
    );
  }
  return invalidParam('latitude', `the Sun does not both rise and set at this latitude on ${date}, so no ${what} can be drawn`);
}
