// Use cases of the astro module: a birth chart (/astro) and a day's panchang (/panchang).
// Both are computed locally; the cache (30 days, keyed on the normalised input) only saves CPU.
// The running dasha depends on today, so it is marked on the way out, never stored.

import type { AppContext } from '../../core/module.js';
import type { CacheNamespace } from '../../core/cache/index.js';
import { invalidParam } from '../../core/errors.js';
import { calendarDate } from '../../core/date-param.js';
import { findTown } from '../../lib/places/index.js';
import { deriveChart, ephemerisCore, ephemerisNeeds, MODULES, type ChartCore, type ChartModule, type ComputedChart } from './calc/chart.js';
import { DASHA_YEAR_DAYS, expandDasha } from './calc/dasha.js';
import { dailyPanchang } from './calc/daily.js';
import { dayView } from './calendar/views.js';
import { parseCalendars } from './calendar/solar.js';
import { localDay, type Lang } from './calendar/lang-names.js';
import { LUNAR_MONTHS } from './calendar/names.js';
import { configureEphemeris, type Ayanamsa, type NodeType } from './calc/ephemeris.js';
import { dateToJd, formatOffset, jdToLocalDate, parseOffset, resolveTime, zoneAt, zoneOffsetAt } from './calc/time.js';
import { VARGA_CHARTS } from './calc/varga.js';
import { fastEncode } from '../../lib/toon/index.js';
import { factsOfCore, strengthReport, yogaReport } from './calc/reading.js';
import { GRAHA_NAMES } from './calc/names.js';
import type { AstroQuery, PanchangQuery, PanchangResponse } from './schemas.js';

/** The birth fields /astro and /astro/chart share. */
export type BirthQuery = Omit<AstroQuery, 'needs' | 'format'>;

const DAY_MS = 86_400_000;

/** Every accepted `needs` value, lower case. */
/** Readings asked by name: not part of `full`, which stays the chart itself (docs/decisions/astro-yogas-strengths.md). */
export const READINGS = ['yogas', 'strengths'] as const;
export type Reading = (typeof READINGS)[number];

export const NEEDS_VALUES: readonly string[] = [...MODULES, 'antardasha', 'full', ...READINGS, ...VARGA_CHARTS.map((v) => v.toLowerCase())];

export interface Needs {
  modules: Set<ChartModule>;
  vargas: string[];
  readings?: Set<Reading>;
}

export function parseNeeds(raw: string | undefined): Required<Needs> {
  const modules = new Set<ChartModule>();
  const vargas = new Set<string>();
  const readings = new Set<Reading>();
  const items = (raw ?? 'full')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (items.length === 0) items.push('full');
  for (const it of items) {
    if (it === 'full') MODULES.forEach((m) => modules.add(m));
    else if (it === 'antardasha') modules.add('dasha');
    else if ((MODULES as readonly string[]).includes(it)) modules.add(it as ChartModule);
    else if ((READINGS as readonly string[]).includes(it)) readings.add(it as Reading);
    else if (VARGA_CHARTS.includes(it.toUpperCase())) vargas.add(it.toUpperCase());
    else throw invalidParam('needs', `needs has an unknown value "${it}"; use a comma list of ${NEEDS_VALUES.join(', ')}`, { valid_values: NEEDS_VALUES });
  }
  // Keep the table's order whatever order the caller wrote.
  return { modules, vargas: VARGA_CHARTS.filter((v) => vargas.has(v)), readings };
}

/** latitude/longitude or their lat/lon aliases; missing ones named. */
function coordinates(q: { latitude?: number; lat?: number; longitude?: number; lon?: number }): { lat: number; lon: number } {
  const lat = q.latitude ?? q.lat;
  const lon = q.longitude ?? q.lon;
  if (lat === undefined) throw invalidParam('latitude', 'latitude is required (or lat, or city): degrees from -90 to 90, north positive');
  if (lon === undefined) throw invalidParam('longitude', 'longitude is required (or lon): degrees from -180 to 180, east positive');
  return { lat, lon };
}

export interface AstroAnswer {
  /**
   * The chart as JSON text, or as TOON text when format=toon; sent as it is, so the response
   * schema only documents it. Serialized here with JSON.stringify rather than by the schema's
   * serializer: that one writes required keys first (`cached` before the optional parts), so the
   * JSON would lose the order the TOON has, to save about 40 µs of the ~900 µs of CPU an uncached
   * full chart costs (fast-json-stringify 115-130 µs against 160 µs for a full chart).
   */
  body: string;
  contentType: string;
}

