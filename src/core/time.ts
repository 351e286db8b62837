// "Today" in India, for every module that stores or answers by Indian calendar day.
// India has kept one offset, UTC+05:30, without daylight saving since 1945, so the Indian
// wall clock is a fixed shift of the instant: exact for any present-day date, and far
// cheaper than a time-zone lookup on a hot path. (Birth charts, which need historical
// offsets, use the tz database instead: see the astro module.)

const IST_OFFSET_MS = 330 * 60_000;

/** The instant shifted so that its UTC fields read as the wall clock in India. */
export function indiaWallClock(at: Date): Date {
  return new Date(at.getTime() + IST_OFFSET_MS);
}

/** The calendar date in India at an instant, as YYYY-MM-DD. */
export function indiaDate(at: Date): string {
  return indiaWallClock(at).toISOString().slice(0, 10);
}
