// The service group: GET / (the landing listing, JSON or HTML) and GET /health. An ordinary
// module; the routes of the others reach it through the routeListing port.

import type { JankariModule } from '../../core/module.js';
import { HealthChecker } from './health.js';
import { healthDetails } from './health-details.js';
import { loadLandingAssets } from './page/assets.js';
import { metaRoutes } from './routes.js';

export const metaModule: JankariModule = {
  name: 'meta',
  title: 'Service',
  description: 'This listing, health, and the API documentation (/docs, /openapi.json).',
  create(ctx, ports) {
    const health = new HealthChecker(ctx, undefined, ports);
    const details = healthDetails(ctx.config);
    const assets = loadLandingAssets();
    const auth = ctx.config.API_KEYS.length
      ? 'x-api-key (or Authorization: Bearer) required on /search, /fetch, /crawl, /map, /screenshot and /v1/*'
      : 'none: a plain GET is enough';
    return {
      routes: (app) =>
        metaRoutes(app, {
          health,
          details,
          loads: ctx.loads,
          assets,
          ports,
          auth,
          keysRequired: ctx.config.API_KEYS.length > 0,
          publicBase: ctx.config.PUBLIC_BASE_URL,
          now: () => ctx.now(),
        }),
    };
  },
};
