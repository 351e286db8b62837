// Open-Meteo forecast API, current conditions and the forecast (https://open-meteo.com/en/docs).
// GET {base}/v1/forecast?latitude=…&longitude=…&current=temperature_2m,relative_humidity_2m,
// wind_speed_10m,weather_code — defaults are °C and km/h, times in GMT (ISO 8601 without a zone).
// The forecast (/lab/weather) asks `hourly=` and `daily=` variables with forecast_hours=48 (from
// the current hour) and forecast_days=7, timezone=auto: the answer has `hourly`/`daily` objects of
// parallel arrays with a `time` array (local "2026-03-26T16:00" / "2026-03-26"), their units in
// `hourly_units`/`daily_units`, and the place's `timezone`; a value the model lacks is null.
// Quirks: the answer's latitude/longitude are the grid cell's centre, not the request's;
// `current.time` is the start of a 15-minute slot; errors are HTTP 400 {"error":true,"reason":"…"}.
// Variable names: we ask for the current names (weather_code, wind_speed_10m, wind_speed_10m_max,
// relative_humidity_2m) and the API echoes the names asked; older answers (and older self-hosted
// servers, see OPEN_METEO_URL) use weathercode, windspeed_10m, windspeed_10m_max and
// relativehumidity_2m. Both spellings are read, in the values and in their units.
// Terms: free for non-commercial use without a key, fewer than 10,000 calls a day; data
// CC-BY-4.0, attribute "Weather data by Open-Meteo.com". Commercial use needs their paid API
// (point OPEN_METEO_URL at it).

import type { HttpProviderSpec, UpstreamRequest, UpstreamResponse } from '../../../core/upstream/index.js';
import { UpstreamError } from '../../../core/upstream/index.js';

export const OPEN_METEO = 'open-meteo';

export interface Coordinates {
  lat: number;
  lon: number;
}

/** What the service keeps of one answer (JSON-serialisable, cached). */
export interface CurrentConditions {
  temperature_c: number;
  humidity_pct: number;
  wind_kmh: number;
  wmo_code: number;
  /** Start of the 15-minute slot the values describe, ISO 8601 UTC. */
  observed_at: string | null;
}

const CURRENT = 'temperature_2m,relative_humidity_2m,wind_speed_10m,weather_code';

export function request(baseUrl: string, at: Coordinates): UpstreamRequest {
  const q = new URLSearchParams({
    latitude: String(at.lat),
    longitude: String(at.lon),
    current: CURRENT,
    temperature_unit: 'celsius',
    wind_speed_unit: 'kmh',
    timezone: 'GMT',
  });
  return { url: `${baseUrl}/v1/forecast?${q}`, headers: { accept: 'application/json' } };
}

