// The foundation's promises, end to end through the real app: error bodies and codes,
// CORS, read-only methods, validation messages, API keys, rate limits, trusted proxies,
// health, the landing listing, OpenAPI and graceful shutdown.

import { afterEach, describe, expect, it } from 'vitest';
import type { JankariModule } from '../src/core/module.js';
import { Type } from '../src/core/schema.js';
import { UpstreamError } from '../src/core/upstream/index.js';
import { ApiError } from '../src/core/errors.js';
import { testApp } from './helpers/app.js';
import { pincodeModule } from '../src/modules/pincode/index.js';
import { REDIS_URL } from './helpers/env.js';
import { randomBytes } from 'node:crypto';
import { connect, createServer, type AddressInfo } from 'node:net';

/** Resolved by /slow when its handler starts (so a test knows the request is in flight). */
let slowStarted: () => void = () => {};

/** A module made for these tests: one route of each kind the foundation must handle. */
const probe: JankariModule = {
  name: 'probe',
  title: 'Probe',
  description: 'Routes that exercise the foundation',
  create: () => ({
    routes(app) {
      app.get(
        '/probe',
        {
          schema: {
            summary: 'Echo validated input',
            querystring: Type.Object({
              days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, default: 7 })),
              fuel: Type.Optional(Type.Enum(['petrol', 'diesel'])),
              date: Type.Optional(Type.String({ pattern: '^\\d{8}$', description: 'a date written YYYYMMDD' })),
              q: Type.String({ minLength: 2, maxLength: 400 }),
            }),
          },
          config: { example: '/probe?q=hello' },
        },
        async (req) => ({ status: 'ok', ...req.query, ip: req.ip }),
      );
      app.get('/search-probe', { config: { envelope: 'web', apiKey: true } }, async () => ({ success: true }));
      app.get('/upstream-fails', async () => {
        throw new UpstreamError('example-upstream', 'unavailable', 'example-upstream answered HTTP 503');
      });
      app.get('/bug', async () => {
        throw new Error('secret internal detail');
      });
      app.get('/not-ready', async () => {
        throw new ApiError('NOT_READY', 'nothing crawled yet');
      });
      app.get('/slow', async () => {
        slowStarted();
        await new Promise((r) => setTimeout(r, 300));
        return { status: 'ok', slow: true };
      });
    },
  }),
};

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers) await c();
  closers = [];
});
async function app(env: Record<string, string> = {}, extra: Parameters<typeof testApp>[1] = {}) {
  const t = await testApp(env, { modules: [probe], ...extra });
  closers.push(t.close);
  return t;
}

