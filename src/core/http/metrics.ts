// GET /metrics in Prometheus text format, and the count of every answered request by route
// pattern, method and status, with its latency. One callback hook: it runs on every request.
// Public deployments turn it off (METRICS_ENABLED=false) or ask for a bearer token
// (METRICS_TOKEN), compared in constant time.

import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../errors.js';
import type { Metrics } from '../metrics.js';
import { secretMatcher } from './guards.js';

export function installMetrics(app: FastifyInstance, metrics: Metrics, opts: { enabled: boolean; token?: string }): void {
  if (!opts.enabled) return;
  app.addHook('onResponse', (req, reply, done) => {
    // Unmatched paths share one label, so scanners cannot grow the label set.
    metrics.request(req.routeOptions.url ?? '(unmatched)', req.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  const valid = opts.token ? secretMatcher([opts.token]) : undefined;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (valid) {
      const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
      if (!m || !valid(m[1])) throw unauthorized('/metrics needs Authorization: Bearer <METRICS_TOKEN>');
    }
    return reply.type(metrics.contentType).send(await metrics.text());
  });
}
