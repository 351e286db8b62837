// Use cases of the lunisolar calendar: a Gregorian month (/panchang/month) and a year's
// observances (/panchang/festivals) at a place, as JSON or iCalendar. Computed locally; the cache
// (keyed by year, month and place, ASTRO_CACHE_DAYS) saves the 6-80 ms of CPU a month or year costs
// (docs/decisions/panchang-calendar.md, Speed); what is computed is computed in the work pool.

import type { AppContext } from '../../core/module.js';
import { indiaDate } from '../../core/time.js';
import type { CacheNamespace } from '../../core/cache/index.js';
import type { Ayanamsa } from './calc/ephemeris.js';
import { formatOffset, parseOffset, zoneAt, zoneOffsetAt } from './calc/time.js';
import { observanceEvents, toIcs, type IcsEvent } from './calendar/ics.js';
import type { Place } from './calendar/sky.js';
import { computeMonth, computeYear, type YearJson } from './calendar/task.js';
import { FESTIVAL_RULES, MONTH_RULE } from './calendar/views.js';
import { parseCalendars } from './calendar/solar.js';
import { localizeDays, NAME_SOURCES, observanceName, type Lang } from './calendar/lang-names.js';
import { OBSERVANCE_BY_ID } from './calendar/observances.js';
import { inRegion, parseRegion } from './calendar/region.js';
import { LUNAR_MONTHS } from './calendar/names.js';
import type { PanchangFestivalsQuery, PanchangFestivalsResponse, PanchangMonthQuery, PanchangMonthResponse } from './calendar-schemas.js';
import { resolvePlace } from './service.js';

const DAY_MS = 86_400_000;

export interface CalendarAnswer {
  body: string;
  contentType: string;
}

type PlaceQuery = Omit<PanchangMonthQuery, 'year' | 'month' | 'format' | 'muhurtas' | 'calendar' | 'lang' | 'region'>;

export class CalendarService {
  private readonly cache: CacheNamespace;

  constructor(private readonly ctx: AppContext) {
    this.cache = ctx.cache.namespace('panchang-calendar', { ttlMs: ctx.config.ASTRO_CACHE_DAYS * DAY_MS });
  }

  private at(place: Place) {
    return { place, ephePath: this.ctx.config.SE_EPHE_PATH };
  }

  private where(q: PlaceQuery, year: number, month: number) {
    const p = resolvePlace(q);
    const ayanamsa = (q.ayanamsa ?? 'lahiri') as Ayanamsa;
    const zone = q.tz === undefined ? zoneAt(p.lat, p.lon) : undefined;
    const fixed = q.tz === undefined ? undefined : parseOffset(q.tz);
    const place: Place = { lat: p.lat, lon: p.lon, zone, fixedOffsetMin: fixed, ayanamsa };
    const offset = zone ? zoneOffsetAt(zone, year, month, 1, 12, 0, 0).offset : fixed!;
    const key = [p.lat.toFixed(6), p.lon.toFixed(6), zone ?? q.tz, ayanamsa].join('|');
    return {
      place,
      key,
      out: { name: p.name, latitude: p.lat, longitude: p.lon, timezone: formatOffset(offset), timezone_source: zone ?? 'explicit' },
      settings: { ayanamsa, month_rule: MONTH_RULE, festival_rules: FESTIVAL_RULES },
    };
  }

  /** The month's days at the place, from the cache when there (the route and the panchangMonth port both ask this). */
  async monthDays(q: PlaceQuery & Required<Pick<PanchangMonthQuery, 'year' | 'month'>> & Pick<PanchangMonthQuery, 'calendar'>) {
    const w = this.where(q, q.year, q.month);
    const calendars = parseCalendars(q.calendar);
    const { value, cached } = await this.cache.wrap(`month|${q.year}|${q.month}|${w.key}|${calendars.join(',')}`, async () =>
      computeMonth(this.ctx.work, this.at(w.place), q.year, q.month, calendars),
    );
    return { w, days: value as PanchangMonthResponse['days'], cached };
  }

  /** The month's days with their names in a language (the landing page's calendar): the cached month, named on the way out. */
  async namedMonthDays(q: PlaceQuery & Required<Pick<PanchangMonthQuery, 'year' | 'month'>> & { lang?: Lang }) {
    const { w, days } = await this.monthDays(q);
    return { w, days: q.lang ? localizeDays(days, q.lang, OBSERVANCE_BY_ID, LUNAR_MONTHS) : days };
  }

  /** The year and month in India now: what a month or year view shows when none is asked. */
  private thisMonth(): { year: number; month: number } {
    const [year, month] = indiaDate(this.ctx.now()).split('-').map(Number) as [number, number];
    return { year, month };
  }