describe('errors', () => {
  it('answers an unknown path with a JSON 404', async () => {
    const { app: a } = await app();
    const r = await a.inject('/nowhere');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ status: 'error', code: 'NOT_FOUND', message: 'no endpoint at /nowhere; GET / lists them' });
  });

  it('uses the web envelope for web paths', async () => {
    const { app: a } = await app();
    const r = await a.inject('/v1/nothing-here');
    expect(r.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'] as const)('refuses %s with 405 and Allow', async (method) => {
    const { app: a } = await app();
    const r = await a.inject({ method, url: '/probe?q=hi' });
    expect(r.statusCode).toBe(405);
    expect(r.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(r.json().code).toBe('METHOD_NOT_ALLOWED');
  });

  it('refuses other methods before reading a body, on any path, and lists no such route', async () => {
    const { app: a } = await app();
    const broken = await a.inject({ method: 'POST', url: '/probe', headers: { 'content-type': 'application/json' }, payload: '{not json' });
    expect(broken.statusCode).toBe(405);
    expect((await a.inject({ method: 'DELETE', url: '/no/such/path' })).statusCode).toBe(405);
    expect(JSON.stringify((await a.inject('/openapi.json')).json().paths)).not.toContain('/*');
  });

  it.each([
    ['/probe?q=hi&days=0', 'days', 'days must be an integer from 1 to 90'],
    ['/probe?q=hi&days=abc', 'days', 'days must be an integer from 1 to 90'],
    ['/probe?q=hi&days=1.5', 'days', 'days must be an integer from 1 to 90'],
    ['/probe?q=hi&fuel=cng', 'fuel', 'fuel must be one of petrol, diesel'],
    ['/probe?q=hi&date=2026-11-21', 'date', 'date must be a date written YYYYMMDD'],
    ['/probe?q=h', 'q', 'q must be 2 to 400 characters'],
    ['/probe', 'q', 'q is required; q must be 2 to 400 characters'],
  ])('rejects %s with a 400 naming the parameter and the rule', async (url, param, message) => {
    const { app: a } = await app();
    const r = await a.inject(url);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ status: 'error', code: 'INVALID_PARAMETER', param, message });
  });

  it('reports every invalid parameter at once, the first one also as param and message', async () => {
    const { app: a } = await app();
    const r = await a.inject('/probe?q=h&days=0&fuel=cng&date=2026-11-21');
    expect(r.statusCode).toBe(400);
    const body = r.json();
    expect(body).toMatchObject({ code: 'INVALID_PARAMETER', param: 'days', message: 'days must be an integer from 1 to 90' });
    expect(body.errors).toEqual([
      { param: 'days', message: 'days must be an integer from 1 to 90' },
      { param: 'fuel', message: 'fuel must be one of petrol, diesel' },
      { param: 'date', message: 'date must be a date written YYYYMMDD' },
      { param: 'q', message: 'q must be 2 to 400 characters' },
    ]);
    // one invalid parameter: no list, as before
    expect((await a.inject('/probe?q=hi&days=0')).json()).not.toHaveProperty('errors');
  });

  it('answers a path part longer than the router takes in the catalog shape, without echoing it', async () => {
    const t = await testApp({}, { modules: [pincodeModule] });
    try {
      const long = 'x'.repeat(600);
      const r = await t.app.inject(`/pincode/${long}`);
      expect(r.statusCode).toBe(414);
      expect(r.body).not.toContain(long);
      expect(r.json()).toEqual({ status: 'error', code: 'URI_TOO_LONG', message: 'a part of the path is longer than 500 characters' });
    } finally {
      await t.close();
    }
  });

  it('lists the valid values of an enumerated parameter', async () => {
    const { app: a } = await app();
    expect((await a.inject('/probe?q=hi&fuel=cng')).json().valid_values).toEqual(['petrol', 'diesel']);
  });

  it('applies defaults and ignores unknown parameters', async () => {
    const { app: a } = await app();
    const r = await a.inject('/probe?q=hi&whatever=1');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ days: 7, q: 'hi' });
  });

  it('never answers odd input with a 500', async () => {
    const { app: a } = await app();
    const odd = [
      '/probe?q=' + 'x'.repeat(5000),
      '/probe?q=%E0%A4%A',
      '/probe?q=a&q=b',
      '/probe?days[]=1&q=hi',
      '/probe?q=%00%00',
      '/%',
      '/probe?q=hi&days=1e400',
      '/..%2f..%2fetc/passwd',
    ];
    for (const url of odd) {
      const r = await a.inject(url);
      expect(r.statusCode, url).toBeLessThan(500);
      expect(() => r.json(), url).not.toThrow();
    }
  });

  it('turns an upstream failure into a 502 without the upstream body', async () => {
    const { app: a } = await app();
    const r = await a.inject('/upstream-fails');
    expect(r.statusCode).toBe(502);
    expect(r.json()).toMatchObject({ status: 'error', code: 'UPSTREAM_FAILED' });
  });

  it('hides internals of a 500 and points at the request id', async () => {
    const { app: a } = await app();
    const r = await a.inject('/bug');
    expect(r.statusCode).toBe(500);
    expect(r.body).not.toContain('secret');
    expect(r.json().message).toMatch(/request id/);
    expect(r.headers['x-request-id']).toBeTruthy();
  });

  it('echoes a caller-supplied request id', async () => {
    const { app: a } = await app();
    const r = await a.inject({ url: '/health', headers: { 'x-request-id': 'abc-123' } });
    expect(r.headers['x-request-id']).toBe('abc-123');
  });
});

