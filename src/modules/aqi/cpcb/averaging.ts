// CPCB's averaging rules over an hourly series, for the 24 hours that end at a given hour (the AQI at
// 6 am takes the hours from 6 am the day before, CPCB, "How is AQI calculated?"):
//   - PM10, PM2.5, NO2, SO2, NH3: the mean of those 24 hours;
//   - O3, CO: the highest of the rolling 8-hour means that lie inside those 24 hours (the daily maximum
//     8-hour mean of the NAAQS; the alternative, the latest 8-hour mean, is discussed in SOURCES.md);
//   - O3 above the 8-hour table (over 208 µg/m³): the highest one-hour value of those 24 hours.
// A sub-index needs at least 16 of the 24 hourly values (CPCB); an 8-hour mean needs 6 of its 8 (ours,
// the same three quarters, since CPCB states no number for it).

export const MIN_HOURS_24 = 16;
export const MIN_HOURS_8 = 6;

export type Series = readonly (number | null)[];

export interface Averaged {
  /** null when too few hours had a value. */
  value: number | null;
  /** Hourly values present among the 24. */
  hours: number;
}

const present = (xs: Series) => xs.filter((x): x is number => x !== null);

/** The 24 values ending at index `end` (fewer at the start of the series). */
function window24(values: Series, end: number): Series {
  return values.slice(Math.max(0, end - 23), end + 1);
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export function mean24(values: Series, end: number): Averaged {
  const xs = present(window24(values, end));
  return { value: xs.length >= MIN_HOURS_24 ? mean(xs) : null, hours: xs.length };
}

export function max8hMean(values: Series, end: number): Averaged {
  const w = window24(values, end);
  const hours = present(w).length;
  if (hours < MIN_HOURS_24) return { value: null, hours };
  let best: number | null = null;
  for (let last = 7; last < w.length; last++) {
    const xs = present(w.slice(last - 7, last + 1));
    if (xs.length < MIN_HOURS_8) continue;
    const m = mean(xs);
    if (best === null || m > best) best = m;
  }
  return { value: best, hours };
}

export function max1h(values: Series, end: number): Averaged {
  const xs = present(window24(values, end));
  return { value: xs.length >= MIN_HOURS_24 ? Math.max(...xs) : null, hours: xs.length };
}

/** Index of the last hour at or before `at` (epoch ms) in ascending hour starts; -1 if none. */
export function latestHourIndex(times: readonly number[], at: number): number {
  for (let i = times.length - 1; i >= 0; i--) if (times[i] <= at) return i;
  return -1;
}
