// /health's two shapes: the full report (every upstream's record, the jobs' last errors) for the
// operator, the summary for anyone else, as HEALTH_DETAILS and METRICS_TOKEN decide; and the
// cache's reason in the service's own words, never a library's message.

import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { offlineUpstreams } from '../../../test/helpers/server-process.js';
import { troubleOf } from '../../core/cache/redis-trouble.js';
import { HealthChecker } from './health.js';

type Body = {
  upstreams?: unknown[];
  dependencies: { scheduler: { jobs: Record<string, unknown>[] }; cache: { status: string; reason?: string }; browser?: Record<string, unknown> };
};

async function withApp(env: Record<string, string>, run: (t: Awaited<ReturnType<typeof testApp>>) => Promise<void>) {
  const t = await testApp({ ...offlineUpstreams(), ...env });
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

const isFull = (b: Body) => Array.isArray(b.upstreams) && b.dependencies.scheduler.jobs.every((j) => 'last_error' in j);
const isSummary = (b: Body) =>
  b.upstreams === undefined && b.dependencies.scheduler.jobs.length > 0 && b.dependencies.scheduler.jobs.every((j) => !('last_error' in j));

describe('who gets the full /health report', () => {
  it('gives it only to the metrics token when METRICS_TOKEN is set (the default HEALTH_DETAILS=token), and says the answer varies by Authorization', async () => {
    await withApp({ METRICS_TOKEN: 'tok-1', BROWSER_PATH: '/nonexistent/chromium' }, async (t) => {
      const anyone = await t.app.inject('/health');
      expect(anyone.statusCode).toBe(200);
      expect(isSummary(anyone.json())).toBe(true);
      expect(String(anyone.headers.vary)).toMatch(/Authorization/i);
      const wrong = await t.app.inject({ url: '/health', headers: { authorization: 'Bearer nope' } });
      expect(isSummary(wrong.json())).toBe(true);
      const operator = await t.app.inject({ url: '/health', headers: { authorization: 'Bearer tok-1' } });
      expect(isFull(operator.json())).toBe(true);
      // The browser's state for all; where it is (a path, an internal host) for the operator only.
      expect(operator.json().dependencies.browser).toMatchObject({ tier: 'local', address: '/nonexistent/chromium', status: 'down' });
      expect(anyone.json().dependencies.browser).toMatchObject({ tier: 'local', status: 'down', reachable: false });
      expect(anyone.json().dependencies.browser).not.toHaveProperty('address');
      // Two shapes, two ETags: a cache never answers one with the other.
      expect(operator.headers.etag).not.toBe(anyone.headers.etag);
    });
  });

  it('gives it to anyone while METRICS_TOKEN is unset, as /metrics is open then', async () => {
    await withApp({}, async (t) => {
      const r = await t.app.inject('/health');
      expect(isFull(r.json())).toBe(true);
      expect(r.headers.vary ?? '').not.toMatch(/Authorization/i);
    });
  });

  it('gives it to nobody with HEALTH_DETAILS=off, and to anyone with HEALTH_DETAILS=public', async () => {
    await withApp({ METRICS_TOKEN: 'tok-1', HEALTH_DETAILS: 'off' }, async (t) => {
      expect(isSummary((await t.app.inject({ url: '/health', headers: { authorization: 'Bearer tok-1' } })).json())).toBe(true);
    });
    await withApp({ METRICS_TOKEN: 'tok-1', HEALTH_DETAILS: 'public' }, async (t) => {
      expect(isFull((await t.app.inject('/health')).json())).toBe(true);
    });
  });

  it('keeps each shape as bytes while the check is fresh, so either is sent in the same turn', async () => {
    await withApp({}, async (t) => {
      const health = new HealthChecker(t.ctx, 60_000);
      const summary = await health.answer(false);
      const full = await health.answer(true);
      expect(health.freshAnswer(false)?.raw).toBe(summary.raw);
      expect(health.freshAnswer(true)?.raw).toBe(full.raw);
      expect(summary.raw.bytes).toBeInstanceOf(Buffer);
      expect(summary.raw.etag).not.toBe(full.raw.etag);
    });
  });
});

describe("the cache's reason on /health", () => {
  it('says where Redis is and why it is not answering in its own words, in the summary too, never a library message', async () => {
    await withApp({ REDIS_URL: 'redis://127.0.0.1:1', METRICS_TOKEN: 'tok-1' }, async (t) => {
      const body = (await t.app.inject('/health')).json() as Body;
      expect(body.dependencies.cache.status).toBe('degraded');
      expect(body.dependencies.cache.reason).toMatch(
        /^Redis at 127\.0\.0\.1:1 is not answering \(connection refused\); answers fall back to this instance's in-process cache until it is back$/,
      );
    });
  });

  it("words ioredis's and the network's errors as what happened, not as the library says it", () => {
    const maxRetries = new Error('Reached the max retries per request limit (which is 1). Refer to "maxRetriesPerRequest" option for details.');
    expect(troubleOf(maxRetries)).toBe('connection lost');
    expect(troubleOf(Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:6379'), { code: 'ECONNREFUSED' }))).toBe('connection refused');
    expect(troubleOf(Object.assign(new Error('getaddrinfo ENOTFOUND redis'), { code: 'ENOTFOUND' }))).toBe('host not found');
    expect(troubleOf(new Error('Command timed out'))).toBe('no answer in time');
    expect(troubleOf(new Error('NOAUTH Authentication required.'))).toBe('authentication refused');
    expect(troubleOf(new Error('OOM command not allowed when used memory > maxmemory'))).toBe('Redis is out of memory');
    expect(troubleOf(new Error('something no one foresaw, with internals'))).toBe('it answered with an error');
  });
});
