// GET / (the landing listing, JSON or HTML) and GET /health.

import type { AppContext, JankariModule } from '../../core/module.js';
import type { RouteCatalog } from '../../core/http/catalog.js';
import { VERSION } from '../../core/version.js';
import { landingHtml } from './landing.js';
import { HealthChecker } from './health.js';

export function metaModule(deps: { modules: readonly JankariModule[]; catalog: RouteCatalog; ctx: AppContext }): JankariModule {
  return {
    name: 'meta',
    title: 'Service',
    description: 'This listing, health, and the API documentation (/docs, /openapi.json).',
    register(app) {
      const health = new HealthChecker(deps.ctx);
      app.get('/', { schema: { summary: 'This listing (JSON, or HTML for browsers)' }, config: { example: '/' } }, async (req, reply) => {
        const groups = deps.catalog.list();
        const accept = req.headers.accept ?? '';
        if (/text\/html/.test(accept) && !/application\/json/.test(accept.split(',')[0] ?? '')) {
          return reply.type('text/html; charset=utf-8').send(landingHtml('jankari', VERSION, groups));
        }
        return {
          status: 'ok',
          name: 'jankari',
          version: VERSION,
          auth: deps.ctx.config.API_KEYS.length ? 'x-api-key required on /search, /fetch, /crawl, /map and /v1/*' : 'none: a plain GET is enough',
          docs: '/docs',
          openapi: '/openapi.json',
          groups,
        };
      });
      app.get('/health', { schema: { summary: 'Status, version, uptime and the state of each dependency' }, config: { example: '/health' } }, async (_req, reply) => {
        const { healthy, body } = await health.report();
        return reply.code(healthy ? 200 : 503).send(body);
      });
    },
  };
}
