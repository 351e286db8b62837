// Fuel use cases: the state list, one city, one state with its cities, history, the
// popular cities, search and the crawl. Answers are built from stored rows and cached per
// data version (prices/answers.ts); sources are asked in the order goodreturns → NDTV.

import type { AppContext } from '../../core/module.js';
import { invalidParam, notFound, notReady } from '../../core/errors.js';
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
  taskErrors,
  withCached,
  type CrawlRun,
} from '../../lib/prices/index.js';
import { FUELS, type Fuel, type FuelPage, type FuelReading } from './providers/types.js';

export const FUEL_JOB = 'fuel-crawl';

/** How far back a page's own history is stored (the longest /fuel/history window). */
const HISTORY_DAYS = 90;

export interface FuelPrice {
  price: number;
  unit: 'per_litre';
  change_pct: number;
}

export interface FuelRecord {
  location: string;
  location_type: string;
  updated_at?: string;
  petrol?: FuelPrice;
  diesel?: FuelPrice;
  /** The chosen fuels with no stored price, each with why (present only when some are missing). */
  missing?: { fuel: Fuel; reason: string }[];
}

/** The stored prices and the newest crawl run (which says why a price is missing). */
interface Snapshot {
  prices: Map<string, Current>;
  run?: CrawlRun;
}

export interface FuelServiceDeps extends GroupParts {
  ctx: AppContext;
  registry: Registry;
  providers: readonly Provider<FuelPage, FuelReading>[];
  /** The page (URL) a source reads for a page input: tasks reading the same page share one request. */
  pageOf: (source: string, page: FuelPage) => string | undefined;
}

export class FuelService {
  constructor(private readonly d: FuelServiceDeps) {}

  private get registry() {
    return this.d.registry;
  }

  // --- lookups (registry only; no crawl needed) ---

  /**
   * The place a user means. A city goes through the one place vocabulary (src/lib/prices/locate.ts):
   * old names and other spellings reach the priced city, a town without prices is a 404 naming the
   * nearest that have them, a name that is no town a 400. A state is one of the group's states, or
   * a 404 that suggests close names.
   */
  resolve(raw: string, param: string, filter: (p: Place) => boolean = () => true): Place {
    if (param !== 'state') return locate(this.registry, raw, { param, what: 'fuel', list: 'GET /fuel/cities', filter });
    const p = this.registry.find(raw, filter);
    if (p) return p;
    const suggestions = this.registry.search(raw, 3, filter).map((h) => h.place.name);
    throw notFound(`no fuel prices for "${raw}"; GET /fuel/cities lists the ${this.registry.places.length} locations`, {
      param,
      ...(suggestions.length ? { suggestions } : {}),
    });
  }

  cities() {
    const places = this.registry.places;
    return {
      status: 'ok' as const,
      count: places.length,
      locations: places.map((p) => ({ name: p.name, type: p.type })),
      cities: places.filter((p) => p.type === 'city').map((p) => p.name),
      states: places.filter((p) => p.type === 'state').map((p) => p.name),
    };
  }

  search(q: string) {
    return searchAnswer(this.registry, q);
  }

  // --- stored prices ---

  private async snapshot(): Promise<Snapshot> {
    const [prices, runs] = await Promise.all([this.d.repo.current(), this.d.repo.runs(1)]);
    return { prices, run: runs[0] };
  }

  /** The label of the crawl task that is for a place's price of a fuel (see tasks()). */
  private static taskLabel(p: Place, fuel: Fuel) {
    return p.type === 'city' ? `${fuel}: ${p.name}` : `${fuel}: states`;
  }

  /** Why a place has no stored price of a fuel, from what the newest crawl said of its page. */
  private whyMissing(snap: Snapshot, p: Place, fuel: Fuel): string {
    const none = `no ${fuel} price has been crawled for ${p.name}`;
    if (!snap.run) return `${none} yet`;
    const errors = taskErrors(snap.run, FuelService.taskLabel(p, fuel));
    const said = errors.length
      ? errors.slice(0, 2).join('; ')
      : p.type === 'state'
        ? `the state-wise ${fuel} listing read did not list it`
        : 'no reason was kept; /fuel/status shows the crawl';
    return `${none}; the last crawl (${snap.run.finished_at}): ${said}`;
  }

