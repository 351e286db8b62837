// Routes of the readings: /astro/yogas.

import type { App } from '../../core/module.js';
import { YogasQuery, YogasResponse } from './reading-schemas.js';
import type { ReadingService } from './reading-service.js';

// As /astro: the answer is a pure function of the query.
const READING_MAX_AGE_S = 3600;

export function readingRoutes(app: App, service: ReadingService): void {
  app.get(
    '/astro/yogas',
    {
      schema: {
        summary:
          'Yogas of a birth chart: Pancha Mahapurusha, the 32 Nabhasa, Chandra and Surya yogas, Gaja Kesari, Raja, Dhana, Viparita, Neecha Bhanga, Parivartana, Graha Malika and more, each with its classical source, the grahas and houses, and its cancellations',
        querystring: YogasQuery,
        response: { 200: YogasResponse },
      },
      config: { maxAgeS: READING_MAX_AGE_S, example: '/astro/yogas?latitude=28.6139&longitude=77.209&year=1990&month=5&day=15&hour=10&min=30&tz=%2B05:30' },
    },
    async (req) => service.yogas(req.query),
  );
}
