// Probes of Open-Meteo (`npm run probe`): current conditions and the forecast for New Delhi.

import type { AppContext } from '../../core/module.js';
import { httpProvider, providerProbe, type ProbeSpec } from '../../core/upstream/index.js';
import { openMeteo, openMeteoForecast } from './providers/open-meteo.js';

const DELHI = { lat: 28.6139, lon: 77.209 };

export function weatherProbes(ctx: AppContext): ProbeSpec[] {
  return [
    providerProbe(httpProvider(openMeteo(ctx.config.OPEN_METEO_URL), ctx.fetch), 'current, New Delhi', DELHI, () => 1),
    providerProbe(httpProvider(openMeteoForecast(ctx.config.OPEN_METEO_URL), ctx.fetch), 'forecast, New Delhi', DELHI, (f) => f.daily.length),
  ];
}
