// Probes of the AQI sources (`npm run probe`): Open-Meteo's model (and WAQI's nearest station
// when a token is set) for New Delhi; a row is one hour of model data, or the station reading.

import type { AppContext } from '../../core/module.js';
import { buildUpstreams, httpProvider, providerProbe, type ProbeSpec } from '../../core/upstream/index.js';
import { AQI_UPSTREAMS } from './providers/index.js';
import type { Reading } from './providers/types.js';

const DELHI = { lat: 28.6139, lon: 77.209 };
const rows = (r: Reading) => (r.kind === 'model' ? r.times.length : 1);

export function aqiProbes(ctx: AppContext): ProbeSpec[] {
  return buildUpstreams(AQI_UPSTREAMS, ctx.config).map((spec) => providerProbe(httpProvider(spec, ctx.fetch), 'New Delhi', DELHI, rows));
}
