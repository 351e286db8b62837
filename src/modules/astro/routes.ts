// Route table of the astro module.

import type { App } from '../../core/module.js';
import { AstroAnswers, AstroQuery, ChartAnswers, ChartQuery, PanchangQuery, PanchangResponse } from './schemas.js';
import type { AstroService } from './service.js';
import type { ChartImages } from './chart-image.js';
import { PanchangFestivalsAnswers, PanchangFestivalsQuery, PanchangMonthAnswers, PanchangMonthQuery } from './calendar-schemas.js';
import type { CalendarService } from './calendar-service.js';

// How long clients may keep an answer (Cache-Control); the server's own cache decides freshness.
const ASTRO_MAX_AGE_S = 3600;
const TRANSIT_MAX_AGE_S = 300;

export function astroRoutes(app: App, service: AstroService, images: ChartImages, calendar: CalendarService): void {
  app.get(
    '/astro',
    {
      schema: {
        summary: 'Vedic birth chart: grahas, bhavas, lagna, panchanga, 16 vargas, Vimshottari dasha, upagrahas, ashtakavarga (json or toon)',
        querystring: AstroQuery,
        response: { 200: AstroAnswers },
      },
      config: { maxAgeS: ASTRO_MAX_AGE_S, example: '/astro?latitude=28.6139&longitude=77.209&year=1990&month=5&day=15&hour=10&min=30&tz=%2B05:30' },
    },
    async (req, reply) => {
      const answer = await service.chart(req.query);
      return reply.type(answer.contentType).send(answer.body);
    },
  );
  app.get(
    '/astro/chart',
    {
      schema: {
        summary: 'The birth chart drawn: north, south or east Indian style, any varga, SVG or PNG, English or Hindi, with an optional transit overlay',
        querystring: ChartQuery,
        response: { 200: ChartAnswers },
      },
      config: {
        maxAgeS: ASTRO_MAX_AGE_S,
        example: '/astro/chart?latitude=28.6139&longitude=77.209&year=1990&month=5&day=15&hour=10&min=30&tz=%2B05:30&style=north',
      },
    },
    async (req, reply) => {
      const img = await images.draw(req.query);
      // A transit drawn from the clock goes stale as the Moon moves (about 0.5° an hour).
      if (img.now) reply.header('cache-control', `public, max-age=${TRANSIT_MAX_AGE_S}`);
      // Drawn in another language than asked (a Hindi PNG without a Devanagari font): say why.
      if (img.fallback) reply.header('x-language-fallback', img.fallback);
      return reply.header('content-language', img.lang).type(img.contentType).send(img.body);
    },
  );
  app.get(
    '/panchang',
    {
      schema: {
        summary:
          'Panchang of a day at a place: tithi, nakshatra, yoga, karana with end times, sun and moon rise/set, Rahu kalam, Yamaganda, Gulika kalam, every muhurta (Brahma, Abhijit, Vijaya, Godhuli, Nishita, Dur muhurtam, Varjyam, Amrit kalam), day and night choghadiya, the 24 horas',
        querystring: PanchangQuery,
        response: { 200: PanchangResponse },
      },
      config: { maxAgeS: ASTRO_MAX_AGE_S, example: '/panchang?city=delhi&date=2025-11-22' },
    },
    async (req) => service.panchang(req.query),
  );
  app.get(
    '/panchang/month',
    {
      schema: {
        summary:
          'A month of the Hindu calendar at a place: each day with sunrise, sunset, tithi, nakshatra and yoga at sunrise, the lunar month, festivals and vrats (json or ics)',
        querystring: PanchangMonthQuery,
        response: { 200: PanchangMonthAnswers },
      },
      config: { maxAgeS: ASTRO_MAX_AGE_S, example: '/panchang/month?city=delhi&year=2026&month=5' },
    },
    async (req, reply) => {
      const a = await calendar.month(req.query);
      return reply.type(a.contentType).send(a.body);
    },
  );
  app.get(
    '/panchang/festivals',
    {
      schema: {
        summary:
          'Every Hindu festival and vrat of a year at a place (Ekadashis, Purnima, Amavasya, Sankrantis, Pradosh, Chaturthis, Diwali, Holi …) with the rule that placed each, Smarta and Vaishnava where they differ (json or ics)',
        querystring: PanchangFestivalsQuery,
        response: { 200: PanchangFestivalsAnswers },
      },
      config: { maxAgeS: ASTRO_MAX_AGE_S, example: '/panchang/festivals?city=delhi&year=2026' },
    },
    async (req, reply) => {
      const a = await calendar.festivals(req.query);
      return reply.type(a.contentType).send(a.body);
    },
  );
}
