// Redis killed under a running instance, for real: the test starts its own redis-server, kills
// it, and starts it again. While it is away, requests must not wait on it (the cache falls back
// to the in-process store, the rate limiter skips at once), nothing answers 5xx, and /health
// says the cache is degraded; once it is back, the shared cache is used again within seconds.

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { weatherModule } from '../src/modules/weather/index.js';
import { numerologyModule } from '../src/modules/numerology/index.js';
import { testApp } from './helpers/app.js';
import { REDIS_URL } from './helpers/env.js';
import { fakeUpstream, type FakeUpstream } from './helpers/fake-upstream.js';
import { freePort } from './helpers/server-process.js';

const meteo = JSON.parse(readFileSync(new URL('../src/modules/weather/fixtures/open-meteo.json', import.meta.url), 'utf8')).response_with_all_four_vars_example;

function startRedis(port: number): Promise<ChildProcess> {
  const p = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    p.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('Ready to accept connections')) resolve(p);
    });
    p.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
}

async function timed(f: () => Promise<{ statusCode: number }>): Promise<{ ms: number; status: number }> {
  const t = performance.now();
  const r = await f();
  return { ms: performance.now() - t, status: r.statusCode };
}

// A scale-out suite: it runs where the Redis suites run (CI), with the machine's redis-server.
describe.runIf(REDIS_URL)('Redis lost and back', () => {
  const port = freePort();
  let redis: ChildProcess;
  let upstream: FakeUpstream;
  let t: Awaited<ReturnType<typeof testApp>>;

  beforeAll(async () => {
    redis = await startRedis(port);
    upstream = await fakeUpstream({ 'GET /v1/forecast': { body: meteo } });
    t = await testApp(
      { REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_MAX: '100000', OPEN_METEO_URL: upstream.url },
      { modules: [weatherModule, numerologyModule] },
    );
  });
  afterAll(async () => {
    await t?.close();
    await upstream?.close();
    redis?.kill('SIGKILL');
  });

  it('serves without waiting on a dead Redis, says degraded, and returns to Redis', async () => {
    const cities = ['delhi', 'mumbai', 'pune', 'jaipur', 'bhopal'];
    const normal = [];
    for (let i = 0; i < 20; i++) normal.push(await timed(() => t.app.inject(`/weather?city=${cities[i % 5]}`)));
    expect((await t.app.inject('/health')).json().dependencies.cache.status).toBe('up');

    redis.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 200));
    // Waiting on Redis means a command on the cache's connection: while it is away such a command
    // sits in the offline queue until the 2 s command timeout. So none may be sent, which holds
    // however slow the machine (the times below are for the record only).
    const sent = vi.spyOn(t.ctx.redis!, 'sendCommand');
    const during = [];
    for (let i = 0; i < 40; i++) {
      during.push(await timed(() => t.app.inject(`/weather?city=${cities[i % 5]}`)));
      during.push(await timed(() => t.app.inject(`/numerology?name=Ada&dob=1815-12-10`)));
    }
    const commands = sent.mock.calls.map(([c]) => c.name);
    sent.mockRestore();
    expect(during.filter((d) => d.status >= 500)).toEqual([]);
    // Before the breaker every request sent its GET and waited up to the 2 s command timeout.
    expect(commands).toEqual([]);
    const p99 = (xs: { ms: number }[]) => xs.map((x) => x.ms).sort((a, b) => a - b)[Math.floor(xs.length * 0.99)];
    console.info(`[redis-outage] p99 ${p99(normal).toFixed(1)} ms with Redis, ${p99(during).toFixed(1)} ms without`);
    await new Promise((r) => setTimeout(r, 1100)); // past the one-second health memo
    const health = await t.app.inject('/health');
    expect(health.statusCode).toBe(200);
    expect(health.json().dependencies.cache.status).toBe('degraded');

    redis = await startRedis(port);
    let back = false;
    for (let i = 0; i < 100 && !back; i++) {
      await new Promise((r) => setTimeout(r, 100));
      back = t.ctx.cache.store.degradedReason?.() === undefined;
    }
    expect(back).toBe(true);
    const before = (await t.ctx.redis!.keys(`${t.config.CACHE_PREFIX}weather:*`)).length;
    await t.app.inject('/weather?city=guwahati');
    const after = (await t.ctx.redis!.keys(`${t.config.CACHE_PREFIX}weather:*`)).length;
    // The restarted Redis kept nothing; the new answer was written to it.
    expect([before, after]).toEqual([0, 1]);
  });
});