describe('CORS', () => {
  it('allows any origin on success and on errors', async () => {
    const { app: a } = await app();
    for (const url of ['/probe?q=hi', '/nowhere', '/probe']) {
      const r = await a.inject({ url, headers: { origin: 'https://example.org' } });
      expect(r.headers['access-control-allow-origin'], url).toBe('*');
    }
  });

  it('answers a preflight', async () => {
    const { app: a } = await app();
    const r = await a.inject({ method: 'OPTIONS', url: '/probe', headers: { origin: 'https://example.org', 'access-control-request-method': 'GET' } });
    expect(r.statusCode).toBe(204);
    expect(r.headers['access-control-allow-methods']).toContain('GET');
  });
});

describe('API keys', () => {
  it('are not needed when none are configured', async () => {
    const { app: a } = await app();
    expect((await a.inject('/search-probe')).statusCode).toBe(200);
  });

  it('are required on marked routes and /v1 when configured', async () => {
    const { app: a } = await app({ API_KEYS: 'k-one,k-two' });
    const missing = await a.inject('/search-probe');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect((await a.inject({ url: '/search-probe', headers: { 'x-api-key': 'k-wrong' } })).statusCode).toBe(401);
    expect((await a.inject({ url: '/search-probe', headers: { 'x-api-key': 'k-two' } })).statusCode).toBe(200);
    expect((await a.inject({ url: '/search-probe', headers: { authorization: 'Bearer k-one' } })).statusCode).toBe(200);
    expect((await a.inject({ url: '/search-probe', headers: { authorization: 'Bearer k-wrong' } })).statusCode).toBe(401);
    expect((await a.inject({ url: '/search-probe', headers: { authorization: 'Basic k-one' } })).statusCode).toBe(401);
    expect((await a.inject('/v1/anything')).statusCode).toBe(401);
    expect((await a.inject('/probe?q=hi')).statusCode).toBe(200);
  });

  it('never appear in the logs', async () => {
    const lines: string[] = [];
    const { app: a } = await app({ API_KEYS: 'super-secret-key', LOG_LEVEL: 'trace' }, { logLevel: 'trace', logStream: { write: (m) => void lines.push(m) } });
    await a.inject({ url: '/search-probe', headers: { 'x-api-key': 'super-secret-key' } });
    await a.inject({ url: '/search-probe', headers: { 'x-api-key': 'super-secret-key-wrong' } });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain('super-secret-key');
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After past the limit', async () => {
    const { app: a } = await app({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' });
    for (let i = 0; i < 3; i++) expect((await a.inject('/probe?q=hi')).statusCode).toBe(200);
    const r = await a.inject('/probe?q=hi');
    expect(r.statusCode).toBe(429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(r.json()).toMatchObject({ status: 'error', code: 'RATE_LIMITED' });
    // The configured window, not what is left of it.
    expect(r.json().message).toMatch(/^too many requests: at most 3 per 60 s; retry after /);
  });

  it('states the policy and what is left in the IETF RateLimit fields, beside the legacy ones', async () => {
    const { app: a } = await app({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' });
    const first = await a.inject('/probe?q=hi');
    expect(first.headers['ratelimit-policy']).toBe('"default";q=3;w=60');
    expect(first.headers.ratelimit).toMatch(/^"default";r=2;t=\d+$/);
    expect(first.headers['x-ratelimit-remaining']).toBe('2');
    await a.inject('/probe?q=hi');
    await a.inject('/probe?q=hi');
    const refused = await a.inject('/probe?q=hi');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers.ratelimit).toMatch(/^"default";r=0;t=\d+$/);
  });

  it('counts clients apart', async () => {
    const { app: a } = await app({ RATE_LIMIT_MAX: '1', TRUST_PROXY: 'true' });
    expect((await a.inject({ url: '/probe?q=hi', headers: { 'x-forwarded-for': '203.0.113.1' } })).statusCode).toBe(200);
    expect((await a.inject({ url: '/probe?q=hi', headers: { 'x-forwarded-for': '203.0.113.2' } })).statusCode).toBe(200);
    expect((await a.inject({ url: '/probe?q=hi', headers: { 'x-forwarded-for': '203.0.113.1' } })).statusCode).toBe(429);
  });

  it('counts an IPv6 client by its /64, the block one machine is given', async () => {
    const { app: a } = await app({ RATE_LIMIT_MAX: '1', TRUST_PROXY: 'true' });
    const from = (ip: string) => a.inject({ url: '/probe?q=hi', headers: { 'x-forwarded-for': ip } });
    expect((await from('2001:db8:0:1::1')).statusCode).toBe(200);
    expect((await from('2001:db8:0:1::2')).statusCode).toBe(429);
    expect((await from('2001:db8:0:2::1')).statusCode).toBe(200);
  });

  it('never limits the health probes, and does not count them', async () => {
    const { app: a } = await app({ RATE_LIMIT_MAX: '1' });
    for (let i = 0; i < 3; i++) {
      for (const url of ['/health', '/health/live', '/health/ready']) {
        const r = await a.inject(url);
        expect(r.statusCode).toBe(200);
        expect(r.headers['x-ratelimit-limit']).toBeUndefined();
      }
    }
    expect((await a.inject('/probe?q=hi')).statusCode).toBe(200);
    expect((await a.inject('/probe?q=hi')).statusCode).toBe(429);
  });

  it.runIf(REDIS_URL)('is shared by every instance through Redis', async () => {
    const env = { RATE_LIMIT_MAX: '2', REDIS_URL: REDIS_URL!, CACHE_PREFIX: `jt:${randomBytes(4).toString('hex')}:` };
    const { app: one } = await app(env);
    const { app: two } = await app(env);
    expect((await one.inject('/probe?q=hi')).statusCode).toBe(200);
    expect((await two.inject('/probe?q=hi')).statusCode).toBe(200);
    expect((await one.inject('/probe?q=hi')).statusCode).toBe(429);
    expect((await two.inject('/probe?q=hi')).statusCode).toBe(429);
  });

  it.runIf(REDIS_URL)('counts the first requests too when Redis is slow to connect', async () => {
    // The cache's connection (the app's first) is joined at once, every later one 300 ms late,
    // as on a loaded machine: the limiter's connection fails fast while it opens, so the app
    // must wait for it too before serving, or the first requests go uncounted.
    const target = new URL(REDIS_URL!);
    let connections = 0;
    const slow = createServer((client) => {
      client.pause();
      setTimeout(
        () => {
          const upstream = connect(Number(target.port || 6379), target.hostname);
          client.pipe(upstream).pipe(client);
          client.resume();
          const drop = () => (client.destroy(), upstream.destroy());
          client.on('error', drop).on('close', drop);
          upstream.on('error', drop).on('close', drop);
        },
        connections++ === 0 ? 0 : 300,
      );
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    try {
      const port = (slow.address() as AddressInfo).port;
      const env = { RATE_LIMIT_MAX: '1', REDIS_URL: `redis://127.0.0.1:${port}`, CACHE_PREFIX: `jt:${randomBytes(4).toString('hex')}:` };
      const { app: a } = await app(env);
      expect((await a.inject('/probe?q=hi')).statusCode).toBe(200);
      expect((await a.inject('/probe?q=hi')).statusCode).toBe(429);
    } finally {
      slow.close();
    }
  });
});

describe('trusted proxies', () => {
  it('ignore X-Forwarded-For by default', async () => {
    const { app: a } = await app();
    const r = await a.inject({ url: '/probe?q=hi', headers: { 'x-forwarded-for': '203.0.113.9' }, remoteAddress: '10.0.0.5' });
    expect(r.json().ip).toBe('10.0.0.5');
  });

  it('believe X-Forwarded-For from a configured proxy only', async () => {
    const { app: a } = await app({ TRUST_PROXY: '10.0.0.0/8' });
    expect((await a.inject({ url: '/probe?q=hi', headers: { 'x-forwarded-for': '203.0.113.9' }, remoteAddress: '10.0.0.5' })).json().ip).toBe('203.0.113.9');
    expect((await a.inject({ url: '/probe?q=hi', headers: { 'x-forwarded-for': '203.0.113.9' }, remoteAddress: '198.51.100.7' })).json().ip).toBe(
      '198.51.100.7',
    );
  });
});

describe('health', () => {
  it('reports version, uptime and each dependency', async () => {
    const { app: a } = await app();
    const r = await a.inject('/health');
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b.status).toBe('ok');
    expect(b.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(b.dependencies.database).toMatchObject({ status: 'up', kind: 'sqlite' });
    expect(b.dependencies.cache).toMatchObject({ status: 'up', kind: 'memory' });
    expect(b.dependencies.scheduler.status).toBe('disabled');
  });

  it('checks dependencies at most once a second, and reports when it checked', async () => {
    const t = await testApp({}, { modules: [probe] });
    closers.push(t.close);
    let pings = 0;
    const ping = t.ctx.db.ping.bind(t.ctx.db);
    (t.ctx.db as { ping: () => Promise<boolean> }).ping = () => {
      pings++;
      return ping();
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.app.inject('/health')));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(pings).toBe(1);
    expect(Date.parse(answers[0].json().checked_at)).toBeLessThanOrEqual(Date.now());
  });

  it('answers 503 when the database is down, with Retry-After; liveness stays 200 and readiness says why', async () => {
    const t = await testApp({}, { modules: [probe] });
    expect((await t.app.inject('/health/ready')).json()).toEqual({ status: 'ok', database: 'up', cache: 'up', loading: [] });
    await t.ctx.db.close();
    await new Promise((r) => setTimeout(r, 1100)); // past the one-second health memo
    const r = await t.app.inject('/health');
    expect(r.statusCode).toBe(503);
    expect(r.json().dependencies.database.status).toBe('down');
    const ready = await t.app.inject('/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'error', database: 'down', cache: 'up', loading: [] });
    expect((await t.app.inject('/health/live')).statusCode).toBe(200);
    await t.app.close().catch(() => {});
  });

  it('tells clients when to come back on every 503', async () => {
    const { app: a } = await app();
    const r = await a.inject('/not-ready');
    expect(r.statusCode).toBe(503);
    expect(r.headers['retry-after']).toBe('30');
  });

  it('logs a 503 at warn with its code and reason, and a refusal at debug, each line with one message', async () => {
    const lines: string[] = [];
    const { app: a } = await app({ LOG_LEVEL: 'debug' }, { logLevel: 'debug', logStream: { write: (m) => void lines.push(m) } });
    await a.inject('/not-ready');
    await a.inject('/probe');
    // A key written twice is legal JSON that every reader takes the last of: the reason was lost.
    const twice = lines.filter((l) => (l.match(/"msg":/g) ?? []).length > 1);
    expect(twice).toEqual([]);
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toContainEqual(expect.objectContaining({ level: 40, msg: 'request not served', code: 'NOT_READY', reason: 'nothing crawled yet' }));
    expect(logged).toContainEqual(expect.objectContaining({ level: 20, msg: 'request refused', code: 'INVALID_PARAMETER' }));
  });

  it.runIf(REDIS_URL)('uses Redis for the cache when REDIS_URL is set', async () => {
    const { app: a } = await app({ REDIS_URL: REDIS_URL! });
    expect((await a.inject('/health')).json().dependencies.cache).toMatchObject({ status: 'up', kind: 'redis' });
  });

  it('reports the cache as degraded (200, with the reason) when the configured Redis cannot be reached', async () => {
    const { app: a } = await app({ REDIS_URL: 'redis://127.0.0.1:1' });
    const r = await a.inject('/health');
    expect(r.statusCode).toBe(200);
    expect(r.json().dependencies.cache).toMatchObject({ status: 'degraded', kind: 'redis' });
    expect(r.json().dependencies.cache.reason).toMatch(/in-process cache/);
  });
});

describe('landing listing and docs', () => {
  it('lists every group with paths, parameters and an example', async () => {
    const { app: a } = await app();
    const b = (await a.inject('/')).json();
    const g = b.groups.find((x: { name: string }) => x.name === 'probe');
    const ep = g.endpoints.find((e: { path: string }) => e.path === '/probe');
    expect(ep.example).toBe('/probe?q=hello');
    expect(ep.params).toContainEqual({ name: 'days', type: 'integer', required: false, default: 7, rule: '1 to 90' });
    expect(ep.params.find((p: { name: string }) => p.name === 'q').required).toBe(true);
  });

  it('serves the same listing as HTML to browsers', async () => {
    const { app: a } = await app();
    const r = await a.inject({ url: '/', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain('<code>/probe</code>');
  });

  it('guards the HTML listing: a policy allowing only its own files, no inline code, no framing, no referrer', async () => {
    const { app: a } = await app();
    const r = await a.inject({ url: '/', headers: { accept: 'text/html' } });
    const csp = r.headers['content-security-policy'] as string;
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/unsafe-inline/);
    expect(r.body).not.toMatch(/<style|<script>/);
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes OpenAPI 3.1 with each parameter range and default', async () => {
    const { app: a } = await app();
    const doc = (await a.inject('/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    const days = doc.paths['/probe'].get.parameters.find((p: { name: string }) => p.name === 'days');
    expect(days.schema).toMatchObject({ minimum: 1, maximum: 90, default: 7 });
  });

  it('serves the docs page from the project, every operation on it, with a policy that runs nothing', async () => {
    const { app: a } = await app();
    const page = await a.inject('/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg|jsdelivr)/);
    expect(page.body).not.toMatch(/<script/);
    const doc = (await a.inject('/openapi.json')).json() as { paths: Record<string, Record<string, { operationId: string }>> };
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const op of Object.values(item)) expect(page.body, path).toContain(`id="${op.operationId}"`);
    }
    expect((await a.inject('/docs/')).body).toBe(page.body);
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+';/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const again = await a.inject({ url: '/docs', headers: { 'if-none-match': page.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });
});

describe('graceful shutdown', () => {
  it('finishes a request in flight before closing', async () => {
    const t = await testApp({}, { modules: [probe] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const started = new Promise<void>((r) => (slowStarted = r));
    const inflight = fetch(`http://127.0.0.1:${port}/slow`);
    await started;
    const closing = t.app.close();
    const r = await inflight;
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: 'ok', slow: true });
    await closing;
  });
});

describe('migrations', () => {
  const withTable = (name: string): JankariModule => ({
    name,
    title: name,
    description: name,
    migrations: { [`${name}_0001_init`]: { up: async (db) => void (await db.schema.createTable(`${name}_t`).addColumn('x', 'text').execute()) } },
    create: () => ({ routes() {} }),
  });

  it('runs every module migration at start, on a database other modules already migrated', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const url = `sqlite:${mkdtempSync(`${tmpdir()}/jankari-mig-`)}/j.db`;
    const first = await testApp({ DATABASE_URL: url }, { modules: [withTable('alpha'), withTable('beta')] });
    await first.close();
    const second = await testApp({ DATABASE_URL: url }, { modules: [withTable('alpha'), withTable('beta'), withTable('gamma')] });
    const tables = await second.ctx.db.db.introspection.getTables();
    expect(
      tables
        .map((t) => t.name)
        .filter((n) => n.endsWith('_t'))
        .sort(),
    ).toEqual(['alpha_t', 'beta_t', 'gamma_t']);
    await second.close();
  });
});
