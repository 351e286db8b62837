// The fixture world's date. Answers that depend on "today" (a train's run on a date, the
// current financial year, a personal cycle, the default panchang day) are asked of a clock
// that starts at a fixed moment and runs at the real rate, so a test asserts the same thing
// on any day it runs (CI also runs the date-sensitive suites under faketime at other dates).

/** The moment the fixtures were captured: 25 Nov 2026, noon in India. */
export const FIXTURE_NOW = '2026-11-25T06:30:00.000Z';

/** A clock that reads `iso` when made and then runs at the real rate. */
export function fixtureClock(iso: string = FIXTURE_NOW): () => Date {
  const offset = Date.parse(iso) - Date.now();
  return () => new Date(Date.now() + offset);
}
