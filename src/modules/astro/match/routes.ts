// Route of /astro/match (Ashtakoota, the ten poruthams, manglik dosha).

import type { App } from '../../../core/module.js';
import { MatchAnswers, MatchQuery } from './schemas.js';
import type { MatchService } from './service.js';

// How long clients may keep an answer (Cache-Control), as /astro.
const MATCH_MAX_AGE_S = 3600;

export function matchRoutes(app: App, service: MatchService): void {
  app.get(
    '/astro/match',
    {
      schema: {
        summary:
          'Marriage matching: Ashtakoota (36 gunas) or the ten South Indian poruthams, nadi/bhakoot dosha cancellations, manglik dosha of each chart; partners by birth data or Moon nakshatra and pada',
        querystring: MatchQuery,
        response: { 200: MatchAnswers },
      },
      config: { maxAgeS: MATCH_MAX_AGE_S, example: '/astro/match?boy_nakshatra=4&boy_pada=2&girl_nakshatra=13&girl_pada=3' },
    },
    async (req, reply) => reply.type('application/json; charset=utf-8').send(await service.match(req.query)),
  );
}
