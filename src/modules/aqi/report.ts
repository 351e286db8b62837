// Turns what a source answered into the /aqi record: for model concentrations, CPCB's averaging and
// sub-indices over the 24 hours that end at the latest hour not after now; for a station's reading,
// that station's own index, labelled as such, and no Indian AQI (there are no concentrations to compute it from).

import { indiaWallClock } from '../../core/time.js';
import { BREAKPOINTS, CATEGORY_INFO, POLLUTANTS, type Pollutant } from './cpcb/breakpoints.js';
import { MIN_HOURS_24, latestHourIndex, max1h, max8hMean, mean24 } from './cpcb/averaging.js';
import { overallAqi, subIndex, type OverallAqi } from './cpcb/subindex.js';
import type { ModelReading, StationReading } from './providers/types.js';
import type { AqiResponse, PollutantReading } from './schemas.js';

export type AqiRecord = Pick<AqiResponse, 'source' | 'aqi' | 'pollutants' | 'window' | 'grid' | 'station' | 'observed_at'>;

const HOUR_MS = 3_600_000;
const STANDARD = 'Indian National AQI (CPCB, 2014)' as const;

/** An hour start as India wall-clock time with its offset: "2024-11-20T12:00+05:30". */
export const indiaIso = (ms: number) => `${indiaWallClock(new Date(ms)).toISOString().slice(0, 16)}+05:30`;

const defaultAveraging = (p: Pollutant): PollutantReading['averaging'] => (p === 'o3' || p === 'co' ? '8h_max_mean' : '24h_mean');

function empty(p: Pollutant, hours: number, note: string): PollutantReading {
  const t = BREAKPOINTS[p];
  return { name: t.name, concentration: null, unit: t.unit, averaging: defaultAveraging(p), hours, sub_index: null, category: null, note };
}

function modelReading(r: ModelReading, p: Pollutant, end: number): PollutantReading {
  const series = r.series[p];
  const name = BREAKPOINTS[p].name;
  if (!series) return empty(p, 0, `${r.provider} gave no ${name} values here${p === 'nh3' ? ' (it models ammonia for Europe only)' : ''}`);
  if (end < 0) return empty(p, 0, 'no hour of the series is at or before now');
  let averaging = defaultAveraging(p);
  const avg = averaging === '24h_mean' ? mean24(series, end) : max8hMean(series, end);
  if (avg.value === null) return empty(p, avg.hours, `only ${avg.hours} of the 24 hourly values (CPCB needs ${MIN_HOURS_24})`);
  let s = subIndex(p, avg.value);
  // Ozone past the 8-hour rows (over 208 µg/m³) is read on the one-hour rows, as CPCB's table marks them.
  if (p === 'o3' && s.averaging === '1h') {
    averaging = '1h_max';
    s = subIndex(p, Math.max(max1h(series, end).value ?? avg.value, avg.value));
  }
  return {
    name,
    concentration: s.concentration,
    unit: BREAKPOINTS[p].unit,
    averaging,
    hours: avg.hours,
    sub_index: s.sub_index,
    category: s.category,
    note: null,
  };
}

function aqiBlock(o: OverallAqi): AqiRecord['aqi'] {
  const info = o.category ? CATEGORY_INFO[o.category] : null;
  return {
    standard: STANDARD,
    value: o.value,
    category: o.category,
    colour: info?.colour ?? null,
    health_impact: info?.health_impact ?? null,
    prominent_pollutant: o.prominent_pollutant,
    pollutants_counted: o.pollutants_counted,
    note: o.note,
  };
}

export function fromModel(r: ModelReading, now: Date): AqiRecord {
  const end = latestHourIndex(r.times, now.getTime());
  const pollutants = Object.fromEntries(POLLUTANTS.map((p) => [p, modelReading(r, p, end)])) as AqiRecord['pollutants'];
  const subs: Partial<Record<Pollutant, number>> = {};
  for (const p of POLLUTANTS) if (pollutants[p].sub_index !== null) subs[p] = pollutants[p].sub_index!;
  return {
    source: {
      provider: r.provider,
      kind: 'model',
      description:
        "Modelled concentrations for the grid cell around the point (CAMS, the Copernicus Atmosphere Monitoring Service, via Open-Meteo), not readings of CPCB's monitoring stations; the Indian AQI is computed from them with CPCB's breakpoints and averaging rules.",
      attribution: 'Air quality data by Open-Meteo.com (CC BY 4.0); contains modified Copernicus Atmosphere Monitoring Service information',
    },
    aqi: aqiBlock(overallAqi(subs)),
    pollutants,
    window: end < 0 ? null : { from: indiaIso(r.times[end] - 23 * HOUR_MS), to: indiaIso(r.times[end]) },
    grid: r.grid,
    station: null,
    observed_at: end < 0 ? null : indiaIso(r.times[end]),
  };
}

export function fromStation(r: StationReading): AqiRecord {
  const none = 'not given by this source: it publishes index values, not concentrations';
  return {
    source: {
      provider: r.provider,
      kind: 'station',
      description:
        "The nearest monitoring station's latest reading as the World Air Quality Index project republishes it: its own index on the US-EPA scale, not concentrations, so no Indian AQI is computed from it.",
      attribution: ['World Air Quality Index project (aqicn.org)', ...r.attributions].join('; '),
    },
    aqi: aqiBlock({
      value: null,
      category: null,
      prominent_pollutant: null,
      pollutants_counted: 0,
      note: 'the Indian AQI needs concentrations, which this source does not give; see station.index (US-EPA scale)',
    }),
    pollutants: Object.fromEntries(POLLUTANTS.map((p) => [p, empty(p, 0, none)])) as AqiRecord['pollutants'],
    window: null,
    grid: null,
    station: {
      name: r.station.name,
      url: r.station.url,
      location: r.station.location,
      index: r.index,
      index_scale: 'US EPA AQI as computed by WAQI (not the Indian AQI)',
      dominant_pollutant: r.dominant_pollutant,
      sub_indices: r.sub_indices,
      attributions: r.attributions,
    },
    observed_at: r.observed_at,
  };
}
