// Scale-out proven with real processes: `npm start` instances on one PostgreSQL database and one
// Redis, every instance with the scheduler on, a price crawl against fake upstreams on 127.0.0.1.
// - exactly one instance runs the crawl (the lock elects it);
// - an instance killed with SIGKILL mid-crawl stores nothing half-done; its lock lease runs out,
//   and one of the others (the survivor, or the killed one restarted) crawls the whole list;
// - the other instance serves the new prices within its version-check interval;
// - an answer cached by one instance is a cache hit on the other;
// - the rate limit counts one client's requests across both.

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeGoodreturns, type FakeState } from '../src/modules/fuel/fixtures/fake-servers.js';
import { createPgDatabase } from './helpers/db.js';
import { PG_URL, REDIS_URL } from './helpers/env.js';
import type { FakeUpstream } from './helpers/fake-upstream.js';
import { offlineUpstreams, ROOT, startServer, type ServerProcess } from './helpers/server-process.js';

// Short, so the takeover is quick, but renewed every 2 s: on a machine loaded four times over,
// a 3 s lease expired under an instance busy with its start-up jobs, and the other took over.
const LEASE_MS = 6000;
const VERSION_CHECK_MS = 1000;

type Job = { name: string; running: boolean; last_end: string | null };
const fuelJob = async (s: ServerProcess): Promise<Job> => {
  const health = (await (await fetch(`${s.base}/health`)).json()) as { dependencies: { scheduler: { jobs: Job[] } } };
  return health.dependencies.scheduler.jobs.find((j) => j.name === 'fuel-crawl' || j.name.startsWith('fuel'))!;
};
const serverPid = (s: ServerProcess) => Number(/"pid":(\d+)/.exec(s.output())?.[1]);
async function until<T>(what: string, f: () => Promise<T | undefined | false>, ms = 240_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await f().catch(() => undefined);
    if (v) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.runIf(PG_URL && REDIS_URL)('two instances on PostgreSQL and Redis', () => {
  // The first crawl's city pages are held until its runner has been killed: however fast or slow
  // the machine, the kill lands mid-crawl.
  let release = () => {};
  const state: FakeState = { shift: 0, delayMs: 250, hold: new Promise<void>((r) => (release = r)) };
  const servers: ServerProcess[] = [];
  let gr: FakeUpstream;
  let db: Awaited<ReturnType<typeof createPgDatabase>>;
  let sql: pg.Client;
  let env: Record<string, string>;
  const start = () => {
    const s = startServer(env, ['npm', 'start']);
    servers.push(s);
    return s;
  };

  beforeAll(async () => {
    // Build once, so that the instances' prestart finds dist/ current and none builds.
    execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: ROOT, stdio: 'ignore' });
    gr = await fakeGoodreturns(state);
    db = await createPgDatabase();
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    env = {
      ...offlineUpstreams(),
      LOG_LEVEL: 'info',
      DATABASE_URL: db.url,
      REDIS_URL: REDIS_URL!,
      CACHE_PREFIX: `jt:${randomBytes(4).toString('hex')}:`,
      SCHEDULER_ENABLED: 'true',
      PRICES_CRAWL_AT_START: 'true',
      // Only the start-up crawl runs during the test.
      PRICES_CRAWL_CRON: '0 0 1 1 *',
      PRICES_VERSION_CHECK_MS: String(VERSION_CHECK_MS),
      // Longer than the held pages can wait on a loaded machine (the first instance may crawl
      // many seconds before the second is up): a page that timed out would end the first crawl
      // as a failed run before the kill, and the second instance's crawl be the one killed.
      PRICES_PAGE_DEADLINE_MS: '60000',
      JOB_LOCK_LEASE_MS: String(LEASE_MS),
      FUEL_GOODRETURNS_URL: gr.url,
      RATE_LIMIT_MAX: '1000',
    };
  });

  afterAll(async () => {
    for (const s of servers) {
      const pid = serverPid(s);
      if (pid) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      s.child.kill('SIGKILL');
    }
    await sql?.end();
    await db?.drop();
    await gr?.close();
  });

  it('elects one runner, survives its kill mid-crawl, then shares data, cache and rate limit', async () => {
    const [a, b] = [start(), start()];
    await Promise.all([a.ready(), b.ready()]);

    // Exactly one instance is crawling.
    const runner = await until('a crawl to start', async () => {
      const [ja, jb] = await Promise.all([fuelJob(a), fuelJob(b)]);
      return ja.running !== jb.running && gr.requests.length >= 4 ? (ja.running ? a : b) : undefined;
    });
    const other = runner === a ? b : a;
    expect((await fuelJob(other)).running).toBe(false);

    // Killed mid-crawl: nothing half-done is stored, and the other instance still serves.
    process.kill(serverPid(runner), 'SIGKILL');
    await runner.exited;
    const rows = await sql.query('select (select count(*) from fuel_price) as prices, (select count(*) from fuel_crawl_run) as runs');
    expect(rows.rows[0]).toEqual({ prices: '0', runs: '0' });
    expect((await fetch(`${other.base}/fuel`)).status).toBe(503);

    // A supervisor restarts it at once. The survivor and the restarted instance both want the
    // start-up crawl; once the dead holder's lease runs out, exactly one of them takes the lock
    // and stores the whole list.
    state.delayMs = 0;
    state.hold = undefined;
    release();
    const killedAt = Date.now();
    const c = start();
    await c.ready();
    const crawler = await until('the crawl to be taken over and finish', async () => {
      const [jo, jc] = await Promise.all([fuelJob(other), fuelJob(c)]);
      return jo.last_end ? other : jc.last_end ? c : undefined;
    });
    const storedAt = Date.now();
    const witness = crawler === c ? other : c;
    // Not before the dead holder's lease ran out: it was last renewed at most a third of a lease
    // before the kill, so the lock was free two thirds of a lease after it at the earliest.
    expect(storedAt - killedAt).toBeGreaterThanOrEqual((2 * LEASE_MS) / 3 - 250);
    expect((await fuelJob(witness)).last_end).toBeNull();
    // Today's rows: 46 places x 2 fuels (the city pages' own history adds rows for earlier days).
    const stored = await sql.query('select count(*) as n from fuel_price where day = (select max(day) from fuel_price)');
    expect(Number(stored.rows[0].n)).toBe(92);
    const runs = await sql.query('select ok from fuel_crawl_run');
    expect(runs.rows).toEqual([{ ok: 1 }]);

    // The instance that did not crawl serves the prices the other one stored. It had no data
    // version yet, so it asks the database on every request (answers.ts) and its check interval
    // does not come in; a clock bound here only measured the machine. `until` ends a hang.
    await until('the other instance to serve prices', async () => (await fetch(`${witness.base}/fuel`)).status === 200);

    // An answer built and cached by one instance is a hit on the other.
    const first = (await (await fetch(`${crawler.base}/fuel/latest`)).json()) as { cached: boolean };
    const second = (await (await fetch(`${witness.base}/fuel/latest`)).json()) as { cached: boolean };
    expect([first.cached, second.cached]).toEqual([false, true]);

    // One client's requests are counted across both instances.
    const remaining = async (s: ServerProcess) => Number((await fetch(`${s.base}/fuel/cities`)).headers.get('x-ratelimit-remaining'));
    const r1 = await remaining(crawler);
    const r2 = await remaining(witness);
    const r3 = await remaining(crawler);
    expect([r2, r3]).toEqual([r1 - 1, r1 - 2]);
  });
});
