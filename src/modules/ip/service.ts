// /ip use case: read the address (the query, else the caller's as Fastify resolved it under
// TRUST_PROXY), answer private/reserved ranges plainly, then the offline data (DB-IP City
// Lite + ASN table, microseconds per lookup, no cache needed). Only when the offline data has
// no location and IP_API_FALLBACK is on is ip-api.com asked, rate-limited and cached 24 hours.

import type { AppContext } from '../../core/module.js';
import type { DataLoad } from '../../core/loads.js';
import type { WorkPool } from '../../core/work/index.js';
import { invalidParam } from '../../core/errors.js';
import type { CacheNamespace } from '../../core/cache/index.js';
import { ProviderHealth, UpstreamError, failover, httpProvider, type Provider } from '../../core/upstream/index.js';
import { parseIp, reservedReason } from './address.js';
import { GeoDb, defaultPaths } from './geo-db.js';
import type { IpLookup, ParsedIp } from './model.js';
import { IP_API, ipApi } from './providers/ip-api.js';
import { RateWindow } from './rate-window.js';
import type { IpQuery, IpResponse } from './schemas.js';

const DAY_MS = 86_400_000;
/** The load that opens the offline data once the server listens (ctx.loads). */
export const IP_DATA_LOAD = 'ip-data';

export const DBIP_ATTRIBUTION = 'IP Geolocation by DB-IP (https://db-ip.com), CC BY 4.0; ASN data by RouteViews, NRO and DB-IP, CC BY 4.0';
const IP_API_ATTRIBUTION = 'ip-api.com (non-commercial use)';

// The data sets are large (about 130 MB of mmdb): open them once per process and path,
// however many app instances (tests, benchmarks) ask.
const opened = new Map<string, Promise<GeoDb>>();

export function openGeoDb(cityDir?: string, asnDir?: string, pool?: WorkPool): Promise<GeoDb> {
  const paths = defaultPaths(cityDir, asnDir);
  const key = `${paths.cityDir}|${paths.asnDir}`;
  let p = opened.get(key);
  if (!p) {
    p = GeoDb.open(paths, pool);
    // A failed load is retried on the next request rather than remembered forever.
    p.catch(() => opened.delete(key));
    opened.set(key, p);
  }
  return p;
}

export class IpService {
  private readonly cache: CacheNamespace;
  private readonly health = new ProviderHealth();
  private readonly fallback: Provider<ParsedIp, IpLookup>[];
  private geo?: GeoDb;

  constructor(private readonly ctx: AppContext) {
    this.cache = ctx.cache.namespace('ip', { ttlMs: DAY_MS });
    const c = ctx.config;
    this.fallback = c.IP_API_FALLBACK ? [limited(httpProvider(ipApi(c.IP_API_URL), ctx.fetch), new RateWindow(45, 60_000))] : [];
    ctx.providerHealth.track(
      'ip',
      this.health,
      this.fallback.map((p) => p.name),
    );
  }

  /** The module's data load: opens the offline data once the server listens (ctx.loads). */
  readonly dataLoad: DataLoad = { name: IP_DATA_LOAD, what: 'the IP location data (DB-IP City Lite, ASN)', run: async () => void (await this.load()) };

  /** Opens the offline data (the module's load, run once the server listens). */
  async load(): Promise<GeoDb> {
    if (this.geo) return this.geo;
    // The ASN table is built in the work pool: its rows would hold the event loop (asn-task.ts).
    this.geo = await openGeoDb(this.ctx.config.IP_CITY_DB, this.ctx.config.IP_ASN_DB, this.ctx.work);
    return this.geo;
  }

  /**
   * The offline data, or undefined while it is not open: a request never waits the seconds
   * that opening takes. A load that failed (or never ran) is started again in the background,
   * so a file put right is picked up without a restart.
   */
  private data(): GeoDb | undefined {
    if (this.geo) return this.geo;
    // A load already running is joined, not started twice (Loads.run).
    void this.ctx.loads.run(this.dataLoad);
    return undefined;
  }

  async lookup(q: IpQuery, callerIp: string): Promise<IpResponse> {
    if (q.ip !== undefined && q.q !== undefined && q.ip.trim() !== q.q.trim()) {
      throw invalidParam('ip', 'ip and q are the same parameter; give one address');
    }
    const asked = q.ip ?? q.q;
    const param = q.ip !== undefined ? 'ip' : 'q';
    const ip = parseIp(asked ?? callerIp);
    if (!ip) {
      if (asked === undefined) throw invalidParam('ip', `your address as seen by the server ("${callerIp}") is not an IP address; give ip`);
      throw invalidParam(param, `${param} must be an IPv4 or IPv6 address such as 8.8.8.8 or 2001:4860:4860::8888; "${asked}" is not one`);
    }

    const reserved = reservedReason(ip);
    if (reserved) {
      return {
        status: 'ok',
        api: 'ip',
        ip: ip.text,
        version: ip.version,
        location: null,
        network: null,
        reserved: `${ip.text} is ${reserved}: it has no public location`,
        source: null,
        attribution: null,
        cached: false,
      };
    }

    const geo = this.data();
    const offline = geo?.lookup(ip);
    if (offline?.found) return this.answer(ip, offline.value, 'dbip', DBIP_ATTRIBUTION, false);

    if (this.fallback.length) {
      try {
        const got = await this.cache.wrap(
          ip.text,
          async () => (await failover('ip', this.fallback, ip, this.health, { deadlineMs: this.ctx.config.IP_API_TIMEOUT_MS })).value,
        );
        return this.answer(ip, merge(got.value, offline?.value), IP_API, IP_API_ATTRIBUTION, got.cached);
      } catch (err) {
        // Offline first: a failing fallback never turns a known network into an error.
        this.ctx.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'ip: ip-api.com fallback failed');
      }
    }
    if (offline) return this.answer(ip, offline.value, 'dbip', DBIP_ATTRIBUTION, false);
    throw this.ctx.loads.notReadyError(IP_DATA_LOAD);
  }

  private answer(ip: ParsedIp, v: IpLookup, source: string, attribution: string, cached: boolean): IpResponse {
    return { status: 'ok', api: 'ip', ip: ip.text, version: ip.version, location: v.location, network: v.network, reserved: null, source, attribution, cached };
  }
}

/** ip-api's location, with the offline network filling what it left empty. */
function merge(online: IpLookup, offline?: IpLookup): IpLookup {
  if (!offline) return online;
  const n = online.network;
  return { location: online.location, network: { isp: n.isp ?? offline.network.isp, org: n.org ?? offline.network.org, as: n.as ?? offline.network.as } };
}

/** A provider that refuses (as rate_limited) once its per-window budget is spent. */
function limited<I, O>(p: Provider<I, O>, window: RateWindow): Provider<I, O> {
  return {
    name: p.name,
    run(input, ctx) {
      const wait = window.take();
      if (wait > 0) return Promise.reject(new UpstreamError(p.name, 'rate_limited', `${p.name}: local budget spent`, { retryAfterMs: wait }));
      return p.run(input, ctx);
    },
  };
}