export class AstroService {
  private readonly charts: CacheNamespace;
  private readonly days: CacheNamespace;

  constructor(private readonly ctx: AppContext) {
    configureEphemeris(ctx.config.SE_EPHE_PATH);
    const ttlMs = ctx.config.ASTRO_CACHE_DAYS * DAY_MS;
    this.charts = ctx.cache.namespace('astro', { ttlMs });
    this.days = ctx.cache.namespace('panchang', { ttlMs });
  }

  async chart(q: AstroQuery): Promise<AstroAnswer> {
    const needs = parseNeeds(q.needs);
    const { chart, cached, core } = await this.compute(q, needs);
    const body = present(chart, cached, this.ctx.now());
    // The readings share one set of the chart's facts.
    const facts = needs.readings.size ? factsOfCore(core) : undefined;
    if (facts && needs.readings.has('yogas')) addBefore(body, 'cached', 'yogas', yogaReport(facts));
    if (facts && needs.readings.has('strengths')) addBefore(body, 'cached', 'strengths', strengthReport(core, facts));
    if (q.format === 'toon') return { body: fastEncode(body), contentType: 'text/plain; charset=utf-8' };
    return { body: JSON.stringify(body), contentType: 'application/json; charset=utf-8' };
  }

  /** The chart of a birth (through the 30-day cache), the one computation /astro and its drawing share. */
  async compute(q: BirthQuery, needs: Needs): Promise<{ chart: ComputedChart; cached: boolean; core: ChartCore }> {
    const { lat, lon } = resolvePlace(q);
    const ayanamsa = (q.ayanamsa ?? 'lahiri') as Ayanamsa;
    const node = (q.node ?? 'mean') as NodeType;
    const time = resolveTime({
      year: q.year,
      month: q.month,
      day: q.day,
      hour: q.hour,
      min: q.min,
      sec: q.sec ?? 0,
      lat,
      lon,
      tz: q.tz,
      dstHour: q.dst_hour,
      dstMin: q.dst_min,
    });
    // Normalised: the moment (JD UT to 1/1000 s), the place to 1e-6°, settings, the ephemeris work needed.
    const eph = ephemerisNeeds(needs.modules, needs.vargas);
    // Every reading works from the grahas and the lagna.
    if (needs.readings?.size) eph.planets = eph.asc = true;
    // Shadbala's kala bala reads sunrise and sunset.
    if (needs.readings?.has('strengths')) eph.frame = true;
    const key = [
      time.jdUt.toFixed(8),
      time.offsetMin,
      time.source,
      lat.toFixed(6),
      lon.toFixed(6),
      ayanamsa,
      node,
      Number(eph.planets),
      Number(eph.asc),
      Number(eph.frame),
    ].join('|');
    const { value, cached } = await this.charts.wrap(key, async () =>
      ephemerisCore({ jdUt: time.jdUt, offsetMin: time.offsetMin, timezoneSource: time.source, lat, lon, ayanamsa, node }, eph),
    );
    let core = value as ChartCore;
    // A core cached before the midheaven was kept: recomputed (not re-stored; it expires with its TTL).
    if (eph.asc && core.mc === undefined)
      core = ephemerisCore({ jdUt: time.jdUt, offsetMin: time.offsetMin, timezoneSource: time.source, lat, lon, ayanamsa, node }, eph);
    return { chart: deriveChart(core, needs.modules, needs.vargas), cached, core };
  }

