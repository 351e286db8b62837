// Route table of the service group: GET / (the landing listing, JSON or HTML for browsers),
// GET /health and the orchestrators' /health/live and /health/ready, and the landing page's assets.

import type { FastifyReply } from 'fastify';
import type { App } from '../../core/module.js';
import type { Ports } from '../../core/ports.js';
import type { Lang } from '../../core/langs.js';
import { sendRaw } from '../../core/http/raw-json.js';
import { DEPENDENCY_RETRY_AFTER_S } from '../../core/http/error-handler.js';
import type { Loads } from '../../core/loads.js';
import { VERSION } from '../../core/version.js';
import type { HealthChecker } from './health.js';
import type { HealthDetails } from './health-details.js';
import { publicOrigin } from '../../core/http/origin.js';
import { landingHtml, LANDING_HEADERS, varyOnAccept } from './landing.js';
import { assetRoutes, type LandingAssets } from './page/assets.js';
import { landingCalendar } from './page/calendar.js';
import { HealthResponse, ListingAnswers, ListingQuery, LiveResponse, ReadyResponse } from './schemas.js';

/**
 * 200, or 503 with the same body when a required dependency is down, with Retry-After as every
 * 503 of the app has (the error handler adds it to errors; this 503 is an answer). The 503 has no
 * declared schema on purpose: Fastify would serialize the overload guard's 503 errors on these
 * routes with it too, dropping their fields.
 */
const healthStatus = (reply: FastifyReply, healthy: boolean) => (healthy ? reply.code(200) : reply.code(503).header('retry-after', DEPENDENCY_RETRY_AFTER_S));
/** The health probes are never rate-limited (the route config the limiter reads; an MCP tool call follows it too). */
const PROBE = { rateLimit: false as const };

export interface MetaDeps {
  health: HealthChecker;
  /** Who gets the full /health report. */
  details: HealthDetails;
  /** The app's data loads (/health/ready names those not ended). */
  loads: Loads;
  assets: LandingAssets;
  ports: Ports;
  /** What the listing says about keys. */
  auth: string;
  keysRequired: boolean;
  /** PUBLIC_BASE_URL: what the page's curl lines call, when set. */
  publicBase: string | undefined;
  /** The app's clock: the page's calendar shows its month. */
  now: () => Date;
}

export function metaRoutes(app: App, { health, details, loads, assets, ports, auth, keysRequired, publicBase, now }: MetaDeps): void {
  assetRoutes(app, assets);
  app.get(
    '/',
    {
      schema: { summary: 'This listing (JSON, or HTML for browsers)', querystring: ListingQuery, response: { 200: ListingAnswers } },
      config: { example: '/' },
    },
    async (req, reply) => {
      const groups = ports.get('routeListing').list();
      const accept = req.headers.accept ?? '';
      varyOnAccept(reply);
      if (/text\/html/.test(accept) && !/application\/json/.test(accept.split(',')[0] ?? '')) {
        const calendar = await landingCalendar(ports, now(), (req.query as { lang?: Lang }).lang);
        if (calendar && !calendar.ok) req.log.warn({ err: calendar.message }, 'the landing page calendar could not be computed');
        return reply
          .headers(LANDING_HEADERS)
          .type('text/html; charset=utf-8')
          .send(landingHtml('jankari', VERSION, groups, assets, { keysRequired, origin: publicOrigin(req, publicBase), calendar }));
      }
      return { status: 'ok', name: 'jankari', version: VERSION, auth, docs: '/docs', openapi: '/openapi.json', groups };
    },
  );
  app.get(
    '/health',
    {
      schema: { summary: 'Status, version, uptime and the state of each dependency', response: { 200: HealthResponse } },
      config: { example: '/health', ...PROBE },
    },
    async (req, reply) => {
      const full = details.shows(req);
      if (details.varies) reply.header('vary', 'Authorization');
      // No await while the last check is fresh (nearly every probe): the answer is sent here,
      // in this turn, and the promise only tells Fastify it was (resolved with the reply: one
      // resolved with nothing while a compressed answer still streams gets an empty one sent).
      const { healthy, raw } = health.freshAnswer(full) ?? (await health.answer(full));
      return sendRaw(healthStatus(reply, healthy), raw);
    },
  );
  // For orchestrators: liveness says only that the process answers (restart it if not);
  // readiness that its required dependencies answer (send it traffic only then).
  app.get(
    '/health/live',
    {
      schema: { summary: 'Liveness: the process answers (always 200 while it runs)', response: { 200: LiveResponse } },
      config: { example: '/health/live', ...PROBE },
    },
    async () => ({
      status: 'ok' as const,
    }),
  );
  app.get(
    '/health/ready',
    {
      schema: { summary: 'Readiness: the database and the cache answer (503 otherwise)', response: { 200: ReadyResponse } },
      config: { example: '/health/ready', ...PROBE },
    },
    async (_req, reply) => {
      const { healthy, body } = await health.report();
      const deps = body.dependencies;
      const ready: ReadyResponse = { status: healthy ? 'ok' : 'error', database: deps.database.status, cache: deps.cache.status, loading: loads.pending() };
      return healthStatus(reply, healthy).send(ready);
    },
  );
}
