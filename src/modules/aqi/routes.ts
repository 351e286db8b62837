// Route table of the aqi module.

import type { App } from '../../core/module.js';
import { AqiQuery, AqiResponse } from './schemas.js';
import type { AqiService } from './service.js';

export function aqiRoutes(app: App, service: AqiService): void {
  app.get(
    '/aqi',
    {
      schema: {
        summary: "Indian National AQI (CPCB's breakpoints and averaging) from modelled pollutant concentrations, for an Indian town or coordinates",
        querystring: AqiQuery,
        response: { 200: AqiResponse },
      },
      config: { example: '/aqi?city=delhi' },
    },
    async (req) => service.current(req.query),
  );
}
