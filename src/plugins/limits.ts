// Load limits: the per-client rate limit (counted in Redis when there is one, so it holds
// across instances) and the event-loop guard that answers 503 while the process is swamped.

import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notReady, rateLimited } from '../core/errors.js';
import type { AppContext } from '../core/module.js';
import { createRedis, REDIS_START_WAIT_MS, redisReady } from '../core/context.js';

/**
 * The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers: `RateLimit-Policy: "default";q=300;w=60`
 * and `RateLimit: "default";r=299;t=58`) beside the legacy x-ratelimit-* ones the limiter sends, which
 * clients already read and which stay for a release.
 */
export function addStandardRateLimitHeaders(reply: FastifyReply, windowS: number): void {
  const limit = reply.getHeader('x-ratelimit-limit');
  if (limit === undefined) return;
  const remaining = reply.getHeader('x-ratelimit-remaining') ?? 0;
  const reset = reply.getHeader('x-ratelimit-reset') ?? windowS;
  reply.header('ratelimit-policy', `"default";q=${limit};w=${windowS}`);
  reply.header('ratelimit', `"default";r=${remaining};t=${reset}`);
}

export async function registerLimits(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { config } = ctx;
  if (config.RATE_LIMIT_MAX > 0) {
    const windowS = Math.max(1, Math.round(config.RATE_LIMIT_WINDOW_MS / 1000));
    // Its own connection, failing fast while Redis is away: with skipOnError the request then
    // goes uncounted at once instead of waiting for the command timeout.
    const redis = config.REDIS_URL ? createRedis(config.REDIS_URL, { failFast: true }) : undefined;
    if (redis) {
      redis.on('error', () => undefined);
      // Failing fast, a connection still opening would let the first requests go uncounted.
      app.addHook('onReady', async () => void (await redisReady(redis, REDIS_START_WAIT_MS)));
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
    }
    await app.register(rateLimit, {
      global: true,
      max: config.RATE_LIMIT_MAX,
      timeWindow: config.RATE_LIMIT_WINDOW_MS,
      redis,
      nameSpace: `${config.CACHE_PREFIX}rl:`,
      // A Redis outage must not take the API down with it.
      skipOnError: true,
      // A route that must never be limited (the health probes, POST /mcp) says so in its config,
      // `rateLimit: false`, and gets no limiter hook at all; an allowList function would be
      // asked, and awaited, on every request of every route.
      // The client is the plugin's default key: req.ip (as TRUST_PROXY allows), an IPv6 client
      // counted by its /64, the block one machine is given, so rotating addresses within it gains
      // nothing. A key function of our own would be awaited on every request; the default is not.
      errorResponseBuilder: (_req, c) =>
        // The window as configured (c.ttl is what is left of it, which read as "per 56 s").
        rateLimited(`too many requests: at most ${c.max} per ${windowS} s; retry after ${c.after}`),
    });
    app.addHook('onSend', (_req, reply, payload, done) => {
      addStandardRateLimitHeaders(reply, windowS);
      done(null, payload);
    });
  }
  if (config.MAX_EVENT_LOOP_DELAY_MS > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: config.MAX_EVENT_LOOP_DELAY_MS,
      pressureHandler: () => {
        throw notReady('the server is overloaded; retry shortly', {}, { 'retry-after': '5' });
      },
    });
  }
}
