// Losing the database mid-life: every endpoint that reads it answers 503 with a clear error
// (never a 500), and /health and /health/ready say the database is down (503, Retry-After). PostgreSQL is lost for real: the app
// talks to it through a TCP proxy in this test, and the proxy is shut with its connections.
// SQLite is lost by closing its handle.

import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp } from './helpers/app.js';
import { createPgDatabase } from './helpers/db.js';
import { PG_URL } from './helpers/env.js';

const DB_ENDPOINTS = [
  '/fuel',
  '/fuel/latest',
  '/fuel/status',
  '/fuel/history?city=mumbai',
  '/commodities?metal=gold',
  '/commodities/latest',
  '/commodities/history?metal=gold&city=india',
  '/train/stations?q=delhi',
];

async function expectAll503(app: Awaited<ReturnType<typeof testApp>>['app']) {
  const answers = [];
  for (const url of DB_ENDPOINTS) {
    const r = await app.inject(url);
    answers.push({ url, status: r.statusCode, code: r.json().code, message: r.json().message });
  }
  expect(answers).toEqual(DB_ENDPOINTS.map((url) => ({ url, status: 503, code: 'NOT_READY', message: 'the database is unavailable; retry shortly' })));
  const health = await app.inject('/health');
  expect(health.statusCode).toBe(503);
  // Every 503 says when to come back, the probes' too.
  expect(health.headers['retry-after']).toBe('5');
  const ready = await app.inject('/health/ready');
  expect(ready.statusCode).toBe(503);
  expect(ready.headers['retry-after']).toBe('5');
  expect(ready.json()).toMatchObject({ status: 'error', database: 'down' });
}

/** A TCP proxy to PostgreSQL that can be cut. */
async function pgProxy(target: URL): Promise<{ port: number; cut(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as { port: number }).port,
    cut: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

describe('the database lost while serving', () => {
  it('answers 503 on every database-backed endpoint when SQLite is gone', async () => {
    const t = await testApp();
    await t.ctx.db.close();
    await expectAll503(t.app);
    await t.app.close().catch(() => {});
  });

  describe.runIf(PG_URL)('on PostgreSQL', () => {
    let drop: (() => Promise<void>) | undefined;
    afterAll(async () => drop?.());

    it('answers 503 on every database-backed endpoint when the server is cut off', async () => {
      const pg = await createPgDatabase();
      drop = pg.drop;
      const proxy = await pgProxy(new URL(pg.url));
      const url = new URL(pg.url);
      url.host = `127.0.0.1:${proxy.port}`;
      const t = await testApp({ DATABASE_URL: url.toString() });
      expect((await t.app.inject('/fuel/status')).statusCode).toBe(200);
      await proxy.cut();
      await expectAll503(t.app);
      await t.app.close().catch(() => {});
    });
  });
});