  /** A place's record with the chosen fuels it has prices for (the others under `missing`, with why); undefined when it has none. */
  private record(snap: Snapshot, p: Place, fuels: readonly Fuel[], withUpdatedAt: boolean): FuelRecord | undefined {
    const rec: FuelRecord = { location: p.name, location_type: p.type };
    const missing: NonNullable<FuelRecord['missing']> = [];
    let updated = '';
    for (const f of fuels) {
      const c = snap.prices.get(`${p.key}|${f}`);
      if (!c) {
        missing.push({ fuel: f, reason: this.whyMissing(snap, p, f) });
        continue;
      }
      rec[f] = { price: c.latest.price, unit: 'per_litre', change_pct: changePct(c) };
      if (c.latest.updated_at > updated) updated = c.latest.updated_at;
    }
    if (missing.length === fuels.length) return undefined;
    if (withUpdatedAt) rec.updated_at = updated;
    if (missing.length) rec.missing = missing;
    return rec;
  }

  private recordOrFail(snap: Snapshot, p: Place, fuels: readonly Fuel[]): FuelRecord {
    const r = this.record(snap, p, fuels, false);
    if (!r) throw notReady(`${fuels.map((f) => this.whyMissing(snap, p, f)).join('; ')}; see /fuel/status`);
    return r;
  }

  /** /fuel and /fuel?type=…: every state (or city) with the chosen fuels (answers are pre-serialized JSON). */
  async list(type: 'state' | 'city', fuel: Fuel | undefined) {
    const fuels = fuel ? [fuel] : [...FUELS];
    const r = await this.d.answers.getJson(`list:${type}:${fuel ?? ''}`, async (version) => {
      const snap = await this.snapshot();
      const data = this.registry.places
        .filter((p) => p.type === type)
        .map((p) => this.record(snap, p, fuels, true))
        .filter((x): x is FuelRecord => !!x);
      return { status: 'ok' as const, endpoint: '/fuel', scope: type === 'state' ? 'states' : 'cities', fuels, count: data.length, data, fetched_at: version };
    });
    return withCached(r.json, r.cached);
  }

  /** /fuel?city=…: a city (or, failing that, any location by that name). */
  async city(raw: string, fuel: Fuel | undefined) {
    const place = this.registry.find(raw, (p) => p.type === 'city') ?? this.resolve(raw, 'city');
    const fuels = fuel ? [fuel] : [...FUELS];
    const r = await this.d.answers.getJson(`city:${place.key}:${fuel ?? ''}`, async (version) => {
      const snap = await this.snapshot();
      return { status: 'ok' as const, endpoint: '/fuel', city: place.name, fuels, price: this.recordOrFail(snap, place, fuels), fetched_at: version };
    });
    return withCached(r.json, r.cached);
  }

  /** /fuel?state=…: the state's record and its cities'. */
  async state(raw: string, fuel: Fuel | undefined) {
    const place = this.resolve(raw, 'state', (p) => p.type === 'state');
    const fuels = fuel ? [fuel] : [...FUELS];
    const r = await this.d.answers.getJson(`state:${place.key}:${fuel ?? ''}`, async (version) => {
      const snap = await this.snapshot();
      const cities = this.registry.places
        .filter((p) => p.type === 'city' && p.state === place.name)
        .map((p) => this.record(snap, p, fuels, false))
        .filter((x): x is FuelRecord => !!x);
      return {
        status: 'ok' as const,
        endpoint: '/fuel',
        state: place.name,
        fuels,
        price: this.recordOrFail(snap, place, fuels),
        cities,
        count: cities.length,
        fetched_at: version,
      };
    });
    return withCached(r.json, r.cached);
  }

  /** /fuel/latest: petrol and diesel in the popular cities. */
  async latest() {
    const r = await this.d.answers.getJson('latest', async () => {
      const snap = await this.snapshot();
      let updated = '';
      const data = this.registry.places
        .filter((p) => p.tags.includes('popular'))
        .map((p) => {
          const rec = this.record(snap, p, FUELS, true);
          if (!rec) return undefined;
          if (rec.updated_at! > updated) updated = rec.updated_at!;
          return { location: rec.location, petrol: rec.petrol, diesel: rec.diesel, ...(rec.missing ? { missing: rec.missing } : {}) };
        })
        .filter((x) => !!x);
      return { status: 'ok' as const, endpoint: '/fuel/latest', count: data.length, updated_at: updated, data };
    });
    return withCached(r.json, r.cached);
  }

