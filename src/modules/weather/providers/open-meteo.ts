// Open-Meteo forecast API, current conditions (https://open-meteo.com/en/docs).
// GET {base}/v1/forecast?latitude=…&longitude=…&current=temperature_2m,relative_humidity_2m,
// wind_speed_10m,weather_code — defaults are °C and km/h, times in GMT (ISO 8601 without a zone).
// Quirks: the answer's latitude/longitude are the grid cell's centre, not the request's;
// `current.time` is the start of a 15-minute slot; errors are HTTP 400 {"error":true,"reason":"…"}.
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

export function parse(res: UpstreamResponse): CurrentConditions {
  const body = res.json<Answer>();
  const cur = body?.current;
  if (!cur || typeof cur !== 'object') throw new UpstreamError(OPEN_METEO, 'bad_response', 'open-meteo answered without current conditions');
  const units = body.current_units ?? {};
  // We ask for °C and km/h; an answer in other units would be silently wrong, so refuse it.
  if ((units.temperature_2m !== undefined && units.temperature_2m !== '°C') || (units.wind_speed_10m !== undefined && units.wind_speed_10m !== 'km/h')) {
    throw new UpstreamError(OPEN_METEO, 'bad_response', 'open-meteo answered in unexpected units');
  }
  const temperature = num(cur.temperature_2m);
  const humidity = num(cur.relative_humidity_2m);
  const wind = num(cur.wind_speed_10m);
  const code = num(cur.weather_code);
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

export function openMeteo(baseUrl: string): HttpProviderSpec<Coordinates, CurrentConditions> {
  return { name: OPEN_METEO, request: (at) => request(baseUrl, at), parse: (res) => parse(res) };
}
