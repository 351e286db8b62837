// The aqi module's public face: the module object. Its cities are the places registry's 12
// (src/lib/places); the CPCB breakpoint table and its source are in cpcb/ and SOURCES.md.

import type { JankariModule } from '../../core/module.js';
import { aqiRoutes } from './routes.js';
import { AqiService } from './service.js';
import { aqiProbes } from './probes.js';

export const aqiModule: JankariModule = {
  name: 'aqi',
  title: 'Air quality',
  description:
    "Indian National AQI computed with CPCB's breakpoints from modelled concentrations (CAMS via Open-Meteo; WAQI station index as fallback when a token is set), for any Indian town of the place vocabulary or any coordinates; cached 30 minutes.",
  create(ctx) {
    const service = new AqiService(ctx);
    return { routes: (app) => aqiRoutes(app, service), probes: aqiProbes(ctx) };
  },
};
