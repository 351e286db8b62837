// One log line per answered request (method, path, route, status, time, request id) instead of
// Fastify's two ("incoming request", "request completed"): half the logging work at info, and a
// line that says everything. Query strings are left out (they may carry what users typed), and
// /health and /metrics, which probes and scrapers call every few seconds, are not logged.

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

const QUIET = new Set(['/health', '/metrics']);

/** Whether request lines are written at all: below info nothing is. */
export const logsRequests = (log: FastifyBaseLogger) => (log as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled('info');

/** The line of one answered request (an MCP tool call writes it too, for the route it ran). */
export function logRequest(log: FastifyBaseLogger, reqId: string, method: string, url: string, route: string | undefined, status: number, ms: number): void {
  if (route !== undefined && QUIET.has(route)) return;
  const q = url.indexOf('?');
  log.info({ reqId, method, path: q === -1 ? url : url.slice(0, q), route: route ?? null, status, ms: Math.round(ms * 10) / 10 }, 'request');
}

export function installRequestLog(app: FastifyInstance): void {
  // Below info nothing is written: no hook at all, so a quiet server pays nothing.
  if (!logsRequests(app.log)) return;
  app.addHook('onResponse', (req, reply, done) => {
    // The root logger with the id: the request's own child logger is made only when a
    // handler logs through it (plugins/server-options.ts).
    logRequest(app.log, req.id, req.method, req.url, req.routeOptions.url, reply.statusCode, reply.elapsedTime);
    done();
  });
}
