// Route table of the GST module.

import type { App } from '../../core/module.js';
import { GstPanResponse, GstQuery, GstResponse, PanQuery } from './schemas.js';
import type { GstService } from './service.js';

export function gstRoutes(app: App, service: GstService): void {
  app.get(
    '/gst',
    {
      schema: {
        summary: 'Taxpayer profile, HSN goods and filing status of a GSTIN; with fy, the returns filed that year',
        querystring: GstQuery,
        response: { 200: GstResponse },
      },
      config: { example: '/gst?number=27AAPFU0939F1ZV' },
    },
    async (req) => (req.query.fy ? service.returnsOf(req.query.number, req.query.fy) : service.taxpayer(req.query.number)),
  );
  app.get(
    '/gst/pan',
    {
      schema: { summary: 'The GSTINs registered against a PAN', querystring: PanQuery, response: { 200: GstPanResponse } },
      config: { example: '/gst/pan?pan=AAPFU0939F' },
    },
    async (req) => service.gstinsOfPan(req.query.pan),
  );
}
