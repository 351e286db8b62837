// Route of /astro/dashas: Vimshottari, Yogini, Ashtottari, Chara and Narayana dasha with the periods on a date.

import type { App } from '../../core/module.js';
import { DashasQuery, DashasResponse } from './dasha-schemas.js';
import type { DashaService } from './dasha-service.js';

// As /astro: the answer is a pure function of the query (today's date aside, which the query can fix).
const DASHA_MAX_AGE_S = 3600;

export function dashaRoutes(app: App, service: DashaService): void {
  app.get(
    '/astro/dashas',
    {
      schema: {
        summary: 'Vimshottari, Yogini, Ashtottari, Chara or Narayana dasha: three levels with dates, and those running on a date',
        querystring: DashasQuery,
        response: { 200: DashasResponse },
      },
      config: {
        maxAgeS: DASHA_MAX_AGE_S,
        example: '/astro/dashas?latitude=28.6139&longitude=77.209&year=1990&month=5&day=15&hour=10&min=30&tz=%2B05:30&system=yogini&date=2026-01-01&years=40',
      },
    },
    async (req) => service.dashas(req.query),
  );
}
