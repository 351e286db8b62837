// The only file that calls the Swiss Ephemeris (sweph 2.10, AGPL-3.0; https://www.astro.com/swisseph/swephprg.htm).
// Quirks: the library keeps global state (ephemeris path, sidereal mode), so every call here sets the
// sidereal mode it needs first; Node runs these synchronously, so no other request interleaves.
// Without .se1 files (SE_EPHE_PATH unset) the built-in Moshier theory is used: about 1" for the
// planets and 3" for the Moon, far inside the 0.01° we promise.

import sweph from 'sweph';

const C = sweph.constants;

export const AYANAMSAS = {
  lahiri: C.SE_SIDM_LAHIRI,
  raman: C.SE_SIDM_RAMAN,
  krishnamurti: C.SE_SIDM_KRISHNAMURTI,
  true_chitra: C.SE_SIDM_TRUE_CITRA,
  true_pushya: C.SE_SIDM_TRUE_PUSHYA,
} as const;
export type Ayanamsa = keyof typeof AYANAMSAS;
export const AYANAMSA_NAMES = Object.keys(AYANAMSAS) as Ayanamsa[];

export type NodeType = 'mean' | 'true';

const BODY = { Su: C.SE_SUN, Mo: C.SE_MOON, Ma: C.SE_MARS, Me: C.SE_MERCURY, Ju: C.SE_JUPITER, Ve: C.SE_VENUS, Sa: C.SE_SATURN } as const;

// The library loops until its series converge: a non-finite or absurd Julian day never does, and
// one such call froze the whole process (swi_mean_node with dst_min=Infinity). Validation bounds
// every input, and this is the second wall, at the door of the native code: years 900 to 3100
// (the served 1000 to 2999 with room for time zones and rise/set searches) and real coordinates.
const JD_MIN = 2049900; // about 900 CE
const JD_MAX = 2853700; // about 3100 CE

function assertJd(jdUt: number): void {
  if (!(jdUt >= JD_MIN && jdUt <= JD_MAX)) throw new RangeError(`Swiss Ephemeris call refused: Julian day ${jdUt} is outside the served years`);
}

function assertPlace(lat: number, lon: number): void {
  if (!(Math.abs(lat) <= 90 && Math.abs(lon) <= 180)) throw new RangeError(`Swiss Ephemeris call refused: ${lat}, ${lon} is not a place on Earth`);
}

let epheFlag: number = C.SEFLG_MOSEPH;
let epheName = 'moshier';

/** Points the library at Swiss Ephemeris files, or keeps the built-in Moshier theory. Called once at start. */
export function configureEphemeris(path: string | undefined): void {
  if (path) {
    sweph.set_ephe_path(path);
    epheFlag = C.SEFLG_SWIEPH;
    // Without readable .se1 files the library quietly falls back to Moshier; say what is really used.
    const probe = sweph.calc_ut(2451545, C.SE_MOON, C.SEFLG_SWIEPH);
    epheName = probe.flag >= 0 && (probe.flag & C.SEFLG_SWIEPH) !== 0 ? `swiss (${path})` : 'moshier (no .se1 files found in SE_EPHE_PATH)';
  } else {
    epheFlag = C.SEFLG_MOSEPH;
    epheName = 'moshier';
  }
}

export const ephemerisName = () => epheName;

export interface BodyPosition {
  lon: number;
  speed: number;
  /** Ecliptic latitude (who wins a graha yuddha); absent in cores cached before it was kept. */
  lat?: number;
}

function calc(jdUt: number, body: number, sidereal: boolean): BodyPosition {
  assertJd(jdUt);
  const flags = epheFlag | C.SEFLG_SPEED | (sidereal ? C.SEFLG_SIDEREAL : 0);
  const r = sweph.calc_ut(jdUt, body, flags);
  if (r.flag < 0) throw new Error(`Swiss Ephemeris: ${r.error}`);
  return { lon: r.data[0]!, lat: r.data[1]!, speed: r.data[3]! };
}