  /** /fuel/history: one location's price of one fuel over the last `days` days, newest first. */
  async history(fuel: Fuel, rawCity: string, days: number) {
    const place = this.registry.find(rawCity, (p) => p.type === 'city') ?? this.resolve(rawCity, 'city');
    const r = await this.d.answers.getJson(`history:${place.key}:${fuel}:${days}:${indiaDay(this.d.ctx.now())}`, async () => {
      const rows = await this.d.repo.history(place.key, fuel, windowStart(this.d.ctx.now(), days));
      return rows.map((x) => ({ location: place.name, price: x.price.toFixed(2), date: x.day }));
    });
    // The cached part is the data; the envelope echoes the city as given.
    return new RawJson(`{"status":"ok","fuel":${JSON.stringify(fuel)},"city":${JSON.stringify(rawCity)},"days":${days},"data":${r.json},"cached":${r.cached}}`);
  }

  /** /fuel/status: the crawl report. */
  async status() {
    return groupStatus(
      this.d.ctx,
      this.d.repo,
      this.d.providers.map((p) => p.name),
      FUEL_JOB,
    );
  }

  /** The `commodity` parameter moved to /commodities (a 400 naming /commodities, for clients of the older shape). */
  static commodityMoved(value: string) {
    return invalidParam('commodity', 'commodity prices moved out of /fuel; use /commodities', {
      hint: `/commodities?metal=${encodeURIComponent(/^(gold|silver|platinum)$/i.test(value) ? value.toLowerCase() : 'gold')}`,
    });
  }

  // --- crawl ---

  /** Every row a page gave, on the registry's places: states from a state-wise table, cities from a table of cities or a city's page. */
  private rowsOf(reading: FuelReading, fuel: Fuel, source: string) {
    return reading.rows.flatMap((row) => {
      const type = row.type ?? 'state';
      const p = this.registry.find(row.name, (x) => x.type === type);
      return p ? [{ location: p.key, product: fuel, price: row.price, source }] : [];
    });
  }

  /** The page's own earlier days (its "Last 10 Days" and month tables), within the longest history window. */
  private pastOf(reading: FuelReading, fuel: Fuel, source: string) {
    const from = windowStart(this.d.ctx.now(), HISTORY_DAYS);
    return reading.history.flatMap((h) => {
      const p = this.registry.find(h.name, (x) => x.type === 'city');
      return p && h.day >= from ? [{ location: p.key, product: fuel, day: h.day, price: h.price, source }] : [];
    });
  }

  /**
   * Per fuel: the state-wise listing, then each city's page. A page gives every registry place it
   * lists (a state's page on NDTV lists its cities): the task's own place wins over what another
   * page gave for it, and two cities on one state page cost one request.
   */
  tasks(): CrawlTask<FuelPage, FuelReading>[] {
    const { providers, pageOf } = this.d;
    const tasks: CrawlTask<FuelPage, FuelReading>[] = [];
    for (const fuel of FUELS) {
      const page = (input: FuelPage, wants: readonly Place[]): CrawlTask<FuelPage, FuelReading> => ({
        label: FuelService.taskLabel(input.place ?? wants[0], fuel),
        input,
        providers,
        wants: wants.map((p) => `${p.key}|${fuel}`),
        pageOf: (source) => pageOf(source, input),
        toRows: (reading, source) => this.rowsOf(reading, fuel, source),
        pastRows: (reading, source) => this.pastOf(reading, fuel, source),
      });
      tasks.push(
        page(
          { fuel },
          this.registry.places.filter((p) => p.type === 'state'),
        ),
      );
      for (const city of this.registry.places.filter((p) => p.type === 'city')) tasks.push(page({ fuel, place: city }, [city]));
    }
    return tasks;
  }

  crawl(onProgress?: CrawlProgress, signal?: AbortSignal): Promise<CrawlOutcome> {
    return crawlGroup(this.d.ctx, this.d, 'fuel', this.tasks(), this.registry.places.length * FUELS.length, onProgress, signal);
  }
}
