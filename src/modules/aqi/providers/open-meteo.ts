// Open-Meteo air-quality API (https://open-meteo.com/en/docs/air-quality-api): hourly pollutant
// concentrations from the Copernicus Atmosphere Monitoring Service (CAMS) models, 0.25° (about
// 25 km) global, 0.1° over Europe. MODEL values for a grid cell, not readings of CPCB's monitoring stations.
// GET {base}/v1/air-quality?latitude=…&longitude=…&hourly=pm10,pm2_5,carbon_monoxide,nitrogen_dioxide,
//   sulphur_dioxide,ozone,ammonia&past_days=1&forecast_days=1&timezone=Asia/Kolkata
// → {latitude, longitude, utc_offset_seconds, timezone, hourly_units:{pm10:"μg/m³",…},
//    hourly:{time:["2024-11-19T00:00",…], pm10:[…], …}}: yesterday and today, 00:00–23:00 local (48 hours).
// Quirks: every variable in μg/m³ (CO too; CPCB's table wants mg/m³, so it is divided by 1000 here);
// `ammonia` is "only available for Europe" (all null over India); values are instants on the hour;
// times are local wall-clock without an offset (utc_offset_seconds gives it); errors are HTTP 400
// {"error":true,"reason":"…"}. Terms: free for non-commercial use without a key (fewer than 10,000
// calls a day), data CC BY 4.0 — "Air quality data by Open-Meteo.com", which credits CAMS (Copernicus).
// Commercial use needs their paid API: point AQI_OPEN_METEO_URL at it.

import type { HttpProviderSpec, UpstreamRequest, UpstreamResponse } from '../../../core/upstream/index.js';
import { UpstreamError, upstream } from '../../../core/upstream/index.js';
import { POLLUTANTS, type Pollutant } from '../cpcb/breakpoints.js';
import type { Coordinates, ModelReading } from './types.js';

export const OPEN_METEO = 'open-meteo';

/** Open-Meteo's variable for each pollutant, and the factor to CPCB's unit. */
const VARIABLES: Record<Pollutant, { name: string; factor: number }> = {
  pm10: { name: 'pm10', factor: 1 },
  pm2_5: { name: 'pm2_5', factor: 1 },
  no2: { name: 'nitrogen_dioxide', factor: 1 },
  o3: { name: 'ozone', factor: 1 },
  co: { name: 'carbon_monoxide', factor: 1 / 1000 }, // µg/m³ → mg/m³
  so2: { name: 'sulphur_dioxide', factor: 1 },
  nh3: { name: 'ammonia', factor: 1 },
};

// Open-Meteo writes the Greek mu (U+03BC); the micro sign (U+00B5) means the same.
const MICROGRAMS = new Set(['μg/m³', 'µg/m³']);
const HOUR_MS = 3_600_000;

export function request(baseUrl: string, at: Coordinates): UpstreamRequest {
  const q = new URLSearchParams({
    latitude: String(at.lat),
    longitude: String(at.lon),
    hourly: POLLUTANTS.map((p) => VARIABLES[p].name).join(','),
    past_days: '1',
    forecast_days: '1',
    timezone: 'Asia/Kolkata',
  });
  return { url: `${baseUrl}/v1/air-quality?${q}`, headers: { accept: 'application/json' } };
}

interface Answer {
  latitude?: unknown;
  longitude?: unknown;
  utc_offset_seconds?: unknown;
  hourly?: Record<string, unknown>;
  hourly_units?: Record<string, unknown>;
}

const bad = (msg: string) => new UpstreamError(OPEN_METEO, 'bad_response', `open-meteo ${msg}`);
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Local wall-clock "2024-11-19T13:00" with the answer's offset, or unix seconds, as epoch ms. */
function hourStart(t: unknown, offsetSec: number): number {
  if (finite(t)) return t * 1000;
  if (typeof t !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(t)) return Number.NaN;
  return Date.parse(`${t}Z`) - offsetSec * 1000;
}

function readTimes(body: Answer): number[] {
  const raw = body.hourly?.time;
  if (!Array.isArray(raw) || raw.length === 0) throw bad('answered without hourly times');
  const offset = finite(body.utc_offset_seconds) ? body.utc_offset_seconds : 0;
  const times = raw.map((t) => hourStart(t, offset));
  if (times.some((t, i) => Number.isNaN(t) || (i > 0 && t - times[i - 1] !== HOUR_MS))) throw bad('answered times that are not consecutive hours');
  return times;
}

function readSeries(body: Answer, hours: number, p: Pollutant): (number | null)[] | null {
  const { name, factor } = VARIABLES[p];
  const raw = body.hourly?.[name];
  if (raw === undefined) return null;
  if (!Array.isArray(raw) || raw.length !== hours) throw bad(`answered ${name} that does not match its times`);
  const unit = body.hourly_units?.[name];
  // A unit we did not expect would make every number wrong by a factor: refuse rather than mislabel.
  if (unit !== undefined && !MICROGRAMS.has(String(unit))) throw bad(`answered ${name} in ${String(unit).slice(0, 20)}, not μg/m³`);
  const values = raw.map((v) => (finite(v) && v >= 0 ? v * factor : null));
  return values.some((v) => v !== null) ? values : null;
}

export function parse(res: UpstreamResponse): ModelReading {
  const body = res.json<Answer>();
  if (!body || typeof body !== 'object' || !body.hourly || typeof body.hourly !== 'object') throw bad('answered without hourly values');
  const times = readTimes(body);
  const series = Object.fromEntries(POLLUTANTS.map((p) => [p, readSeries(body, times.length, p)])) as ModelReading['series'];
  if (POLLUTANTS.every((p) => series[p] === null)) throw bad('answered no pollutant values');
  const grid = finite(body.latitude) && finite(body.longitude) ? { lat: body.latitude, lon: body.longitude } : null;
  return { kind: 'model', provider: OPEN_METEO, grid, times, series };
}

export function openMeteoAirQuality(baseUrl: string): HttpProviderSpec<Coordinates, ModelReading> {
  return { name: OPEN_METEO, request: (at) => request(baseUrl, at), parse: (res) => parse(res) };
}

/** The source and the setting it reads. */
export const openMeteoUpstream = upstream({ name: OPEN_METEO, settings: ['AQI_OPEN_METEO_URL'], build: (s) => openMeteoAirQuality(s.AQI_OPEN_METEO_URL) });
