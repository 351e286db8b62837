// /aqi use case: resolve the point, then one reading through the shared failover — Open-Meteo's model
// concentrations first (the only source the Indian AQI can be computed from), the WAQI station feed
// second and only when AQI_WAQI_TOKEN is set. The reading is cached 30 minutes per point and the AQI
// computed from it at each request, so the 24-hour window follows the clock; when every source fails,
// a copy up to 6 hours old is served flagged `stale`.

import type { AppContext } from '../../core/module.js';
import type { CacheNamespace } from '../../core/cache/index.js';
import { ProviderHealth, buildUpstreams, failover, httpProvider, toApiError, type Provider } from '../../core/upstream/index.js';
import { resolvePlace } from '../../lib/places/index.js';
import { AQI_UPSTREAMS } from './providers/index.js';
import type { Coordinates, Reading } from './providers/types.js';
import { fromModel, fromStation } from './report.js';
import type { AqiQuery, AqiResponse } from './schemas.js';

export const TTL_MS = 30 * 60_000;
export const STALE_MS = 6 * 3600_000;

/** Cache key of a point: ~11 m, far finer than the model's grid. */
export const pointKey = (p: Coordinates) => `${p.lat.toFixed(4)},${p.lon.toFixed(4)}`;

export class AqiService {
  private readonly cache: CacheNamespace;
  private readonly providers: Provider<Coordinates, Reading>[];
  private readonly health = new ProviderHealth();

  constructor(private readonly ctx: AppContext) {
    this.cache = ctx.cache.namespace('aqi', { ttlMs: TTL_MS, staleMs: STALE_MS });
    this.providers = buildUpstreams(AQI_UPSTREAMS, ctx.config).map((spec) => httpProvider(spec, ctx.fetch));
    ctx.providerHealth.track(
      'aqi',
      this.health,
      this.providers.map((p) => p.name),
    );
  }

  async current(q: AqiQuery): Promise<AqiResponse> {
    const place = resolvePlace(q);
    const at = { lat: place.lat, lon: place.lon };
    let got;
    try {
      got = await this.cache.wrap(
        pointKey(at),
        async () => (await failover('aqi', this.providers, at, this.health, { deadlineMs: this.ctx.config.AQI_TIMEOUT_MS })).value,
      );
    } catch (err) {
      throw toApiError(err, 'aqi');
    }
    const record = got.value.kind === 'model' ? fromModel(got.value, this.ctx.now()) : fromStation(got.value);
    return { status: 'ok', api: 'aqi', city: place.city, location: at, location_source: place.source, ...record, cached: got.cached, stale: got.stale };
  }
}