  async panchang(q: PanchangQuery): Promise<PanchangResponse> {
    const place = resolvePlace(q);
    const ayanamsa = (q.ayanamsa ?? 'lahiri') as Ayanamsa;
    const zone = q.tz === undefined ? zoneAt(place.lat, place.lon) : undefined;
    let y: number, m: number, d: number;
    if (q.date) {
      [y, m, d] = calendarDate('date', q.date, 'YYYY-MM-DD').split('-').map(Number) as [number, number, number];
      if (y < 1000 || y > 2999) throw invalidParam('date', 'date must be a year from 1000 to 2999');
    } else {
      // Today where the place is.
      const off = zone ? zoneOffsetAt(zone, ...utcParts(this.ctx.now())).offset : parseOffset(q.tz!);
      [y, m, d] = jdToLocalDate(dateToJd(this.ctx.now()), off).split('-').map(Number) as [number, number, number];
    }
    const offsetMin = zone ? zoneOffsetAt(zone, y, m, d, 12, 0, 0).offset : parseOffset(q.tz!);
    const date = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    const muhurtas = q.muhurtas !== '0';
    const calendars = parseCalendars(q.calendar);
    const key = [date, place.lat.toFixed(6), place.lon.toFixed(6), offsetMin, ayanamsa, muhurtas ? 'm' : '-', calendars.join(',')].join('|');
    const { value, cached } = await this.days.wrap(key, async () => ({
      ...dailyPanchang({ year: y, month: m, day: d, lat: place.lat, lon: place.lon, offsetMin, zone, ayanamsa, muhurtas }),
      ...dayView({ lat: place.lat, lon: place.lon, zone, fixedOffsetMin: zone ? undefined : offsetMin, ayanamsa }, date, calendars),
    }));
    const day = value as Omit<PanchangResponse, 'status' | 'date' | 'place' | 'settings' | 'cached'>;
    // Names in another language are added on the way out: the cached day is the same for all.
    const local = localDay((q.lang ?? 'en') as Lang, day, LUNAR_MONTHS);
    return {
      status: 'ok' as const,
      date,
      place: { name: place.name, latitude: place.lat, longitude: place.lon, timezone: formatOffset(offsetMin), timezone_source: zone ?? 'explicit' },
      settings: { ayanamsa, zodiac: 'sidereal' as const, sunrise: 'upper limb of the Sun with refraction', limbs: 'in force at sunrise, with end times' },
      // The limbs' own fields (paksha of a tithi, lord of a nakshatra) are typed per limb only in the schema.
      ...day,
      ...(local ? { local } : {}),
      cached,
    };
  }
}

const utcParts = (d: Date): [number, number, number, number, number, number] => [
  d.getUTCFullYear(),
  d.getUTCMonth() + 1,
  d.getUTCDate(),
  d.getUTCHours(),
  d.getUTCMinutes(),
  d.getUTCSeconds(),
];

/** A /panchang-style place: a town by name (the places vocabulary, src/lib/places), or coordinates. */
export function resolvePlace(q: Pick<PanchangQuery, 'city' | 'latitude' | 'lat' | 'longitude' | 'lon'>): { name: string | null; lat: number; lon: number } {
  if (q.city !== undefined) {
    const town = findTown(q.city);
    return { name: town.name, lat: town.lat, lon: town.lon };
  }
  const c = coordinates(q);
  return { name: null, ...c };
}

/** Puts `key` just before `before`, keeping the answer's order (cached last). */
function addBefore(body: Record<string, unknown>, before: string, key: string, value: unknown): void {
  const last = body[before];
  delete body[before];
  body[key] = value;
  body[before] = last;
}

/** The response body: the cached computation plus today's running dasha. */
export function present(c: ComputedChart, cached: boolean, now: Date): Record<string, unknown> {
  const chart: Record<string, unknown> = { ...c.chart };
  const body: Record<string, unknown> = { status: 'ok', settings: c.settings, chart };
  if (c.dasha) {
    const { mahadashas, current } = expandDasha(c.dasha, dateToJd(now));
    const periods: Record<string, unknown> = {};
    for (const m of mahadashas) periods[m.mahadasha] = { lord: m.lord, years: m.years, start: m.start, end: m.end };
    chart.dasha = { system: 'vimshottari', balance_at_birth: c.dasha.balance, periods };
    body.vimshottari_dasha = {
      year_days: DASHA_YEAR_DAYS,
      balance_at_birth: c.dasha.balance,
      current: current && {
        as_of: now.toISOString().slice(0, 10),
        ...current,
        lords: [GRAHA_NAMES[current.mahadasha], GRAHA_NAMES[current.antardasha], GRAHA_NAMES[current.pratyantara]],
      },
      mahadashas,
    };
  }
  if (c.upagrahas) body.upagrahas = c.upagrahas;
  if (c.ashtakavarga) body.ashtakavarga = c.ashtakavarga;
  body.cached = cached;
  return body;
}
