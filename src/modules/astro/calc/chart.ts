// Assembles a birth chart from the pieces, computing only what `needs` asks for, in two steps:
// the ephemeris core (Swiss Ephemeris calls; cached for 30 days) and the derivation (names, vargas,
// ashtakavarga, dasha seed; per response). The "current" dasha depends on today and is marked last.

import { GRAHAS, GRAHA_NAMES, norm360, placeOf, round, VARAS, WEEKDAYS, type Graha } from './names.js';
import { angles, ayanamsaValue, ephemerisName, grahaPositions, setAyanamsa, type Ayanamsa, type BodyPosition, type NodeType } from './ephemeris.js';
import { dayFrame, type DayFrame } from './day.js';
import { limbAt } from './panchanga.js';
import { vargaChart, VARGA_CHARTS } from './varga.js';
import { dashaSeed, type DashaSeed } from './dasha.js';
import { gulikaMandi, solarUpagrahas } from './upagrahas.js';
import { ashtakavarga, type Ashtakavarga } from './ashtakavarga.js';
import { jdToLocal, formatOffset } from './time.js';

export const MODULES = ['graha', 'bhava', 'lagna', 'panchanga', 'varga', 'dasha', 'upagrahas', 'ashtakavarga'] as const;
export type ChartModule = (typeof MODULES)[number];

/** The birth moment, place and settings of a chart. */
export interface ChartMoment {
  jdUt: number;
  offsetMin: number;
  timezoneSource: string;
  lat: number;
  lon: number;
  ayanamsa: Ayanamsa;
  node: NodeType;
}

export interface ChartRequest extends ChartMoment {
  modules: ReadonlySet<ChartModule>;
  /** Divisional charts to include ("D9"…); all of them when `varga` is asked for. */
  vargas: readonly string[];
}

export const HOUSE_SYSTEM = 'parashari_equal';
const HOUSE_SYSTEM_DOC = 'equal bhavas with the lagna degree as the middle of the 1st (bhava madhya = lagna + 30 deg x (n - 1))';

const point = (lon: number) => ({ longitude: round(norm360(lon), 6), ...placeOf(lon) });

function grahaEntry(g: Graha, p: BodyPosition) {
  return {
    name: GRAHA_NAMES[g],
    ...point(p.lon),
    speed: round(p.speed, 6),
    retrograde: p.speed < 0,
  };
}

export interface ComputedChart {
  settings: Record<string, unknown>;
  chart: Record<string, unknown>;
  dasha?: DashaSeed;
  upagrahas?: Record<string, unknown>;
  ashtakavarga?: Ashtakavarga;
}

/** Which ephemeris work a set of modules needs. */
export function ephemerisNeeds(modules: ReadonlySet<ChartModule>, vargas: readonly string[]) {
  const has = (m: ChartModule) => modules.has(m);
  return {
    planets: has('graha') || has('varga') || has('dasha') || has('upagrahas') || has('ashtakavarga') || has('panchanga') || vargas.length > 0,
    asc: has('lagna') || has('bhava') || has('varga') || has('ashtakavarga') || vargas.length > 0,
    frame: has('panchanga') || has('upagrahas'),
  };
}
export type EphemerisNeeds = ReturnType<typeof ephemerisNeeds>;

/**
 * Everything a chart takes from the Swiss Ephemeris, and nothing else: the expensive part, small
 * and JSON-serialisable, so it is what the 30-day cache holds (about 1 KB a chart). The rest of the
 * chart is derived from it per response.
 */
export interface ChartCore extends ChartMoment {
  ayanamsaDegrees: number;
  ephemeris: string;
  pos?: Record<'Su' | 'Mo' | 'Ma' | 'Me' | 'Ju' | 'Ve' | 'Sa' | 'Ra', BodyPosition>;
  asc?: number;
  /** Sidereal midheaven (Shadbala's dig bala and Sripati's bhavas); absent in cores cached before it was kept. */
  mc?: number;
  frame?: DayFrame;
  gulika?: number;
  mandi?: number;
}

export function ephemerisCore(r: ChartMoment, needs: EphemerisNeeds): ChartCore {
  setAyanamsa(r.ayanamsa);
  const core: ChartCore = {
    jdUt: r.jdUt,
    offsetMin: r.offsetMin,
    timezoneSource: r.timezoneSource,
    lat: r.lat,
    lon: r.lon,
    ayanamsa: r.ayanamsa,
    node: r.node,
    ayanamsaDegrees: ayanamsaValue(r.jdUt),
    ephemeris: ephemerisName(),
  };
  if (needs.planets) core.pos = grahaPositions(r.jdUt, r.node);
  if (needs.asc) {
    const a = angles(r.jdUt, r.lat, r.lon);
    core.asc = a.asc;
    core.mc = a.mc;
  }
  if (needs.frame) {
    core.frame = dayFrame(r.jdUt, r.lat, r.lon, r.offsetMin);
    const gm = gulikaMandi(core.frame, r.lat, r.lon);
    core.gulika = gm.Gulika;
    core.mandi = gm.Mandi;
  }
  return core;
}

function settingsOf(core: ChartCore) {
  return {
    zodiac: 'sidereal',
    ayanamsa: core.ayanamsa,
    ayanamsa_degrees: round(core.ayanamsaDegrees, 6),
    node: core.node,
    house_system: HOUSE_SYSTEM,
    house_system_rule: HOUSE_SYSTEM_DOC,
    ephemeris: core.ephemeris,
    calendar: 'gregorian',
  };
}

