// World Air Quality Index project (WAQI, https://aqicn.org/json-api/doc/): the latest reading of the
// monitoring station nearest a point, re-published from the agencies that run them (CPCB and state
// boards in India). GET {base}/feed/geo:{lat};{lon}/?token=… →
//   {"status":"ok","data":{"aqi":153,"idx":…,"city":{"name":…,"geo":[lat,lon],"url":…},
//    "dominentpol":"pm25","iaqi":{"pm25":{"v":153},…},"time":{"s":"…","tz":"+05:30","iso":…},"attributions":[…]}}
// Quirks: `aqi` and `iaqi` are WAQI's own index values on the US-EPA scale, NOT concentrations, so the
// Indian AQI cannot be computed from them; `aqi` is "-" when the station has no current reading; the
// key is spelled `dominentpol`; failures are HTTP 200 with {"status":"error","data":"Invalid key" |
// "Over quota" | "Unknown station"}. Terms (aqicn.org/api/tos): a free token, non-commercial use, the
// originating agency named with the data, no redistribution of the data as a data set.

import type { HttpProviderSpec, UpstreamRequest, UpstreamResponse } from '../../../core/upstream/index.js';
import { UpstreamError, upstream, type FailureKind } from '../../../core/upstream/index.js';
import type { Coordinates, StationReading } from './types.js';

export const WAQI = 'waqi';

/** WAQI's pollutant keys (its weather keys t, h, p, w, … are left out). */
const POLLUTANT_KEYS = ['pm25', 'pm10', 'no2', 'so2', 'o3', 'co'] as const;

export function request(baseUrl: string, token: string, at: Coordinates): UpstreamRequest {
  return { url: `${baseUrl}/feed/geo:${at.lat};${at.lon}/?token=${encodeURIComponent(token)}`, headers: { accept: 'application/json' } };
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function refusal(message: string): UpstreamError {
  const kinds: [RegExp, FailureKind][] = [
    [/invalid key|token/i, 'blocked'],
    [/quota|limit/i, 'rate_limited'],
    [/unknown station/i, 'not_found'],
  ];
  const kind = kinds.find(([re]) => re.test(message))?.[1] ?? 'bad_response';
  return new UpstreamError(WAQI, kind, `waqi refused: ${message.slice(0, 60)}`);
}

interface Feed {
  aqi?: unknown;
  city?: { name?: unknown; url?: unknown; geo?: unknown };
  dominentpol?: unknown;
  iaqi?: Record<string, { v?: unknown }>;
  time?: { s?: unknown; tz?: unknown; iso?: unknown };
  attributions?: { name?: unknown }[];
}

function observedAt(t: Feed['time']): string | null {
  if (typeof t?.iso === 'string' && !Number.isNaN(Date.parse(t.iso))) return t.iso;
  if (typeof t?.s === 'string' && typeof t.tz === 'string' && /^[+-]\d\d:\d\d$/.test(t.tz)) {
    const iso = `${t.s.replace(' ', 'T')}${t.tz}`;
    return Number.isNaN(Date.parse(iso)) ? null : iso;
  }
  return null;
}

export function parse(res: UpstreamResponse): StationReading {
  const body = res.json<{ status?: unknown; data?: unknown }>();
  if (body?.status === 'error') throw refusal(typeof body.data === 'string' ? body.data : 'error');
  const d = body?.data as Feed | undefined;
  if (body?.status !== 'ok' || !d || typeof d !== 'object') throw new UpstreamError(WAQI, 'bad_response', 'waqi answered without a feed');
  if (!finite(d.aqi)) throw new UpstreamError(WAQI, 'bad_response', 'waqi: the nearest station has no current reading');
  if (typeof d.city?.name !== 'string') throw new UpstreamError(WAQI, 'bad_response', 'waqi answered without a station name');
  const geo = Array.isArray(d.city.geo) && finite(d.city.geo[0]) && finite(d.city.geo[1]) ? { lat: d.city.geo[0], lon: d.city.geo[1] } : null;
  const sub: Record<string, number> = {};
  for (const k of POLLUTANT_KEYS) {
    const v = d.iaqi?.[k]?.v;
    if (finite(v)) sub[k] = v;
  }
  return {
    kind: 'station',
    provider: WAQI,
    station: { name: d.city.name, url: typeof d.city.url === 'string' ? d.city.url : null, location: geo },
    observed_at: observedAt(d.time),
    index: d.aqi,
    dominant_pollutant: typeof d.dominentpol === 'string' && d.dominentpol ? d.dominentpol : null,
    sub_indices: sub,
    attributions: (Array.isArray(d.attributions) ? d.attributions : []).map((a) => a?.name).filter((n): n is string => typeof n === 'string'),
  };
}

export function waqiFeed(baseUrl: string, token: string): HttpProviderSpec<Coordinates, StationReading> {
  return { name: WAQI, request: (at) => request(baseUrl, token, at), parse: (res) => parse(res) };
}

/** The source and the settings it reads; asked only with a token. */
export const waqiUpstream = upstream({
  name: WAQI,
  settings: ['AQI_WAQI_URL', 'AQI_WAQI_TOKEN'],
  needs: ['AQI_WAQI_TOKEN'],
  build: (s) => waqiFeed(s.AQI_WAQI_URL, s.AQI_WAQI_TOKEN ?? ''),
});
