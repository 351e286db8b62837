// The service group's JSON answers (the listing, /health and its probes) as /openapi.json
// documents them: every field sent is in the published schema, and what the serializer writes
// is what the route returned. The whole app, so the listing has every group and /health every
// job and upstream.

import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { documentedAnswers } from '../../../test/helpers/answers.js';
import { offlineUpstreams } from '../../../test/helpers/server-process.js';
import { HealthChecker } from './health.js';

type Built = Awaited<ReturnType<typeof testApp>>;
const pastHealthMemo = () => new Promise((r) => setTimeout(r, 1100));

describe('the listing and the health answers, as documented', () => {
  const answers = documentedAnswers();
  let t: Built;
  beforeAll(async () => {
    t = await testApp(offlineUpstreams(), { beforeReady: answers.record });
  });
  afterAll(() => t.close());

  it('GET / lists every group as the serializer was given it', async () => {
    const { body, serialized } = await answers.check(t.app, '/');
    expect(serialized).toBe(true);
    expect((body as { groups: unknown[] }).groups.length).toBeGreaterThan(15);
  });

  it('GET /health reports every job and upstream, each field documented (sent as text, not serialized)', async () => {
    const { body, serialized } = await answers.check(t.app, '/health');
    expect(serialized).toBe(false);
    const b = body as { dependencies: { scheduler: { jobs: unknown[] } }; upstreams: unknown[] };
    expect(b.dependencies.scheduler.jobs.length).toBeGreaterThan(0);
    expect(b.upstreams.length).toBeGreaterThan(0);
  });

  it('GET /health says at the top how many upstreams answer, and plainly when none does, still 200', async () => {
    const before = await t.app.inject({ url: '/health' });
    const total = before.json().upstream_summary.total;
    expect(before.json().upstream_summary).toEqual({ total, reachable: 0, failing: 0, suspended: 0, unknown: total });
    expect(before.json().message).toBe(`0 of ${total} upstreams reachable (${total} not asked yet)`);
    // Every upstream here is a refused port: ask one, and it is counted as suspended after failing.
    expect((await t.app.inject({ url: '/weather?city=delhi' })).statusCode).toBe(502);
    await pastHealthMemo();
    const after = await t.app.inject({ url: '/health' });
    expect(after.statusCode).toBe(200);
    const body = after.json();
    expect(Object.keys(body).slice(0, 3)).toEqual(['status', 'message', 'upstream_summary']);
    expect(body.status).toBe('ok');
    expect(body.upstream_summary).toMatchObject({ total, reachable: 0 });
    expect(body.upstream_summary.suspended + body.upstream_summary.failing).toBeGreaterThan(0);
    expect(body.message).toMatch(new RegExp(`^0 of ${total} upstreams reachable \\(.*suspended after failing.*\\): this machine may have no network access`));
  });

  it('GET /health/live and /health/ready answer what the route returned', async () => {
    expect(await answers.check(t.app, '/health/live')).toEqual({ body: { status: 'ok' }, serialized: true });
    expect(await answers.check(t.app, '/health/ready')).toEqual({ body: { status: 'ok', database: 'up', cache: 'up', loading: [] }, serialized: true });
  });

  it('a degraded cache adds its reason, which is documented', async () => {
    const d = await testApp({ ...offlineUpstreams(), REDIS_URL: 'redis://127.0.0.1:1' }, { beforeReady: answers.record });
    try {
      const { body } = await answers.check(d.app, '/health');
      expect((body as { dependencies: { cache: { reason?: string } } }).dependencies.cache.reason).toMatch(/in-process cache/);
      expect((await answers.check(d.app, '/health/ready')).body).toEqual({ status: 'ok', database: 'up', cache: 'degraded', loading: [] });
    } finally {
      await d.close();
    }
  });

  it('the 503 answers of a lost database have the documented 200 shape, as their description says', async () => {
    const d = await testApp(offlineUpstreams(), { beforeReady: answers.record });
    try {
      await d.ctx.db.close();
      await pastHealthMemo();
      expect((await answers.check(d.app, '/health', { status: 503 })).body).toMatchObject({ status: 'error', dependencies: { database: { status: 'down' } } });
      expect((await answers.check(d.app, '/health/ready', { status: 503 })).body).toEqual({ status: 'error', database: 'down', cache: 'up', loading: [] });
    } finally {
      await d.app.close().catch(() => {});
    }
  });
});

describe('the health answers while a required dependency is down', () => {
  it('answers /health and /health/ready 503 with Retry-After while the database is down', async () => {
    const d = await testApp(offlineUpstreams());
    try {
      await d.ctx.db.close();
      for (const url of ['/health', '/health/ready']) {
        const r = await d.app.inject(url);
        expect(r.statusCode).toBe(503);
        expect(r.headers['retry-after']).toBe('5');
      }
    } finally {
      await d.app.close().catch(() => {});
    }
  });
});

describe('the health checker', () => {
  let t: Built;
  beforeAll(async () => {
    t = await testApp(offlineUpstreams());
  });
  afterAll(() => t.close());

  it('answers from the last check without waiting while it is fresh, and checks again once it is not', async () => {
    const health = new HealthChecker(t.ctx, 100);
    // Nothing checked yet: the route then waits for a check.
    expect(health.freshAnswer()).toBeUndefined();
    const first = await health.answer();
    expect(first.healthy).toBe(true);
    // Fresh: the same kept answer (text, bytes, ETag), at once.
    const now = health.freshAnswer();
    expect(now?.raw).toBe(first.raw);
    expect(JSON.parse(now!.raw.body)).toMatchObject({ status: 'ok', dependencies: { database: { status: 'up' } } });
    await new Promise((r) => setTimeout(r, 150));
    expect(health.freshAnswer()).toBeUndefined();
    const again = await health.answer();
    expect(JSON.parse(again.raw.body).checked_at > JSON.parse(first.raw.body).checked_at).toBe(true);
  });

  it('sends the first /health whole, compressed too, while its check is still running', async () => {
    // The first probe waits for a check; the answer is then compressed as a stream, after the
    // handler's promise resolved. It once came out empty (Fastify sent "nothing" in its place).
    const fresh = await testApp(offlineUpstreams());
    try {
      const first = await fresh.app.inject({ url: '/health', headers: { 'accept-encoding': 'gzip' } });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(first.rawPayload).toString())).toMatchObject({ status: 'ok', dependencies: { database: { status: 'up' } } });
    } finally {
      await fresh.close();
    }
  });
});
