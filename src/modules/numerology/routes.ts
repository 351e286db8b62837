// Route table of the numerology group.

import type { App, AppContext } from '../../core/module.js';
import { NumerologyQuerySchema, NumerologyReportSchema } from './schemas.js';
import { numerologyReport } from './service.js';

// How long clients may keep an answer (Cache-Control); the server's own cache decides freshness.
const NUMEROLOGY_MAX_AGE_S = 600;

export function numerologyRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/numerology',
    {
      schema: {
        summary: 'Numerology report from a name and a date of birth (Pythagorean and Chaldean)',
        querystring: NumerologyQuerySchema,
        response: { 200: NumerologyReportSchema },
      },
      config: { maxAgeS: NUMEROLOGY_MAX_AGE_S, example: '/numerology?name=Thomas+Cruise+Mapother&dob=03-07-1962&gender=M' },
    },
    async (req) => numerologyReport(req.query, ctx.now()),
  );
}
