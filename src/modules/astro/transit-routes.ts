// Route of /astro/transits: the grahas on a day against the birth chart, ingresses and stations in a range.

import type { App } from '../../core/module.js';
import { TransitsQuery, TransitsResponse } from './transit-schemas.js';
import type { TransitService } from './transit-service.js';

const TRANSIT_MAX_AGE_S = 3600;

export function transitRoutes(app: App, service: TransitService): void {
  app.get(
    '/astro/transits',
    {
      schema: {
        summary: 'Transits against a birth chart: houses from lagna and Moon, bindus; ingresses and stations',
        querystring: TransitsQuery,
        response: { 200: TransitsResponse },
      },
      config: {
        maxAgeS: TRANSIT_MAX_AGE_S,
        example:
          '/astro/transits?latitude=28.6139&longitude=77.209&year=1990&month=5&day=15&hour=10&min=30&tz=%2B05:30&date=2026-01-01&from=2026-01-01&to=2026-01-31',
      },
    },
    async (req) => service.transits(req.query),
  );
}