  async month(asked: PanchangMonthQuery): Promise<CalendarAnswer> {
    const now = this.thisMonth();
    const q = { ...asked, year: asked.year ?? now.year, month: asked.month ?? now.month };
    const region = parseRegion(q.region);
    const { w, days: all, cached } = await this.monthDays(q);
    const lang = (q.lang ?? 'en') as Lang;
    // The region's filter runs on the way out: the cached month holds every row.
    const raw = region ? all.map((d) => ({ ...d, festivals: d.festivals.filter((f) => inRegion(f.id, region)) })) : all;
    const days = localizeDays(raw, lang, OBSERVANCE_BY_ID, LUNAR_MONTHS);
    if (q.format === 'ics') {
      const events = observanceEvents(
        days.flatMap((d) =>
          d.festivals.map((f) => {
            const name = ('local_name' in f && f.local_name) || f.name;
            return {
              id: f.id,
              ...(f.school ? { school: f.school } : {}),
              date: d.date,
              name,
              description: `${name === f.name ? f.hi : f.name}. ${d.lunar_month.amanta.label} (amanta), ${d.tithi.name} at sunrise.`,
              category: f.category,
            };
          }),
        ),
      );
      return this.ics(`Panchang ${q.year}-${String(q.month).padStart(2, '0')} ${w.out.name ?? `${w.out.latitude},${w.out.longitude}`}`, w.key, events);
    }
    const settings = { ...w.settings, ...(region ? { region } : {}), names: { lang, sources: NAME_SOURCES } };
    const body: PanchangMonthResponse = { status: 'ok', year: q.year, month: q.month, place: w.out, settings, days, cached };
    return { body: JSON.stringify(body), contentType: 'application/json; charset=utf-8' };
  }

  async festivals(asked: PanchangFestivalsQuery): Promise<CalendarAnswer> {
    const q = { ...asked, year: asked.year ?? this.thisMonth().year };
    const region = parseRegion(q.region);
    const w = this.where(q, q.year, 1);
    // The year is cached as the thread wrote it, JSON text (calendar/task.ts); the key says so,
    // so that a shared cache (Redis) never hands this code a year stored as objects.
    const { value, cached } = await this.cache.wrap(`year-json|${q.year}|${w.key}`, async () => computeYear(this.ctx.work, this.at(w.place), q.year));
    const year = value as YearJson;
    const lang = (q.lang ?? 'en') as Lang;
    const settings = { ...w.settings, ...(region ? { region } : {}), names: { lang, sources: NAME_SOURCES } };
    if (q.format !== 'ics' && region === undefined && lang === 'en') {
      // Every observance, in English: the year's text as it is, inside the answer (the same bytes
      // as the answer below, written without parsing the year).
      const head = JSON.stringify({ status: 'ok', year: q.year, place: w.out, settings, count: year.count });
      return { body: `${head.slice(0, -1)},"festivals":${year.json},"cached":${cached}}`, contentType: 'application/json; charset=utf-8' };
    }
    const festivals = (JSON.parse(year.json) as PanchangFestivalsResponse['festivals'])
      .filter((f) => inRegion(f.id, region))
      .map((f) => {
        const local = lang === 'en' ? undefined : observanceName(OBSERVANCE_BY_ID.get(f.id)!, lang);
        return local ? { ...f, local_name: local } : f;
      });
    if (q.format === 'ics') {
      const events = observanceEvents(
        festivals.map((f) => {
          const name = f.local_name ?? f.name;
          return {
            id: f.id,
            ...(f.school ? { school: f.school } : {}),
            date: f.date,
            name,
            description: `${name === f.name ? f.names.hi : f.name}. ${f.rule}.`,
            category: f.category,
          };
        }),
      );
      return this.ics(`Hindu festivals ${q.year} ${w.out.name ?? `${w.out.latitude},${w.out.longitude}`}`, w.key, events);
    }
    const body: PanchangFestivalsResponse = {
      status: 'ok',
      year: q.year,
      place: w.out,
      settings,
      count: festivals.length,
      festivals,
      cached,
    };
    return { body: JSON.stringify(body), contentType: 'application/json; charset=utf-8' };
  }

  private ics(name: string, key: string, events: IcsEvent[]): CalendarAnswer {
    // A short, stable place tag for the UIDs: the same place and observance give the same UID.
    let h = 0;
    for (const c of key) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
    const tag = (h >>> 0).toString(36);
    return { body: toIcs(name, tag, events, this.ctx.now()), contentType: 'text/calendar; charset=utf-8' };
  }
}
