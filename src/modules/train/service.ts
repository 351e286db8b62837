// The train use cases: validate stations and dates, pick the providers that serve an
// operation (in the configured order), run them through the shared failover, cache the
// answer for as long as that kind of data stays true, and flag stale copies.

import type { AppContext } from '../../core/module.js';
import { type ApiError, invalidParam, notFound } from '../../core/errors.js';
import { jobNotReady } from '../../core/not-ready.js';
import { calendarDate } from '../../core/date-param.js';
import type { CacheNamespace } from '../../core/cache/index.js';
import {
  AllProvidersFailed,
  ProviderHealth,
  UpstreamError,
  boundProvider,
  failover,
  noProviderConfigured,
  toApiError,
  type Provider,
} from '../../core/upstream/index.js';
import { runsOn, todayInIndia } from './format.js';
import type { StationRepository, Station } from './repository.js';
import { STATIONS_JOB } from './stations.js';
import type { Http, TrainOp, TrainUpstream } from './providers/types.js';
import type { BetweenQuery, LiveStatus, PnrStatus, ProviderTrain, TrainInfo, TrainListItem, TrainRoute } from './types.js';

const HOUR = 3_600_000;
const TTL = {
  between: HOUR, // timetables change rarely, but a day's list should not outlive the hour
  info: 24 * HOUR,
  route: 24 * HOUR,
  live: 2 * 60_000,
  pnr: 5 * 60_000,
} as const;

interface Sourced<T> {
  value: T;
  source: string;
}

type StationHit = Omit<Station, 'address'>;

interface Flags {
  source: string;
  cached: boolean;
  stale: boolean;
}

export class TrainService {
  // The app's record of provider failures: a provider that fails is skipped for a while by every request.
  private readonly health = new ProviderHealth();
  private readonly cache: Record<keyof typeof TTL, CacheNamespace>;
  private readonly stationSearch: CacheNamespace;

  constructor(
    private readonly ctx: AppContext,
    private readonly repo: StationRepository,
    /** The providers TRAIN_PROVIDERS chose, in its order. */
    private readonly upstreams: readonly TrainUpstream[],
  ) {
    ctx.providerHealth.track(
      'train',
      this.health,
      this.upstreams.map((u) => u.name),
    );
    this.cache = {
      between: ctx.cache.namespace('train:between', { ttlMs: TTL.between }),
      info: ctx.cache.namespace('train:info', { ttlMs: TTL.info }),
      route: ctx.cache.namespace('train:route', { ttlMs: TTL.route, staleMs: 7 * 24 * HOUR }),
      live: ctx.cache.namespace('train:live', { ttlMs: TTL.live, staleMs: 6 * HOUR }),
      pnr: ctx.cache.namespace('train:pnr', { ttlMs: TTL.pnr, staleMs: 6 * HOUR }),
    };
    this.stationSearch = ctx.cache.namespace('train:stations', { ttlMs: HOUR, staleMs: 0 });
  }

  // ------------------------------------------------------------------ use cases

  async between(fromIn: string, toIn: string, dateIn: string | undefined) {
    const from = fromIn.toUpperCase();
    const to = toIn.toUpperCase();
    if (from === to) throw invalidParam('to', 'to must be a different station from from');
    const date = this.date(dateIn);
    const q: BetweenQuery = { from, to, date };
    // Stations are checked on a cache miss only: a cached answer was checked when it was made.
    const r = await this.load('between', `${from}:${to}:${date}`, `trains from ${from} to ${to}`, `no upstream knows station ${from} or ${to}`, async () => {
      const stations = await this.knownStations([
        ['from', from],
        ['to', to],
      ]);
      const got = await this.failover<BetweenQuery, ProviderTrain[]>('train between stations', 'between', q, (up, input, http) => up.between!(input, http));
      // Upstreams that search by date may still list a train on a day it does not leave `from`.
      const trains = got.value
        .filter((t) => runsOn(t.days_runs, date))
        .map((t) => listItem(t, stations))
        .sort((a, b) => a.departure.localeCompare(b.departure) || a.train_number.localeCompare(b.train_number));
      return { value: trains, source: got.source };
    });
    return { status: 'ok' as const, date, count: r.value.length, trains: r.value, ...r.flags };
  }

