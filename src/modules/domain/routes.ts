// Route table of the domain module.

import type { App } from '../../core/module.js';
import { DomainQuery, DomainResponse } from './schemas.js';
import type { DomainService } from './service.js';

// How long clients may keep an answer (Cache-Control); the server's own cache decides freshness.
const DOMAIN_MAX_AGE_S = 3600;

export function domainRoutes(app: App, service: DomainService): void {
  app.get(
    '/domain',
    {
      schema: {
        summary: 'Registration details or availability of a domain name, via RDAP',
        querystring: DomainQuery,
        response: { 200: DomainResponse },
      },
      config: { maxAgeS: DOMAIN_MAX_AGE_S, example: '/domain?name=example.com' },
    },
    async (req) => service.lookup(req.query),
  );
}
