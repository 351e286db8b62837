// The qr module: QR codes of any text, and UPI payment codes. Pure computation, no upstream.

import type { JankariModule } from '../../core/module.js';
import { qrRoutes } from './routes.js';

export const qrModule: JankariModule = {
  name: 'qr',
  title: 'QR codes',
  description: 'QR code of any text as PNG or SVG, and UPI payment links (upi://pay) with their QR code; images cached for a year.',
  create: () => ({ routes: (app) => qrRoutes(app) }),
};
