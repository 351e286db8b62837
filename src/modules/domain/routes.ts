// Route table of the domain module.

import type { App } from '../../core/module.js';
import { DomainQuery, DomainResponse } from './schemas.js';
import type { DomainService } from './service.js';

export function domainRoutes(app: App, service: DomainService): void {
  app.get(
    '/domain',
    {
      schema: {
        summary: 'Registration details or availability of a domain name, via RDAP',
        querystring: DomainQuery,
        response: { 200: DomainResponse },
      },
      config: { example: '/domain?name=example.com' },
    },
    async (req) => service.lookup(req.query),
  );
}
