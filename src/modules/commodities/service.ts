// Commodities use cases: all locations of a metal, one location, history, the location
// list, search, the crawl report and the crawl. Answers come from stored rows, cached per
// data version. Source order: IBJA → goodreturns for the national price; goodreturns →
// BankBazaar for cities (BankBazaar has no platinum or international pages).

import type { AppContext } from '../../core/module.js';
import { notReady } from '../../core/errors.js';
import type { Provider } from '../../core/upstream/index.js';
import {
  changePct,
  crawlGroup,
  groupStatus,
  indiaDay,
  locate,
  searchAnswer,
  windowStart,
  type CrawlOutcome,
  type CrawlProgress,
  type CrawlTask,
  type Current,
  type Place,
  type GroupParts,
  type Registry,
  RawJson,
  withCached,
} from '../../lib/prices/index.js';
import { CrawlPages } from './providers/crawl-pages.js';
import { isAbroad, isNational, METALS, UNITS, type Metal, type MetalPage, type MetalQuote, type GoldDetails, type Session } from './providers/types.js';

export const COMMODITIES_JOB = 'commodities-crawl';

export interface CommodityRecord {
  commodity: Metal;
  location: string;
  location_type: string;
  unit: string;
  price: string;
  change_pct: string;
  details?: { price_18k: number; price_22k: number };
  /** The day the source dates the rate to, when it does (IBJA's row; goodreturns' last-10-days row). */
  as_of?: string;
  /** IBJA's session (AM or PM) the rate is from. */
  session?: Session;
  updated_at: string;
}

/** What a row stores beside its price: gold's other purities, and the day and session the source dates it to. */
function detailsOf(q: { details?: Partial<GoldDetails>; asOf?: string; session?: Session }): Record<string, number | string> | null {
  const d: Record<string, number | string> = {};
  if (q.details?.price_22k !== undefined) d.price_22k = q.details.price_22k;
  if (q.details?.price_18k !== undefined) d.price_18k = q.details.price_18k;
  if (q.asOf) d.as_of = q.asOf;
  if (q.session) d.session = q.session;
  return Object.keys(d).length ? d : null;
}

export interface MetalSources {
  national: readonly Provider<MetalPage, MetalQuote>[];
  city: Record<Metal, readonly Provider<MetalPage, MetalQuote>[]>;
  international: readonly Provider<MetalPage, MetalQuote>[];
}

export interface CommoditiesServiceDeps extends GroupParts {
  ctx: AppContext;
  registry: Registry;
  sources: MetalSources;
  /** Every source's name, in report order. */
  sourceNames: readonly string[];
}

const tracks = (metal: Metal) => (p: Place) => p.tags.includes(metal);

export class CommoditiesService {
  constructor(private readonly d: CommoditiesServiceDeps) {}

  private get registry() {
    return this.d.registry;
  }

  /** The place a user means, through the one place vocabulary (src/lib/prices/locate.ts), among the places tracked for the metal. */
  private resolve(raw: string, metal: Metal): Place {
    return locate(this.registry, raw, { param: 'city', what: metal, list: `GET /commodities/cities?metal=${metal}`, filter: tracks(metal) });
  }

  cities(metal: Metal) {
    const cities = this.registry.places.filter(tracks(metal)).map((p) => p.name);
    return { status: 'ok' as const, metal, count: cities.length, cities };
  }

  search(q: string) {
    return searchAnswer(this.registry, q);
  }

  private record(snap: Map<string, Current>, p: Place, metal: Metal): CommodityRecord | undefined {
    const c = snap.get(`${p.key}|${metal}`);
    if (!c) return undefined;
    const rec: CommodityRecord = {
      commodity: metal,
      location: p.name,
      location_type: p.type,
      unit: UNITS[metal],
      price: c.latest.price.toFixed(2),
      change_pct: changePct(c).toFixed(2),
      updated_at: c.latest.updated_at,
    };
    const d = c.latest.details ?? {};
    if (metal === 'gold' && typeof d.price_18k === 'number' && typeof d.price_22k === 'number')
      rec.details = { price_18k: d.price_18k, price_22k: d.price_22k };
    if (typeof d.as_of === 'string') rec.as_of = d.as_of;
    if (d.session === 'AM' || d.session === 'PM') rec.session = d.session;
    return rec;
  }

  /** /commodities: every location of a metal (optionally one location type). */
  async list(metal: Metal, type: string | undefined) {
    const r = await this.d.answers.getJson(`list:${metal}:${type ?? ''}`, async () => {
      const snap = await this.d.repo.current();
      const data = this.registry.places
        .filter((p) => tracks(metal)(p) && (!type || p.type === type))
        .map((p) => this.record(snap, p, metal))
        .filter((x): x is CommodityRecord => !!x);
      return { status: 'ok' as const, metal, count: data.length, data };
    });
    return withCached(r.json, r.cached);
  }

  /** /commodities?city=…: one location (india = the national price). */
  async one(metal: Metal, raw: string) {
    const place = this.resolve(raw, metal);
    const r = await this.d.answers.getJson(`one:${metal}:${place.key}`, async () => {
      const rec = this.record(await this.d.repo.current(), place, metal);
      if (!rec) throw notReady(`no ${metal} price has been crawled for ${place.name} yet; see /commodities/latest`);
      return { status: 'ok' as const, metal, count: 1, data: [rec] };
    });
    return withCached(r.json, r.cached);
  }

  /** /commodities/history: newest first. */
  async history(metal: Metal, raw: string, days: number) {
    const place = this.resolve(raw, metal);
    const today = indiaDay(this.d.ctx.now());
    const r = await this.d.answers.getJson(`history:${metal}:${place.key}:${days}:${today}`, async () => {
      const rows = await this.d.repo.history(place.key, metal, windowStart(this.d.ctx.now(), days));
      return rows.map((x) => ({ location: place.name, price: x.price.toFixed(2), date: x.day }));
    });
    // The cached part is the data; the envelope echoes the city as given.
    return new RawJson(`{"status":"ok","metal":${JSON.stringify(metal)},"city":${JSON.stringify(raw)},"data":${r.json},"cached":${r.cached}}`);
  }

  async status() {
    return groupStatus(this.d.ctx, this.d.repo, this.d.sourceNames, COMMODITIES_JOB);
  }

  /**
   * One task per metal and tracked place, with the sources that cover that place. The tasks of
   * one crawl share its pages (IBJA's page, goodreturns' all-India gold page and its cities).
   */
  tasks(pages = new CrawlPages()): CrawlTask<MetalPage, MetalQuote>[] {
    const { sources } = this.d;
    return METALS.flatMap((metal) =>
      this.registry.places.filter(tracks(metal)).map((place) => ({
        label: `${metal}: ${place.name}`,
        input: { metal, place, pages },
        providers: isNational(place) ? sources.national : isAbroad(place) ? sources.international : sources.city[metal],
        toRows: (q: MetalQuote, source: string) => [{ location: place.key, product: metal, price: q.price, details: detailsOf(q), source }],
        pastRows: (q: MetalQuote, source: string) =>
          (q.history ?? []).map((h) => ({ location: place.key, product: metal, day: h.day, price: h.price, details: detailsOf(h), source })),
      })),
    );
  }

  crawl(onProgress?: CrawlProgress, signal?: AbortSignal): Promise<CrawlOutcome> {
    const tasks = this.tasks();
    return crawlGroup(this.d.ctx, this.d, 'commodities', tasks, tasks.length, onProgress, signal);
  }
}