interface Answer {
  current?: Record<string, unknown>;
  current_units?: Record<string, unknown>;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The older spelling of each variable we ask for (the API renamed them; older answers use these). */
const OLD_NAMES: Record<string, string> = {
  weather_code: 'weathercode',
  wind_speed_10m: 'windspeed_10m',
  wind_speed_10m_max: 'windspeed_10m_max',
  relative_humidity_2m: 'relativehumidity_2m',
};

/** The key under which an answer's object carries `name`: the current spelling, else the older one. */
export function keyOf(obj: Record<string, unknown>, name: string): string {
  return name in obj || !OLD_NAMES[name] || !(OLD_NAMES[name] in obj) ? name : OLD_NAMES[name];
}

export function parse(res: UpstreamResponse): CurrentConditions {
  const body = res.json<Answer>();
  const cur = body?.current;
  if (!cur || typeof cur !== 'object') throw new UpstreamError(OPEN_METEO, 'bad_response', 'open-meteo answered without current conditions');
  const units = body.current_units ?? {};
  const windUnit = units[keyOf(units, 'wind_speed_10m')];
  // We ask for °C and km/h; an answer in other units would be silently wrong, so refuse it.
  if ((units.temperature_2m !== undefined && units.temperature_2m !== '°C') || (windUnit !== undefined && windUnit !== 'km/h')) {
    throw new UpstreamError(OPEN_METEO, 'bad_response', 'open-meteo answered in unexpected units');
  }
  const temperature = num(cur.temperature_2m);
  const humidity = num(cur[keyOf(cur, 'relative_humidity_2m')]);
  const wind = num(cur[keyOf(cur, 'wind_speed_10m')]);
  const code = num(cur[keyOf(cur, 'weather_code')]);
  if (temperature === undefined || humidity === undefined || wind === undefined || code === undefined) {
    throw new UpstreamError(OPEN_METEO, 'bad_response', 'open-meteo answered without temperature, humidity, wind or weather code');
  }
  return {
    temperature_c: temperature,
    humidity_pct: humidity,
    wind_kmh: wind,
    wmo_code: Math.trunc(code),
    observed_at: slotTime(cur.time),
  };
}

/** "2026-03-26T16:15" (GMT, as asked) → "2026-03-26T16:15:00Z"; unix seconds are accepted too. */
function slotTime(t: unknown): string | null {
  if (typeof t === 'number' && Number.isFinite(t)) return new Date(t * 1000).toISOString().replace('.000Z', 'Z');
  if (typeof t !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(t)) return null;
  const d = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(t) ? t : `${t}Z`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().replace('.000Z', 'Z');
}

/** One hour of the forecast; null where the model has no value. */
export interface ForecastHour {
  /** Local wall-clock time of the hour's start at the place, "YYYY-MM-DDTHH:mm". */
  time: string;
  temperature_c: number | null;
  precipitation_probability_pct: number | null;
  wind_kmh: number | null;
  wmo_code: number | null;
}

/** One local day of the forecast. */
export interface ForecastDay {
  date: string;
  temperature_max_c: number | null;
  temperature_min_c: number | null;
  precipitation_probability_max_pct: number | null;
  wind_max_kmh: number | null;
  wmo_code: number | null;
}

export interface Forecast {
  /** IANA name of the place's time zone, the zone of every time in the forecast. */
  timezone: string;
  hourly: ForecastHour[];
  daily: ForecastDay[];
}

export const FORECAST_HOURS = 48;
export const FORECAST_DAYS = 7;
const HOURLY = ['temperature_2m', 'precipitation_probability', 'wind_speed_10m', 'weather_code'] as const;
const DAILY = ['weather_code', 'temperature_2m_max', 'temperature_2m_min', 'precipitation_probability_max', 'wind_speed_10m_max'] as const;
const UNITS: Record<string, string> = {
  temperature_2m: '°C',
  temperature_2m_max: '°C',
  temperature_2m_min: '°C',
  wind_speed_10m: 'km/h',
  wind_speed_10m_max: 'km/h',
  precipitation_probability: '%',
  precipitation_probability_max: '%',
};

export function forecastRequest(baseUrl: string, at: Coordinates): UpstreamRequest {
  const q = new URLSearchParams({
    latitude: String(at.lat),
    longitude: String(at.lon),
    hourly: HOURLY.join(','),
    daily: DAILY.join(','),
    forecast_hours: String(FORECAST_HOURS),
    forecast_days: String(FORECAST_DAYS),
    temperature_unit: 'celsius',
    wind_speed_unit: 'kmh',
    // Days are the place's own days; hours are given in the same zone, named in the answer.
    timezone: 'auto',
  });
  return { url: `${baseUrl}/v1/forecast?${q}`, headers: { accept: 'application/json' } };
}

type Series = Record<string, unknown>;

/** The block's time array and one reader per variable; refuses a block that is missing or mislabelled. */
function block(body: Record<string, unknown>, name: 'hourly' | 'daily', vars: readonly string[], time: RegExp) {
  const data = body[name] as Series | undefined;
  const units = (body[`${name}_units`] ?? {}) as Series;
  const times = data?.time;
  if (!data || !Array.isArray(times) || times.length === 0 || !times.every((t) => typeof t === 'string' && time.test(t))) {
    throw new UpstreamError(OPEN_METEO, 'bad_response', `open-meteo answered without a ${name} forecast`);
  }
  for (const v of vars) {
    const k = keyOf(data, v);
    if (!Array.isArray(data[k]) || (data[k] as unknown[]).length !== times.length)
      throw new UpstreamError(OPEN_METEO, 'bad_response', `open-meteo answered without ${name} ${v}`);
    const unit = units[keyOf(units, v)];
    if (UNITS[v] && unit !== undefined && unit !== UNITS[v]) throw new UpstreamError(OPEN_METEO, 'bad_response', 'open-meteo answered in unexpected units');
  }
  const at = (v: string, i: number) => num((data[keyOf(data, v)] as unknown[])[i]) ?? null;
  return { times: times as string[], at };
}

export function parseForecast(res: UpstreamResponse): Forecast {
  const body = res.json<Record<string, unknown>>();
  if (!body || typeof body !== 'object') throw new UpstreamError(OPEN_METEO, 'bad_response', 'open-meteo answered without a forecast');
  const h = block(body, 'hourly', HOURLY, /^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
  const d = block(body, 'daily', DAILY, /^\d{4}-\d\d-\d\d$/);
  const code = (v: number | null) => (v === null ? null : Math.trunc(v));
  return {
    timezone: typeof body.timezone === 'string' && body.timezone ? body.timezone : 'GMT',
    hourly: h.times.slice(0, FORECAST_HOURS).map((time, i) => ({
      time,
      temperature_c: h.at('temperature_2m', i),
      precipitation_probability_pct: h.at('precipitation_probability', i),
      wind_kmh: h.at('wind_speed_10m', i),
      wmo_code: code(h.at('weather_code', i)),
    })),
    daily: d.times.slice(0, FORECAST_DAYS).map((date, i) => ({
      date,
      temperature_max_c: d.at('temperature_2m_max', i),
      temperature_min_c: d.at('temperature_2m_min', i),
      precipitation_probability_max_pct: d.at('precipitation_probability_max', i),
      wind_max_kmh: d.at('wind_speed_10m_max', i),
      wmo_code: code(d.at('weather_code', i)),
    })),
  };
}

export function openMeteoForecast(baseUrl: string): HttpProviderSpec<Coordinates, Forecast> {
  return { name: OPEN_METEO, request: (at) => forecastRequest(baseUrl, at), parse: (res) => parseForecast(res) };
}

export function openMeteo(baseUrl: string): HttpProviderSpec<Coordinates, CurrentConditions> {
  return { name: OPEN_METEO, request: (at) => request(baseUrl, at), parse: (res) => parse(res) };
}
