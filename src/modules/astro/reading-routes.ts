// Routes of the readings: /astro/yogas, /astro/strengths and /astro/doshas.

import type { App } from '../../core/module.js';
import { DoshasQuery, DoshasResponse, StrengthsQuery, StrengthsResponse, YogasQuery, YogasResponse } from './reading-schemas.js';
import type { ReadingService } from './reading-service.js';

// As /astro: the answer is a pure function of the query.
const READING_MAX_AGE_S = 3600;

export function readingRoutes(app: App, service: ReadingService): void {
  app.get(
    '/astro/yogas',
    {
      schema: {
        summary:
          'Yogas of a birth chart (89 rules: Pancha Mahapurusha, Nabhasa, Chandra, Surya, Raja, Dhana, Viparita, Neecha Bhanga, Malika …) with source, grahas, houses, cancellations',
        querystring: YogasQuery,
        response: { 200: YogasResponse },
      },
      config: { maxAgeS: READING_MAX_AGE_S, example: '/astro/yogas?latitude=28.6139&longitude=77.209&year=1990&month=5&day=15&hour=10&min=30&tz=%2B05:30' },
    },
    async (req) => service.yogas(req.query),
  );
  app.get(
    '/astro/strengths',
    {
      schema: {
        summary: 'Shadbala (six strengths in virupas and rupas, minimum, ratio, ishta/kashta phala) and bhava bala, by BPHS 27 as B. V. Raman works it',
        querystring: StrengthsQuery,
        response: { 200: StrengthsResponse },
      },
      config: { maxAgeS: READING_MAX_AGE_S, example: '/astro/strengths?latitude=28.6139&longitude=77.209&year=1990&month=5&day=15&hour=10&min=30&tz=%2B05:30' },
    },
    async (req) => service.strengths(req.query),
  );
  app.get(
    '/astro/doshas',
    {
      schema: {
        summary: 'Doshas: Sade Sati and dhaiyas as dates across a life with the phase on a date, Kaal Sarp (12 kinds, partial), manglik as /astro/match',
        querystring: DoshasQuery,
        response: { 200: DoshasResponse },
      },
      config: {
        maxAgeS: READING_MAX_AGE_S,
        example: '/astro/doshas?latitude=28.6139&longitude=77.209&year=1990&month=5&day=15&hour=10&min=30&tz=%2B05:30&date=2026-01-01',
      },
    },
    async (req) => service.doshas(req.query),
  );
}