export const setAyanamsa = (a: Ayanamsa): void => sweph.set_sid_mode(AYANAMSAS[a], 0, 0);

/** Sidereal positions of the seven grahas and Rahu (Ketu is Rahu + 180°). Caller sets the ayanamsa. */
export function grahaPositions(jdUt: number, node: NodeType): Record<'Su' | 'Mo' | 'Ma' | 'Me' | 'Ju' | 'Ve' | 'Sa' | 'Ra', BodyPosition> {
  return {
    Su: calc(jdUt, BODY.Su, true),
    Mo: calc(jdUt, BODY.Mo, true),
    Ma: calc(jdUt, BODY.Ma, true),
    Me: calc(jdUt, BODY.Me, true),
    Ju: calc(jdUt, BODY.Ju, true),
    Ve: calc(jdUt, BODY.Ve, true),
    Sa: calc(jdUt, BODY.Sa, true),
    Ra: calc(jdUt, node === 'mean' ? C.SE_MEAN_NODE : C.SE_TRUE_NODE, true),
  };
}

/** One graha's sidereal position (transit searches bisect one body at a time). Caller sets the ayanamsa. */
export function grahaPosition(jdUt: number, g: 'Su' | 'Mo' | 'Ma' | 'Me' | 'Ju' | 'Ve' | 'Sa' | 'Ra', node: NodeType): BodyPosition {
  return calc(jdUt, g === 'Ra' ? (node === 'mean' ? C.SE_MEAN_NODE : C.SE_TRUE_NODE) : BODY[g], true);
}

/** Sidereal Sun and Moon only (the panchanga limbs). */
export function sunMoon(jdUt: number): { sun: BodyPosition; moon: BodyPosition } {
  return { sun: calc(jdUt, BODY.Su, true), moon: calc(jdUt, BODY.Mo, true) };
}

/** Sidereal Sun alone (sankranti searches: the Moon is the costlier body). */
export const sunOnly = (jdUt: number): BodyPosition => calc(jdUt, BODY.Su, true);

export function ayanamsaValue(jdUt: number): number {
  assertJd(jdUt);
  const r = sweph.get_ayanamsa_ex_ut(jdUt, epheFlag);
  return r.data;
}

/** Sidereal ascendant at a moment and place (caller sets the ayanamsa). */
export const ascendant = (jdUt: number, lat: number, lon: number): number => angles(jdUt, lat, lon).asc;

/** Sidereal ascendant and midheaven (one houses call; caller sets the ayanamsa). */
export function angles(jdUt: number, lat: number, lon: number): { asc: number; mc: number } {
  assertJd(jdUt);
  assertPlace(lat, lon);
  const r = sweph.houses_ex2(jdUt, C.SEFLG_SIDEREAL, lat, lon, 'E');
  return { asc: r.data.points[0]!, mc: r.data.points[1]! };
}

/**
 * Next rise or set of the Sun or Moon after jdUt: upper limb with refraction (as Drik panchangas and
 * most almanacs print). Undefined when there is none within the search (polar day or night).
 */
export function riseSet(jdUt: number, body: 'sun' | 'moon', event: 'rise' | 'set', lat: number, lon: number): number | undefined {
  const ipl = body === 'sun' ? C.SE_SUN : C.SE_MOON;
  const rsmi = event === 'rise' ? C.SE_CALC_RISE : C.SE_CALC_SET;
  assertJd(jdUt);
  assertPlace(lat, lon);
  const r = sweph.rise_trans(jdUt, ipl, null, epheFlag, rsmi, [lon, lat, 0], 1013.25, 15);
  if (r.flag !== 0) return undefined;
  return r.data;
}

/** Julian day (UT) of a Gregorian civil moment given in UT hours. */
export const julday = (y: number, m: number, d: number, hourUt: number): number => sweph.julday(y, m, d, hourUt, C.SE_GREG_CAL);

/** Sidereal Saturn alone (Sade Sati and transit searches over decades). Caller sets the ayanamsa. */
export const saturnOnly = (jdUt: number): BodyPosition => calc(jdUt, BODY.Sa, true);
