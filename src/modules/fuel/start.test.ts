import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { loadsReport } from '../../core/not-ready.js';
import { isStale, PriceRepository, priceTables } from '../../lib/prices/index.js';
import { FUEL_JOB, fuelModule } from './index.js';
import { fakeGoodreturns } from './fixtures/fake-servers.js';

const waitFor = async (check: () => Promise<boolean>, ms = 120_000) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
};

describe('fuel crawl schedule', () => {
  it('registers the crawl with 5 runs between 05:30 and 10:30 IST', async () => {
    const b = await testApp({}, { modules: [fuelModule] });
    try {
      const job = b.ctx.scheduler.status().find((j) => j.name === FUEL_JOB)!;
      expect(job.schedule).toBe('30 5,6,8,9,10 * * *');
      // 2026-11-20 10:00 IST → the next run is 10:30 IST (05:00 UTC).
      expect(b.ctx.scheduler.nextRun(FUEL_JOB, new Date('2026-11-20T04:30:00Z'))?.toISOString()).toBe('2026-11-20T05:00:00.000Z');
    } finally {
      await b.close();
    }
  });

  it('crawls at start when nothing is stored, then counts the data as current', async () => {
    const gr = await fakeGoodreturns();
    const b = await testApp(
      { SCHEDULER_ENABLED: 'true', FUEL_GOODRETURNS_URL: gr.url, FUEL_NDTV_URL: 'http://127.0.0.1:9' },
      { modules: [fuelModule], now: () => new Date() },
    );
    try {
      const repo = new PriceRepository(b.ctx.db, priceTables('fuel'));
      expect(await waitFor(async () => (await repo.lastSuccess()) !== null)).toBe(true);
      expect(await isStale(b.ctx, FUEL_JOB, repo)).toBe(false);
      expect((await b.app.inject({ url: '/fuel' })).statusCode).toBe(200);
    } finally {
      await b.close();
      await gr.close();
    }
  });

  it('says the first crawl failed, why, and when it is tried again, once it has failed (not "under way")', async () => {
    // Both sources refuse: the start-up crawl fails and waits its back-off.
    const b = await testApp(
      { SCHEDULER_ENABLED: 'true', FUEL_GOODRETURNS_URL: 'http://127.0.0.1:9', FUEL_NDTV_URL: 'http://127.0.0.1:9' },
      { modules: [fuelModule], now: () => new Date() },
    );
    try {
      expect(await waitFor(async () => b.ctx.scheduler.retryAt(FUEL_JOB) !== undefined)).toBe(true);
      const res = await b.app.inject({ url: '/fuel?city=mumbai' });
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(body).toMatchObject({ code: 'NOT_READY', state: 'retrying', job: FUEL_JOB, hint: '`npm run crawl -- fuel-crawl` loads it now' });
      expect(body.message).toMatch(/^fuel prices: not loaded yet; the last try failed at \S+ \(.+\); the next try is at /);
      expect(body.message).not.toMatch(/under way/);
      expect(Date.parse(body.next_try)).toBe(b.ctx.scheduler.retryAt(FUEL_JOB)!.getTime());
      expect(body.last_error).toBeTruthy();
      // Retry-After is the wait until that try (the first back-off is a minute).
      const retry = Number(res.headers['retry-after']);
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(60);
    } finally {
      await b.close();
    }
  });

  it('lists a failing start-up crawl as retrying with its error on /health, and as stopped, not loaded, at shutdown', async () => {
    const lines: { msg: string }[] = [];
    const b = await testApp(
      { SCHEDULER_ENABLED: 'true', FUEL_GOODRETURNS_URL: 'http://127.0.0.1:9', FUEL_NDTV_URL: 'http://127.0.0.1:9' },
      { modules: [fuelModule], now: () => new Date(), logLevel: 'info', logStream: { write: (s: string) => lines.push(JSON.parse(s)) } },
    );
    let closed = false;
    try {
      expect(await waitFor(async () => b.ctx.scheduler.retryAt(FUEL_JOB) !== undefined)).toBe(true);
      const load = loadsReport(b.ctx).find((l) => l.name === FUEL_JOB)!;
      expect(load).toMatchObject({ state: 'retrying', next_try: b.ctx.scheduler.retryAt(FUEL_JOB)!.toISOString() });
      expect(load.error).toMatch(/got 0 of 92 expected prices/);
      await b.close();
      closed = true;
      expect(b.ctx.loads.state(FUEL_JOB)).toBe('stopped');
      expect(lines.map((l) => l.msg)).not.toContain(`${FUEL_JOB} loaded`);
      expect(lines.map((l) => l.msg)).toContain(`${FUEL_JOB} not loaded: the server stopped first`);
    } finally {
      if (!closed) await b.close();
    }
  });

  it('counts data crawled before the last scheduled run as stale', async () => {
    const b = await testApp({}, { modules: [fuelModule], now: () => new Date('2026-11-20T05:10:00Z') });
    try {
      const repo = new PriceRepository(b.ctx.db, priceTables('fuel'));
      // Crawled at 09:15 IST; the 10:30 IST run (05:00 UTC) has passed since.
      await repo.recordRun({ started_at: '2026-11-20T03:45:00.000Z', finished_at: '2026-11-20T03:45:00.000Z', ok: true, rows: 92, error: null, sources: [] });
      expect(await isStale(b.ctx, FUEL_JOB, repo)).toBe(true);
      await repo.recordRun({ started_at: '2026-11-20T05:01:00.000Z', finished_at: '2026-11-20T05:01:00.000Z', ok: true, rows: 92, error: null, sources: [] });
      expect(await isStale(b.ctx, FUEL_JOB, repo)).toBe(false);
    } finally {
      await b.close();
    }
  });
});
