// One log line per answered request (method, path, route, status, time, request id) instead of
// Fastify's two ("incoming request", "request completed"): half the logging work at info, and a
// line that says everything. Query strings are left out (they may carry what users typed), and
// /health and /metrics, which probes and scrapers call every few seconds, are not logged.

import type { FastifyInstance } from 'fastify';

const QUIET = new Set(['/health', '/metrics']);

export function installRequestLog(app: FastifyInstance): void {
  // Below info nothing is written: no hook at all, so a quiet server pays nothing.
  if (!(app.log as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled('info')) return;
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url;
    if (route === undefined || !QUIET.has(route)) {
      const q = req.url.indexOf('?');
      // The root logger with the id: the request's own child logger is made only when a
      // handler logs through it (plugins/server-options.ts).
      app.log.info(
        { reqId: req.id, method: req.method, path: q === -1 ? req.url : req.url.slice(0, q), route: route ?? null, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
        'request',
      );
    }
    done();
  });
}
