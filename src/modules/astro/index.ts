// The astro module's public face: /astro (birth chart), /panchang and /astro/match, computed locally
// with the Swiss Ephemeris (sweph, AGPL-3.0 — the reason this project is AGPL-3.0-or-later).

import type { JankariModule } from '../../core/module.js';
import { astroRoutes } from './routes.js';
import { AstroService } from './service.js';
import { matchRoutes } from './match/routes.js';
import { MatchService } from './match/service.js';
import { ChartImages } from './chart-image.js';
import { CalendarService } from './calendar-service.js';
import { readingRoutes } from './reading-routes.js';
import { ReadingService } from './reading-service.js';
import { dashaRoutes } from './dasha-routes.js';
import { DashaService } from './dasha-service.js';
import { transitRoutes } from './transit-routes.js';
import { TransitService } from './transit-service.js';

export const astroModule: JankariModule = {
  name: 'astro',
  title: 'Vedic astrology',
  description:
    'Birth chart, dashas (Vimshottari, Yogini, Ashtottari, Chara, Narayana), ashtakavarga (json or toon), yogas, doshas, transits, the daily panchang with the Hindu calendar, month and festival views (json or ics), and marriage matching (Ashtakoota, poruthams, manglik); computed locally with the Swiss Ephemeris.',
  create(ctx, ports) {
    const service = new AstroService(ctx);
    const match = new MatchService(ctx);
    const images = new ChartImages(ctx, service);
    const calendar = new CalendarService(ctx);
    const reading = new ReadingService(ctx, service);
    const dashas = new DashaService(ctx, service);
    const transits = new TransitService(ctx, service);
    // The landing page's month calendar: the same computation and cache as /panchang/month.
    ports.provide('panchangMonth', {
      month: async (q) => {
        const { w, days } = await calendar.namedMonthDays(q);
        return { year: q.year, month: q.month, place: { name: w.out.name, latitude: w.out.latitude, longitude: w.out.longitude }, days };
      },
    });
    return {
      routes: (app) => {
        astroRoutes(app, service, images, calendar);
        matchRoutes(app, match);
        readingRoutes(app, reading);
        dashaRoutes(app, dashas);
        transitRoutes(app, transits);
      },
    };
  },
};
