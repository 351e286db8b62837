// Route table of the numerology group.

import type { App, AppContext } from '../../core/module.js';
import { NumerologyQuerySchema, NumerologyReportSchema } from './schemas.js';
import { numerologyReport } from './service.js';

export function numerologyRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/numerology',
    {
      schema: {
        summary: 'Numerology report from a name and a date of birth (Pythagorean and Chaldean)',
        querystring: NumerologyQuerySchema,
        response: { 200: NumerologyReportSchema },
      },
      config: { example: '/numerology?name=Thomas+Cruise+Mapother&dob=03-07-1962&gender=M' },
    },
    async (req) => numerologyReport(req.query, ctx.now()),
  );
}
