// Probes of the AQI sources (`npm run probe`): Open-Meteo's model (and WAQI's nearest station
// when a token is set) for New Delhi; a row is one hour of model data, or the station reading.

import type { AppContext } from '../../core/module.js';
import { httpProvider, providerProbe, type ProbeSpec } from '../../core/upstream/index.js';
import { openMeteoAirQuality } from './providers/open-meteo.js';
import { waqiFeed } from './providers/waqi.js';
import type { Coordinates, Reading } from './providers/types.js';

const DELHI = { lat: 28.6139, lon: 77.209 };
const rows = (r: Reading) => (r.kind === 'model' ? r.times.length : 1);

export function aqiProbes(ctx: AppContext): ProbeSpec[] {
  const { AQI_OPEN_METEO_URL, AQI_WAQI_URL, AQI_WAQI_TOKEN } = ctx.config;
  const probes = [providerProbe(httpProvider<Coordinates, Reading>(openMeteoAirQuality(AQI_OPEN_METEO_URL), ctx.fetch), 'New Delhi', DELHI, rows)];
  if (AQI_WAQI_TOKEN) probes.push(providerProbe(httpProvider<Coordinates, Reading>(waqiFeed(AQI_WAQI_URL, AQI_WAQI_TOKEN), ctx.fetch), 'New Delhi', DELHI, rows));
  return probes;
}
