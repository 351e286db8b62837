// The weather module's public face: the module object. Its places live in the places
// registry (src/lib/places), which panchang and aqi use too.

import type { JankariModule } from '../../core/module.js';
import { weatherRoutes } from './routes.js';
import { WeatherService } from './service.js';
import { weatherProbes } from './probes.js';

export const weatherModule: JankariModule = {
  name: 'weather',
  title: 'Weather',
  description:
    'Current conditions from Open-Meteo for any Indian town of the place vocabulary or any coordinates (cached 10 minutes); /lab/weather: the 48-hour and 7-day forecast (cached 30 minutes).',
  create(ctx) {
    const service = new WeatherService(ctx);
    return { routes: (app) => weatherRoutes(app, service), probes: weatherProbes(ctx) };
  },
};
