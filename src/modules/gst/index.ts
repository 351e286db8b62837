// The GST module's public face: the module object, and the local GSTIN/PAN validators other
// modules may use.

import type { JankariModule } from '../../core/module.js';
import { gstRoutes } from './routes.js';
import { GstService } from './service.js';

export { checkGstin, checkPan, gstinCheckChar } from './gstin.js';
export type { ValidGstin, GstinLayout } from './gstin.js';

export const gstModule: JankariModule = {
  name: 'gst',
  title: 'GST verification',
  description: 'Taxpayer profile, HSN goods and filing status for a GSTIN (validated locally first); GSTINs of a PAN. Cached 24 hours.',
  create(ctx) {
    const service = new GstService(ctx);
    return { routes: (app) => gstRoutes(app, service) };
  },
};