function userOf(core: ChartCore) {
  return {
    datetime: jdToLocal(core.jdUt, core.offsetMin),
    timezone: formatOffset(core.offsetMin),
    timezone_source: core.timezoneSource,
    latitude: core.lat,
    longitude: core.lon,
    julian_day_ut: round(core.jdUt, 8),
  };
}

function grahaOf(pos: NonNullable<ChartCore['pos']>): Record<string, unknown> {
  const graha: Record<string, unknown> = {};
  for (const g of GRAHAS) graha[g] = g === 'Ke' ? grahaEntry('Ke', { lon: pos.Ra.lon + 180, speed: pos.Ra.speed }) : grahaEntry(g, pos[g]);
  return graha;
}

/** Equal houses: each bhava madhya 30° on from the lagna, spanning 15° either side. */
function bhavaOf(asc: number): Record<string, unknown> {
  const bhava: Record<string, unknown> = {};
  for (let n = 1; n <= 12; n++) {
    const madhya = norm360(asc + 30 * (n - 1));
    bhava[String(n)] = { ...point(madhya), start: round(norm360(madhya - 15), 6), end: round(norm360(madhya + 15), 6) };
  }
  return bhava;
}

function panchangaOf(core: ChartCore, pos: NonNullable<ChartCore['pos']>, frame: NonNullable<ChartCore['frame']>) {
  return {
    tithi: limbAt('tithi', pos.Su, pos.Mo),
    nakshatra: limbAt('nakshatra', pos.Su, pos.Mo),
    yoga: limbAt('yoga', pos.Su, pos.Mo),
    karana: limbAt('karana', pos.Su, pos.Mo),
    vara: { number: frame.weekday + 1, name: VARAS[frame.weekday], weekday: WEEKDAYS[frame.weekday], lord: weekdayLord(frame.weekday) },
    sunrise: jdToLocal(frame.sunrise, core.offsetMin),
    sunset: jdToLocal(frame.sunset, core.offsetMin),
    birth_in: frame.isDay ? 'day' : 'night',
    // False where the Sun neither rises nor sets that day (polar): times are then 06:00/18:00 local mean time.
    sunrise_observed: frame.observed,
  };
}

function upagrahasOf(sunLon: number, gulika: number, mandi: number): Record<string, unknown> {
  const up: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(solarUpagrahas(sunLon))) up[k] = point(v);
  up.Gulika = point(gulika);
  up.Mandi = point(mandi);
  return up;
}

function ashtakavargaOf(longitudes: Record<string, number>, asc: number) {
  const sign = (l: number) => Math.floor(norm360(l) / 30) + 1;
  return ashtakavarga({
    Su: sign(longitudes.Su!),
    Mo: sign(longitudes.Mo!),
    Ma: sign(longitudes.Ma!),
    Me: sign(longitudes.Me!),
    Ju: sign(longitudes.Ju!),
    Ve: sign(longitudes.Ve!),
    Sa: sign(longitudes.Sa!),
    Lg: sign(asc),
  });
}

/** The chart (minus today's dasha) from the ephemeris core: pure arithmetic and names. */
export function deriveChart(core: ChartCore, modules: ReadonlySet<ChartModule>, vargasAsked: readonly string[]): ComputedChart {
  const has = (m: ChartModule) => modules.has(m);
  const { pos, asc, frame } = core;
  const longitudes: Record<string, number> = {};
  if (pos) {
    for (const g of GRAHAS) longitudes[g] = g === 'Ke' ? norm360(pos.Ra.lon + 180) : pos[g].lon;
  }
  if (asc !== undefined) longitudes.Lg = asc;

  const chart: Record<string, unknown> = { user: userOf(core) };
  const out: ComputedChart = { settings: settingsOf(core), chart };
  if (has('graha') && pos) chart.graha = grahaOf(pos);
  if (has('lagna') && asc !== undefined) chart.lagna = { Lg: { name: 'Lagna', ...point(asc) } };
  if (has('bhava') && asc !== undefined) chart.bhava = bhavaOf(asc);
  if (has('panchanga') && pos && frame) chart.panchanga = panchangaOf(core, pos, frame);
  const vargas = has('varga') ? VARGA_CHARTS : vargasAsked;
  if (vargas.length > 0 && pos && asc !== undefined) {
    const varga: Record<string, unknown> = {};
    for (const v of vargas) varga[v] = vargaChart(v, longitudes);
    chart.varga = varga;
  }
  if (has('dasha') && pos) out.dasha = dashaSeed(pos.Mo.lon, core.jdUt, core.offsetMin);
  if (has('upagrahas') && pos && core.gulika !== undefined && core.mandi !== undefined) out.upagrahas = upagrahasOf(pos.Su.lon, core.gulika, core.mandi);
  if (has('ashtakavarga') && asc !== undefined) out.ashtakavarga = ashtakavargaOf(longitudes, asc);
  return out;
}

/** Ephemeris and derivation in one step (benchmarks, tests). */
export function computeChart(r: ChartRequest): ComputedChart {
  return deriveChart(ephemerisCore(r, ephemerisNeeds(r.modules, r.vargas)), r.modules, r.vargas);
}

/** Lord of the weekday: Sunday the Sun, Monday the Moon, … */
const WEEKDAY_LORDS: readonly Graha[] = ['Su', 'Mo', 'Ma', 'Me', 'Ju', 'Ve', 'Sa'];
const weekdayLord = (w: number): Graha => WEEKDAY_LORDS[w]!;
