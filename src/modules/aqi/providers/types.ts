// What an /aqi source is asked (a point) and what it answers: hourly model concentrations (from which
// the service computes the Indian AQI) or one station's own index (which is not the Indian AQI).
// Both are plain JSON, so the cache can keep them.

import type { Pollutant } from '../cpcb/breakpoints.js';

export interface Coordinates {
  lat: number;
  lon: number;
}

/** Hourly concentrations from a model, in the units of CPCB's table (CO in mg/m³, the rest µg/m³). */
export interface ModelReading {
  kind: 'model';
  provider: string;
  /** Centre of the grid cell the values are for. */
  grid: Coordinates | null;
  /** Start of each hour, epoch ms, ascending one hour apart. */
  times: number[];
  /** One value (or null) per hour; null when the model gave nothing for the pollutant. */
  series: Record<Pollutant, (number | null)[] | null>;
}

/** One monitoring station's latest reading, on the index scale its publisher uses. */
export interface StationReading {
  kind: 'station';
  provider: string;
  station: { name: string; url: string | null; location: Coordinates | null };
  /** ISO 8601 with the station's offset. */
  observed_at: string | null;
  index: number;
  dominant_pollutant: string | null;
  /** The publisher's per-pollutant index values (not concentrations). */
  sub_indices: Record<string, number>;
  attributions: string[];
}

export type Reading = ModelReading | StationReading;