  async info(number: string) {
    const r = await this.infoRecord(number);
    const { from_name: _f, to_name: _t, ...info } = r.value;
    return { status: 'ok' as const, ...info, ...r.flags };
  }

  async route(number: string) {
    const r = await this.load('route', number, `route of train ${number}`, `train ${number} not found`, async () => {
      const got = await this.failover<string, TrainRoute>('train route', 'route', number, (up, n, http) => up.route!(n, http));
      return { ...got, value: await this.withStationData(got.value) };
    });
    return {
      status: 'ok' as const,
      train_number: r.value.train_number,
      train_name: r.value.train_name,
      count: r.value.route.length,
      route: r.value.route,
      ...r.flags,
    };
  }

  async pnr(pnr: string) {
    const r = await this.load('pnr', pnr, `PNR ${pnr}`, `PNR ${pnr} not found (wrong, or flushed after the journey)`, () =>
      this.failover<string, PnrStatus>('train PNR', 'pnr', pnr, (up, p, http) => up.pnr!(p, http)),
    );
    return { status: 'ok' as const, ...r.value, ...r.flags };
  }

  async live(number: string, dateIn: string | undefined) {
    const date = this.date(dateIn);
    const info = (await this.infoRecord(number)).value;
    const q: BetweenQuery = { from: info.from, to: info.to, date };
    const r = await this.load(
      'live',
      `${number}:${date}`,
      `status of train ${number}`,
      `train ${number} does not run from ${info.from} on ${date}, or no fares are quoted for it`,
      () =>
        this.failover<BetweenQuery, LiveStatus>(
          'train live status',
          'between',
          q,
          async (up, input, http) => {
            const t = (await up.between!(input, http)).find((x) => x.train_number === number);
            if (!t || !runsOn(t.days_runs, input.date))
              throw new UpstreamError(up.name, 'not_found', `${up.name} does not list train ${number} from ${input.from} to ${input.to} on ${input.date}`);
            if (!t.fare || Object.keys(t.fare).length === 0) throw new UpstreamError(up.name, 'not_found', `${up.name} quotes no fares for train ${number}`);
            return liveRecord(t, info);
          },
          (up) => up.quotesFares === true,
        ),
    );
    return { status: 'ok' as const, ...r.value, date, ...r.flags };
  }

  async stations(q: string, limit: number) {
    const query = q.trim();
    const key = `${query.toLowerCase()}:${limit}`;
    // Autocomplete asks the same prefixes over and over; the list changes at most daily.
    const cached = await this.stationSearch.get<StationHit[]>(key);
    const stations = cached ?? (await this.searchStations(query, limit));
    if (!cached) await this.stationSearch.set(key, stations);
    return { status: 'ok' as const, query: q, count: stations.length, stations };
  }

  private async searchStations(q: string, limit: number): Promise<StationHit[]> {
    if (!(await this.repo.loaded()))
      throw jobNotReady(this.ctx, {
        job: STATIONS_JOB,
        what: 'the station list',
        seedable: true,
        meanwhile: 'train searches still answer; the upstreams judge station codes meanwhile',
      });
    return (await this.repo.search(q, limit)).map(({ address: _a, ...s }) => s);
  }

  // ------------------------------------------------------------------ internals

  private infoRecord(number: string) {
    return this.load('info', number, `train ${number}`, `train ${number} not found`, () =>
      this.failover<string, TrainInfo>('train info', 'info', number, (up, n, http) => up.info!(n, http)),
    );
  }

  /** YYYYMMDD (default today in India) → YYYY-MM-DD, or a 400 naming the rule. */
  private date(v: string | undefined): string {
    if (v === undefined) return todayInIndia(this.ctx.now());
    return calendarDate('date', v, 'YYYYMMDD');
  }

