// /astro/chart: the birth chart drawn (SVG or PNG). The numbers come from the same computation
// as /astro (AstroService.compute, through its cache); the drawing is a pure function of them,
// so the same query gives the same bytes and the app's strong ETag holds.

import type { AppContext } from '../../core/module.js';
import { invalidParam } from '../../core/errors.js';
import { isOn } from '../../core/schema.js';
import { checkXmlText } from '../../lib/xml/index.js';
import { checkDate, formatOffset, parseOffset, zoneAt, zoneOffsetAt } from './calc/time.js';
import type { ChartModule } from './calc/chart.js';
import { drawPng } from './draw/png.js';
import { momentOf, placedGrahas, placeOfChart, type ChartPicture, type ChartStyle } from './draw/picture.js';
import { drawSvg } from './draw/svg.js';
import type { ChartLang } from './draw/words.js';
import type { ChartQuery } from './schemas.js';
import { resolvePlace, type AstroService, type BirthQuery } from './service.js';

export interface ChartImage {
  body: string | Buffer;
  contentType: string;
  /** The language the labels were drawn in (a Hindi PNG falls back to English without a Devanagari font). */
  lang: ChartLang;
  /** Set when `lang` is not the language asked: why (the X-Language-Fallback header). */
  fallback?: string;
  /** Whether the picture depends on the clock (a transit without transit_date). */
  now: boolean;
}

const BASE: ChartModule[] = ['graha', 'lagna'];

export class ChartImages {
  constructor(
    private readonly ctx: AppContext,
    private readonly astro: AstroService,
  ) {}

  async draw(q: ChartQuery): Promise<ChartImage> {
    checkXmlText('name', q.name);
    // A PNG takes one of the app's raster slots for the whole of its making, taken first: a burst
    // beyond the queue is answered 503 before any chart is computed for it.
    if (q.format === 'png') return this.ctx.raster.run(() => this.picture(q));
    return this.picture(q);
  }

  private async picture(q: ChartQuery): Promise<ChartImage> {
    const varga = q.varga ?? 'D1';
    const needs = { modules: new Set(BASE), vargas: varga === 'D1' ? [] : [varga] };
    const { chart } = await this.astro.compute(q, needs);
    const placed = placedGrahas(chart, varga);
    const pic: ChartPicture = {
      style: (q.style ?? 'north') as ChartStyle,
      varga,
      lang: (q.lang ?? 'en') as ChartLang,
      degrees: isOn(q.degrees),
      ...(q.name ? { name: q.name.trim() } : {}),
      birth: momentOf(chart),
      ...placeOfChart(chart),
      ...placed,
    };
    const fromClock = isOn(q.transit) && q.transit_date === undefined;
    if (isOn(q.transit)) {
      const t = await this.astro.compute(this.transitQuery(q), needs);
      pic.transit = { ...momentOf(t.chart), grahas: placedGrahas(t.chart, varga).grahas };
    }
    const size = q.size ?? 480;
    if (q.format === 'png') {
      const png = await drawPng(pic, size);
      return { body: png.body, contentType: 'image/png', lang: png.lang, ...(png.fallback ? { fallback: png.fallback } : {}), now: fromClock };
    }
    return { body: drawSvg(pic, size), contentType: 'image/svg+xml; charset=utf-8', lang: pic.lang, now: fromClock };
  }

  /**
   * The transit moment as a birth query at the same place, in the place's local time (tz if
   * given, else its zone's offset then): transit_date, or now to the minute.
   */
  private transitQuery(q: ChartQuery): BirthQuery {
    const at = resolvePlace(q);
    const place = { latitude: at.lat, longitude: at.lon, ayanamsa: q.ayanamsa, node: q.node, tz: q.tz };
    if (q.transit_date !== undefined) {
      const [y, m, d] = q.transit_date.slice(0, 10).split('-').map(Number) as [number, number, number];
      const [hour, min] = q.transit_date.length > 10 ? (q.transit_date.slice(11).split(':').map(Number) as [number, number]) : [12, 0];
      if (y < 1000 || y > 2999 || m < 1 || m > 12 || d < 1 || hour > 23 || min > 59) {
        throw invalidParam('transit_date', 'transit_date must be a date from 1000 to 2999 as YYYY-MM-DD, or YYYY-MM-DDTHH:MM with the hour 00 to 23');
      }
      checkDate(y, m, d, 'transit_date');
      return { ...place, year: y, month: m, day: d, hour, min };
    }
    const now = this.ctx.now();
    const { lat, lon } = at;
    const u = [now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes(), 0] as const;
    const offset = q.tz !== undefined ? parseOffset(q.tz) : zoneOffsetAt(zoneAt(lat, lon), ...u).offset;
    const local = new Date(Date.UTC(u[0], u[1] - 1, u[2], u[3], u[4]) + offset * 60_000);
    return {
      ...place,
      year: local.getUTCFullYear(),
      month: local.getUTCMonth() + 1,
      day: local.getUTCDate(),
      hour: local.getUTCHours(),
      min: local.getUTCMinutes(),
      tz: formatOffset(offset),
    };
  }
}
