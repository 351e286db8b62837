// Route table of the IP module.

import type { App } from '../../core/module.js';
import { IpQuery, IpResponse } from './schemas.js';
import type { IpService } from './service.js';

export function ipRoutes(app: App, service: IpService): void {
  app.get(
    '/ip',
    {
      schema: {
        summary: 'Location and network of an IP address (IPv4 or IPv6); without ip, of the caller',
        description:
          'Offline data: <a href="https://db-ip.com">IP Geolocation by DB-IP</a> (CC BY 4.0); ASN data by RouteViews, NRO and DB-IP (CC BY 4.0). ' +
          'Private and reserved addresses are answered with location null and the reason in `reserved`.',
        querystring: IpQuery,
        response: { 200: IpResponse },
      },
      config: { example: '/ip?ip=8.8.8.8' },
    },
    // req.ip is the caller as Fastify sees it: X-Forwarded-For only counts under TRUST_PROXY.
    async (req) => service.lookup(req.query, req.ip),
  );
}
