// Route table of the weather module.

import type { App } from '../../core/module.js';
import { WeatherQuery, WeatherResponse } from './schemas.js';
import type { WeatherService } from './service.js';

export function weatherRoutes(app: App, service: WeatherService): void {
  app.get(
    '/weather',
    {
      schema: {
        summary: 'Current temperature, humidity, wind and conditions for one of 12 cities, or for coordinates',
        querystring: WeatherQuery,
        response: { 200: WeatherResponse },
      },
      config: { example: '/weather?city=mumbai' },
    },
    async (req) => service.current(req.query),
  );
}
