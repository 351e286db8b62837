// The five limbs (pancha anga) from sidereal Sun and Moon: tithi (each 12° of Moon − Sun),
// nakshatra (Moon in 13°20' parts), yoga (Sun + Moon in 13°20' parts), karana (half tithis, 6°),
// and vara (weekday, which begins at sunrise). End times are found by solving for the moment the
// angle reaches the next boundary, stepping with the bodies' own speeds (Newton's method).

import { NAKSHATRAS, NAKSHATRA_SPAN, YOGAS, karanaName, nakshatraLord, norm360, round, tithiName } from './names.js';
import { sunMoon, type BodyPosition } from './ephemeris.js';

export type Limb = 'tithi' | 'nakshatra' | 'yoga' | 'karana';

const SPAN: Record<Limb, number> = { tithi: 12, nakshatra: NAKSHATRA_SPAN, yoga: NAKSHATRA_SPAN, karana: 6 };

/** The angle a limb counts, and how fast it grows (degrees/day). */
function angle(limb: Limb, sun: BodyPosition, moon: BodyPosition): { value: number; speed: number } {
  switch (limb) {
    case 'tithi':
    case 'karana':
      return { value: norm360(moon.lon - sun.lon), speed: moon.speed - sun.speed };
    case 'nakshatra':
      return { value: norm360(moon.lon), speed: moon.speed };
    case 'yoga':
      return { value: norm360(moon.lon + sun.lon), speed: moon.speed + sun.speed };
  }
}

export interface LimbValue {
  number: number;
  name: string;
  /** Share of the limb still to run at that moment (0..1). */
  left: number;
}

function describe(limb: Limb, n: number): { name: string; extra: Record<string, string> } {
  switch (limb) {
    case 'tithi': {
      const t = tithiName(n);
      return { name: t.name, extra: { paksha: t.paksha } };
    }
    case 'nakshatra':
      return { name: NAKSHATRAS[n - 1]!, extra: { lord: nakshatraLord(n - 1) } };
    case 'yoga':
      return { name: YOGAS[n - 1]!, extra: {} };
    case 'karana':
      return { name: karanaName(n), extra: {} };
  }
}

/** The limb in force for given Sun and Moon positions. */
export function limbAt(limb: Limb, sun: BodyPosition, moon: BodyPosition): LimbValue & Record<string, unknown> {
  const a = angle(limb, sun, moon).value;
  const idx = Math.floor(a / SPAN[limb]);
  const d = describe(limb, idx + 1);
  return { number: idx + 1, name: d.name, ...d.extra, left: round(1 - (a - idx * SPAN[limb]) / SPAN[limb], 4) };
}

/** The moment (JD UT) the limb in force at jdUt ends. */
export const limbEnd = (limb: Limb, jdUt: number): number => limbBoundary(limb, jdUt, 1);

/**
 * The moment (JD UT) the limb in force at jdUt began (Varjyam and Amrit kalam count from it);
 * `at`, the Sun and Moon at jdUt when the caller has them, saves one ephemeris call.
 */
export const limbStart = (limb: Limb, jdUt: number, at?: SunMoon): number => limbBoundary(limb, jdUt, 0, at);

type SunMoon = { sun: BodyPosition; moon: BodyPosition };

/** The moment the angle crosses the boundary after (side 1) or before (side 0) the part it is in at jdUt. */
function limbBoundary(limb: Limb, jdUt: number, side: 0 | 1, at: SunMoon = sunMoon(jdUt)): number {
  let { sun, moon } = at;
  const a0 = angle(limb, sun, moon);
  const span = SPAN[limb];
  const target = (Math.floor(a0.value / span) + side) * span; // may be 360, which is 0 again
  let jd = jdUt + (target - a0.value) / a0.speed;
  for (let i = 0; i < 8; i++) {
    ({ sun, moon } = sunMoon(jd));
    const a = angle(limb, sun, moon);
    // Remaining distance to the boundary, in (-180, 180] so a small overshoot steps back.
    let diff = norm360(target - a.value);
    if (diff > 180) diff -= 360;
    const step = diff / a.speed;
    jd += step;
    if (Math.abs(step) < 1 / 86400) break;
  }
  return jd;
}
