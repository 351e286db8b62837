// /weather use case: resolve the place (a town of the place vocabulary, or coordinates), then current
// conditions from Open-Meteo through the shared failover, cached 10 minutes per place. When
// Open-Meteo fails, a copy up to 6 hours old is served flagged `stale` rather than an error.
// /lab/weather is its experimental sibling: the same places, the 48-hour and 7-day forecast,
// cached 30 minutes in its own namespace, with its own provider health.

import type { AppContext } from '../../core/module.js';
import { ProviderHealth, failover, httpProvider, toApiError, type Provider } from '../../core/upstream/index.js';
import type { CacheNamespace } from '../../core/cache/index.js';
import { resolvePlace } from '../../lib/places/index.js';
import { openMeteo, openMeteoForecast, type Coordinates, type CurrentConditions, type Forecast } from './providers/open-meteo.js';
import { describeWmo } from './wmo.js';
import type { LabWeatherResponse, WeatherQuery, WeatherResponse } from './schemas.js';

const TTL_MS = 10 * 60_000;
const STALE_MS = 6 * 3600_000;
const FORECAST_TTL_MS = 30 * 60_000;

/** Cache key of a place: ~11 m of precision is far finer than the model's grid. */
const placeKey = (p: Coordinates) => `${p.lat.toFixed(4)},${p.lon.toFixed(4)}`;

export class WeatherService {
  private readonly cache: CacheNamespace;
  private readonly providers: Provider<Coordinates, CurrentConditions>[];
  private readonly health = new ProviderHealth();
  private readonly forecastCache: CacheNamespace;
  private readonly forecastProviders: Provider<Coordinates, Forecast>[];
  // Its own health, so a forecast the parser refuses never suspends /weather's current conditions.
  private readonly forecastHealth = new ProviderHealth();

  constructor(private readonly ctx: AppContext) {
    this.cache = ctx.cache.namespace('weather', { ttlMs: TTL_MS, staleMs: STALE_MS });
    this.providers = [httpProvider(openMeteo(ctx.config.OPEN_METEO_URL), ctx.fetch)];
    this.forecastCache = ctx.cache.namespace('weather-forecast', { ttlMs: FORECAST_TTL_MS, staleMs: STALE_MS });
    this.forecastProviders = [httpProvider(openMeteoForecast(ctx.config.OPEN_METEO_URL), ctx.fetch)];
    ctx.providerHealth.track(
      'weather',
      this.health,
      this.providers.map((p) => p.name),
    );
    ctx.providerHealth.track(
      'weather-forecast',
      this.forecastHealth,
      this.forecastProviders.map((p) => p.name),
    );
  }

  async forecast(q: WeatherQuery): Promise<LabWeatherResponse> {
    const place = resolvePlace(q);
    const at = { lat: place.lat, lon: place.lon };
    let got;
    try {
      got = await this.forecastCache.wrap(placeKey(at), async () => {
        const r = await failover('weather', this.forecastProviders, at, this.forecastHealth, { deadlineMs: this.ctx.config.WEATHER_TIMEOUT_MS });
        return r.value;
      });
    } catch (err) {
      throw toApiError(err, 'weather forecast');
    }
    const f = got.value;
    const condition = (code: number | null) => (code === null ? null : { code, description: describeWmo(code) });
    return {
      status: 'ok',
      api: 'weather',
      experimental: true,
      city: place.city,
      location: at,
      timezone: f.timezone,
      units: { temperature: '°C', precipitation_probability: '%', wind_speed: 'km/h' },
      hourly: f.hourly.map((h) => ({
        time: h.time,
        temperature: h.temperature_c,
        precipitation_probability: h.precipitation_probability_pct,
        wind_speed: h.wind_kmh,
        condition: condition(h.wmo_code),
      })),
      daily: f.daily.map((d) => ({
        date: d.date,
        temperature_max: d.temperature_max_c,
        temperature_min: d.temperature_min_c,
        precipitation_probability_max: d.precipitation_probability_max_pct,
        wind_speed_max: d.wind_max_kmh,
        condition: condition(d.wmo_code),
      })),
      source: 'Open-Meteo (CC BY 4.0, "Weather data by Open-Meteo.com")',
      cached: got.cached,
      stale: got.stale,
    };
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
