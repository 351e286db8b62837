// The IP module's public face: the module object, and the address reader other modules may use.

import type { JankariModule } from '../../core/module.js';
import { ipRoutes } from './routes.js';
import { IpService } from './service.js';

export { parseIp, reservedReason } from './address.js';
export type { ParsedIp, IpLocation, IpNetwork } from './model.js';

export const ipModule: JankariModule = {
  name: 'ip',
  title: 'IP location',
  description: 'Location and network of an IPv4 or IPv6 address from offline data (IP Geolocation by DB-IP, CC BY 4.0; ASN by RouteViews, NRO, DB-IP).',
  create(ctx) {
    const service = new IpService(ctx);
    return {
      routes: (app) => ipRoutes(app, service),
      // Open the ~130 MB of data once the server listens rather than on the first request.
      loads: [service.dataLoad],
    };
  },
};