  /**
   * The stations named, from the stored list; an unknown code is a 404 naming it. Before the
   * list is first loaded nothing can be called unknown, so the upstreams decide
   * (docs/decisions/train-stations-before-load.md).
   */
  private async knownStations(codes: [string, string][]): Promise<Map<string, Station>> {
    if (!(await this.repo.loaded())) return new Map();
    const found = await this.repo.byCodes(codes.map(([, c]) => c));
    for (const [param, code] of codes) {
      if (!found.has(code)) throw notFound(`unknown station code ${code}`, { param, station: code });
    }
    return found;
  }

  /** Fills names and coordinates a provider left out, from the stored stations. */
  private async withStationData(route: TrainRoute): Promise<TrainRoute> {
    const known = await this.repo.byCodes(route.route.map((s) => s.station.code));
    return {
      ...route,
      route: route.route.map((s) => {
        const st = known.get(s.station.code);
        if (!st) return s;
        return {
          ...s,
          station: { code: s.station.code, name: s.station.name || st.name },
          ...(s.lat === null || s.lon === null ? { lat: st.lat, lon: st.lon } : {}),
        };
      }),
    };
  }

  /** Cached load with the flags every answer carries; upstream failures become API errors. */
  private async load<T>(
    ns: keyof typeof TTL,
    key: string,
    what: string,
    notFoundMessage: string,
    fetch: () => Promise<Sourced<T>>,
  ): Promise<{ value: T; flags: Flags }> {
    try {
      const r = await this.cache[ns].wrap(key, fetch);
      return { value: r.value.value, flags: { source: r.value.source, cached: r.cached, stale: r.stale } };
    } catch (err) {
      throw apiError(err, what, notFoundMessage);
    }
  }

  private async failover<I, O>(
    group: string,
    op: TrainOp,
    input: I,
    call: (up: TrainUpstream, input: I, http: Http) => Promise<O>,
    also: (up: TrainUpstream) => boolean = () => true,
  ): Promise<Sourced<O>> {
    const cfg = this.ctx.config;
    const providers: Provider<I, O>[] = this.upstreams
      .filter((up) => typeof up[op] === 'function' && (up.available?.(op) ?? true) && also(up))
      .map((up) => boundProvider<I, O>(up.name, this.ctx.fetch, (i, http) => call(up, i, http), { callTimeoutMs: cfg.UPSTREAM_TIMEOUT_MS }));
    const r = await failover(group, providers, input, this.health, { deadlineMs: cfg.TRAIN_DEADLINE_MS });
    return { value: r.value, source: r.provider };
  }
}

function apiError(err: unknown, what: string, notFoundMessage: string): ApiError {
  if (err instanceof AllProvidersFailed && err.attempts.length === 0) return noProviderConfigured(what, 'see TRAIN_PROVIDERS');
  const api = toApiError(err, what, notFoundMessage);
  // Say what was tried on a 404 too: "not found" from one upstream and a timeout from another differ.
  if (api.code === 'NOT_FOUND' && err instanceof AllProvidersFailed) {
    return notFound(api.message, { tried: err.attempts.map((a) => ({ provider: a.provider, reason: a.kind, message: a.message.slice(0, 160) })) });
  }
  return api;
}

function listItem(t: ProviderTrain, stations: Map<string, Station>): TrainListItem {
  const name = (ref: { code: string; name: string }) => ref.name || stations.get(ref.code)?.name || ref.code;
  return {
    train_number: t.train_number,
    train_name: t.train_name,
    from: { code: t.from.code, name: name(t.from) },
    to: { code: t.to.code, name: name(t.to) },
    departure: t.departure,
    arrival: t.arrival,
    duration: t.duration,
    days_runs: t.days_runs,
    classes: t.classes,
    train_type: t.train_type,
  };
}

function liveRecord(t: ProviderTrain, info: TrainInfo): LiveStatus {
  return {
    train_number: t.train_number,
    train_name: t.train_name || info.train_name,
    from: { code: t.from.code, name: t.from.name || info.from_name || t.from.code },
    to: { code: t.to.code, name: t.to.name || info.to_name || t.to.code },
    departure: t.departure,
    arrival: t.arrival,
    duration: t.duration,
    distance_km: t.distance_km ?? info.distance_km,
    train_type: t.train_type || info.type,
    fare: t.fare ?? {},
  };
}
