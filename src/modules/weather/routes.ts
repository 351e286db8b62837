// Route table of the weather module.

import type { App } from '../../core/module.js';
import { LabWeatherResponse, WeatherQuery, WeatherResponse } from './schemas.js';
import type { WeatherService } from './service.js';

export function weatherRoutes(app: App, service: WeatherService): void {
  app.get(
    '/weather',
    {
      schema: {
        summary: 'Current temperature, humidity, wind and conditions for an Indian town or coordinates',
        querystring: WeatherQuery,
        response: { 200: WeatherResponse },
      },
      config: { example: '/weather?city=mumbai' },
    },
    async (req) => service.current(req.query),
  );
  app.get(
    '/lab/weather',
    {
      schema: {
        summary:
          'Experimental: hourly forecast for 48 hours and daily forecast for 7 days (temperature, precipitation probability, wind, conditions) for an Indian town or coordinates',
        description:
          'From the Open-Meteo forecast API (CC BY 4.0, "Weather data by Open-Meteo.com"; free for non-commercial use). Cached 30 minutes; an expired copy is served flagged stale when Open-Meteo fails.',
        querystring: WeatherQuery,
        response: { 200: LabWeatherResponse },
      },
      config: { example: '/lab/weather?city=mumbai' },
    },
    async (req) => service.forecast(req.query),
  );
}
