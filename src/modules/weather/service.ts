// /weather use case: resolve the place (one of the 12 cities, or coordinates), then current
// conditions from Open-Meteo through the shared failover, cached 10 minutes per place. When
// Open-Meteo fails, a copy up to 6 hours old is served flagged `stale` rather than an error.

import type { AppContext } from '../../core/module.js';
import { invalidParam } from '../../core/errors.js';
import { ProviderHealth, failover, httpProvider, toApiError, type Provider } from '../../core/upstream/index.js';
import type { CacheNamespace } from '../../core/cache/index.js';
import { WEATHER_CITIES, WEATHER_CITY_KEYS, isWeatherCity } from '../../lib/places/index.js';
import { openMeteo, type Coordinates, type CurrentConditions } from './providers/open-meteo.js';
import { describeWmo } from './wmo.js';
import type { WeatherQuery, WeatherResponse } from './schemas.js';

const TTL_MS = 10 * 60_000;
const STALE_MS = 6 * 3600_000;

/** Names people also use for the listed cities. */
const ALIASES: Record<string, string> = { bengaluru: 'bangalore', calcutta: 'kolkata', bombay: 'mumbai', madras: 'chennai', 'new delhi': 'delhi', poona: 'pune' };

export interface Place extends Coordinates {
  /** Display name of the city, or null for coordinates. */
  city: string | null;
}

/** The place a query asks for; throws a 400 naming the parameter when it cannot say. */
export function resolvePlace(q: WeatherQuery): Place {
  const lons = [q.lon, q.lan, q.lng].filter((v): v is number => v !== undefined);
  if (new Set(lons).size > 1) throw invalidParam('lon', 'lon, lan and lng are the same parameter; give one value');
  const lon = lons[0];
  // The schema checks ranges; this also stops values the coercion turns into Infinity ("1e999").
  if (q.lat !== undefined && !(Math.abs(q.lat) <= 90)) throw invalidParam('lat', 'lat must be a number from -90 to 90');
  if (lon !== undefined && !(Math.abs(lon) <= 180)) throw invalidParam('lon', 'lon must be a number from -180 to 180');
  if (q.lat !== undefined && lon === undefined) throw invalidParam('lon', 'lon (or lan, lng) is required with lat');
  if (lon !== undefined && q.lat === undefined) throw invalidParam('lat', 'lat is required with lon (or lan, lng)');
  // Coordinates, when given, are the more precise ask and win over the city default.
  if (q.lat !== undefined && lon !== undefined) return { city: null, lat: q.lat, lon };
  const asked = (q.city ?? 'kolkata').trim().toLowerCase().replace(/\s+/g, ' ');
  const key = ALIASES[asked] ?? asked;
  if (!isWeatherCity(key)) {
    throw invalidParam('city', `unknown city "${String(q.city).slice(0, 40)}"; city must be one of ${WEATHER_CITY_KEYS.join(', ')}`, { valid_values: WEATHER_CITY_KEYS });
  }
  const c = WEATHER_CITIES[key];
  return { city: c.name, lat: c.lat, lon: c.lon };
}

/** Cache key of a place: ~11 m of precision is far finer than the model's grid. */
const placeKey = (p: Coordinates) => `${p.lat.toFixed(4)},${p.lon.toFixed(4)}`;

export class WeatherService {
  private readonly cache: CacheNamespace;
  private readonly providers: Provider<Coordinates, CurrentConditions>[];
  private readonly health = new ProviderHealth();

  constructor(private readonly ctx: AppContext) {
    this.cache = ctx.cache.namespace('weather', { ttlMs: TTL_MS, staleMs: STALE_MS });
    this.providers = [httpProvider(openMeteo(ctx.config.OPEN_METEO_URL), ctx.fetch)];
  }

  async current(q: WeatherQuery): Promise<WeatherResponse> {
    const place = resolvePlace(q);
    const at = { lat: place.lat, lon: place.lon };
    let got;
    try {
      got = await this.cache.wrap(placeKey(at), async () => {
        const r = await failover('weather', this.providers, at, this.health, { deadlineMs: this.ctx.config.WEATHER_TIMEOUT_MS });
        return r.value;
      });
    } catch (err) {
      throw toApiError(err, 'weather');
    }
    const w = got.value;
    return {
      status: 'ok',
      api: 'weather',
      city: place.city,
      location: at,
      temperature: { value: w.temperature_c, unit: '°C' },
      humidity: { value: w.humidity_pct, unit: '%' },
      wind_speed: { value: w.wind_kmh, unit: 'km/h' },
      condition: { code: w.wmo_code, description: describeWmo(w.wmo_code) },
      observed_at: w.observed_at,
      cached: got.cached,
      stale: got.stale,
    };
  }
}
