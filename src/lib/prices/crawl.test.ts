import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../core/db/index.js';
import { ProviderHealth, UpstreamError, type Provider } from '../../core/upstream/index.js';
import { runCrawl, type CrawlTask } from './crawl.js';
import { priceTables, priceTablesMigration } from './migrations.js';
import { PriceRepository } from './repository.js';

// Providers written for the test: each answers from a table, or fails the way an upstream does.
const source = (name: string, answers: Record<string, number | 'down' | 'blocked'>, seen: string[] = []): Provider<string, number> => ({
  name,
  async run(input) {
    seen.push(`${name}:${input}`);
    const a = answers[input];
    if (a === undefined) throw new UpstreamError(name, 'not_found', `${name}: no page for ${input}`);
    if (a === 'down') throw new UpstreamError(name, 'unavailable', `${name} answered HTTP 503`);
    if (a === 'blocked') throw new UpstreamError(name, 'blocked', `${name} answered with a bot check`);
    return a;
  },
});

const tasks = (names: string[], providers: Provider<string, number>[]): CrawlTask<string, number>[] =>
  names.map((n) => ({ label: n, input: n, providers, toRows: (price, src) => [{ location: n, product: 'gold', price, source: src }] }));

describe('price crawl runner', () => {
  let db: Database;
  let repo: PriceRepository;
  const now = () => new Date('2026-11-20T01:00:00Z');
  beforeAll(async () => {
    db = openDatabase('sqlite::memory:');
    await db.migrate({ ctest_0001: priceTablesMigration(priceTables('ctest')) });
    repo = new PriceRepository(db, priceTables('ctest'));
  });
  afterAll(() => db.close());

  const opts = (expected: number) => ({
    group: 'test',
    health: new ProviderHealth(),
    concurrency: 2,
    // Nothing here hangs: a deadline of a minute ends only a hang, never a busy machine's slow page.
    pageDeadlineMs: 60_000,
    expected,
    minPercent: 75,
    day: '2026-11-20',
    now,
  });

  it('takes each page from the first source that answers, and counts rows and errors per source', async () => {
    const a = source('a', { x: 1, y: 2 });
    const b = source('b', { x: 10, y: 20, z: 30 });
    const out = await runCrawl(repo, tasks(['x', 'y', 'z'], [a, b]), opts(3));
    expect(out.stored).toBe(true);
    expect(out.sources).toEqual([
      {
        name: 'a',
        rows: 2,
        errors: ['z: a: no page for z'],
        pages: [
          { page: 'x', places: 1 },
          { page: 'y', places: 1 },
        ],
      },
      { name: 'b', rows: 1, errors: [], pages: [{ page: 'z', places: 1 }] },
    ]);
    const cur = await repo.current();
    expect([...cur.values()].map((c) => [c.latest.location, c.latest.price, c.latest.source]).sort()).toEqual([
      ['x', 1, 'a'],
      ['y', 2, 'a'],
      ['z', 30, 'b'],
    ]);
  });

  it('stores nothing when too few pages answer, and records the run as failed', async () => {
    const down = source('a', { x: 'down', y: 'down', z: 5 });
    // No suspension here, so z is still asked after x and y failed (see the test on suspension below).
    const out = await runCrawl(repo, tasks(['x', 'y', 'z'], [down]), { ...opts(3), health: new ProviderHealth({ unavailable: 0 }), day: '2026-11-21' });
    expect(out).toMatchObject({ stored: false, ok: false, rows: 0 });
    expect(out.error).toBe('test: got 1 of 3 expected prices (at least 3 needed); stored data kept (latest day 2026-11-20)');
    expect(await repo.latestDay()).toBe('2026-11-20');
    expect((await repo.runs())[0]).toMatchObject({ ok: false, error: out.error });
  });

  it('says nothing is stored yet, not "stored data kept", when a fresh instance\'s first crawl comes back short', async () => {
    const empty = openDatabase('sqlite::memory:');
    await empty.migrate({ ctest_0001: priceTablesMigration(priceTables('ctest')) });
    const fresh = new PriceRepository(empty, priceTables('ctest'));
    const out = await runCrawl(fresh, tasks(['x', 'y', 'z'], [source('a', { x: 'down', y: 'down', z: 5 })]), {
      ...opts(3),
      health: new ProviderHealth({ unavailable: 0 }),
    });
    expect(out.error).toBe('test: got 1 of 3 expected prices (at least 3 needed); nothing stored yet: no crawl has succeeded on this instance');
    await empty.close();
  });

  it('stops asking a source that blocked us for the rest of the run', async () => {
    const seen: string[] = [];
    const blocked = source('a', { x: 'blocked', y: 1, z: 1 }, seen);
    const backup = source('b', { x: 2, y: 2, z: 2 }, seen);
    const out = await runCrawl(repo, tasks(['x', 'y', 'z'], [blocked, backup]), { ...opts(3), concurrency: 1 });
    expect(out.stored).toBe(true);
    expect(seen.filter((s) => s.startsWith('a:'))).toEqual(['a:x']);
    expect(out.sources.find((s) => s.name === 'b')!.rows).toBe(3);
  });

  it('stops when told (lock lost, shutting down): no page started after, nothing stored, no source blamed', async () => {
    const seen: string[] = [];
    const stop = new AbortController();
    const health = new ProviderHealth();
    const slow: Provider<string, number> = {
      name: 'slow',
      async run(input, ctx) {
        seen.push(input);
        if (input === 'x') stop.abort(new Error('lock job:test lost: it is no longer held by this runner'));
        await new Promise((r) => setTimeout(r, 20));
        if (ctx.signal.aborted) throw new UpstreamError('slow', 'timeout', 'slow: cancelled');
        return 7;
      },
    };
    const out = await runCrawl(repo, tasks(['x', 'y', 'z'], [slow]), { ...opts(3), health, concurrency: 1, day: '2026-11-22', signal: stop.signal });
    expect(seen).toEqual(['x']);
    expect(out).toMatchObject({
      stored: false,
      error: 'test: crawl stopped (lock job:test lost: it is no longer held by this runner); stored data kept (latest day 2026-11-20)',
    });
    expect(await repo.latestDay()).toBe('2026-11-20');
    expect(health.suspendedUntil('slow')).toBe(0);
  });

  it('does not ask a source again in the run once it failed and is suspended, and says why', async () => {
    const seen: string[] = [];
    const a = source('a', { p1: 'down', p2: 1, p3: 2, p4: 3 }, seen);
    const b = source('b', { p1: 'blocked', p2: 10, p3: 20, p4: 30 }, seen);
    const errors: string[] = [];
    const out = await runCrawl(repo, tasks(['p1', 'p2', 'p3', 'p4'], [a, b]), {
      ...opts(4),
      concurrency: 1,
      day: '2026-11-23',
      onProgress: (e) => void (e.error && errors.push(`${e.task}: ${e.error}`)),
    });
    // Both failed on p1 and were suspended: neither is asked for p2…p4 (no probe per page).
    expect(seen).toEqual(['a:p1', 'b:p1']);
    expect(out.stored).toBe(false);
    expect(errors.slice(1)).toEqual(['p2', 'p3', 'p4'].map((p) => `${p}: test: not asked: every source failed earlier in this run and is suspended`));
    // The run keeps, per source, why each page was not read (what /fuel tells of a missing price).
    expect(out.sources.find((s) => s.name === 'b')!.errors).toEqual([
      'p1: b answered with a bot check',
      ...['p2', 'p3', 'p4'].map((p) => `${p}: not asked: b failed earlier in this run`),
    ]);
  });

  it('still gives a source suspended before the run one probe', async () => {
    const health = new ProviderHealth();
    health.failed('a', new UpstreamError('a', 'unavailable', 'a answered HTTP 503'));
    const seen: string[] = [];
    const out = await runCrawl(repo, tasks(['q1'], [source('a', { q1: 4 }, seen)]), { ...opts(1), health, day: '2026-11-24' });
    expect(seen).toEqual(['a:q1']);
    expect(out.stored).toBe(true);
  });

  it('reports progress for every page', async () => {
    const events: string[] = [];
    await runCrawl(repo, tasks(['x', 'q'], [source('a', { x: 1 })]), {
      ...opts(1),
      onProgress: (e) => events.push(`${e.done}/${e.total} ${e.task} ${e.error ? 'failed' : e.source}`),
    });
    expect(events).toHaveLength(2);
    expect(events.some((e) => e.includes('x a'))).toBe(true);
    expect(events.some((e) => e.includes('q failed'))).toBe(true);
  });

  // A state's page lists all its cities: the tasks for two of them name the same page.
  describe('pages that list several places', () => {
    // One source answers a "page" (a state) with every city on it; each call is counted.
    const pagesOf: Record<string, Record<string, number>> = { north: { n1: 11, n2: 12, n3: 13 }, south: { s1: 21 } };
    const statePages = (calls: string[]): Provider<string, Record<string, number>> => ({
      name: 'states',
      async run(state) {
        calls.push(state);
        await new Promise((r) => setTimeout(r, 5));
        return pagesOf[state];
      },
    });
    const ownPages = (prices: Record<string, number>): Provider<string, Record<string, number>> => ({
      name: 'own',
      async run(city) {
        if (prices[city] === undefined) throw new UpstreamError('own', 'not_found', `own: no page for ${city}`);
        return { [city]: prices[city] };
      },
    });
    const cityTasks = (cities: Record<string, string>, providers: Provider<string, Record<string, number>>[]): CrawlTask<string, Record<string, number>>[] =>
      Object.entries(cities).map(([city, state]) => ({
        label: city,
        // Each provider's input: the own source reads the city's page, the state source its state's.
        input: city,
        providers: providers.map((p) => (p.name === 'states' ? { name: p.name, run: (_c: string, ctx) => p.run(state, ctx) } : p)),
        wants: [`${city}|fuel`],
        pageOf: (src) => (src === 'states' ? `http://states.test/${state}` : `http://own.test/${city}`),
        toRows: (prices, src) => Object.entries(prices).map(([location, price]) => ({ location, product: 'fuel', price, source: src })),
      }));

    it('asks a page once for every task naming it, and keeps every place it lists', async () => {
      const calls: string[] = [];
      const out = await runCrawl(repo, cityTasks({ n1: 'north', n2: 'north', s1: 'south' }, [statePages(calls)]), {
        ...opts(3),
        concurrency: 3,
        day: '2026-12-01',
      });
      expect(calls.sort()).toEqual(['north', 'south']);
      expect(out.stored).toBe(true);
      // n3 was asked by no task: its state's page listed it.
      expect(out.rows).toBe(4);
      expect(out.sources[0]).toMatchObject({ rows: 4, errors: [] });
      expect(out.sources[0].pages).toEqual(
        expect.arrayContaining([
          { page: '/north', places: 3 },
          { page: '/south', places: 1 },
        ]),
      );
      expect(out.sources[0].pages).toHaveLength(2);
    });

    it("keeps a place's own page over what another page listed for it", async () => {
      const calls: string[] = [];
      // n1's own page fails, so its state's page answers it (listing n2 too); n2's own page answers n2.
      const tasks = cityTasks({ n1: 'north', n2: 'north' }, [ownPages({ n2: 99 }), statePages(calls)]);
      const out = await runCrawl(repo, tasks, { ...opts(2), concurrency: 1, day: '2026-12-02' });
      expect(out.stored).toBe(true);
      const cur = await repo.current();
      expect(cur.get('n2|fuel')!.latest).toMatchObject({ price: 99, source: 'own' });
      expect(cur.get('n1|fuel')!.latest).toMatchObject({ price: 11, source: 'states' });
      expect(out.sources.find((s) => s.name === 'own')!.rows).toBe(1);
    });

    it('says when a page answered without the place its task is for', async () => {
      const out = await runCrawl(repo, cityTasks({ zz: 'south' }, [statePages([])]), { ...opts(1), day: '2026-12-03' });
      expect(out.sources[0].errors).toEqual(['zz: states answered, but its page did not list it']);
    });
  });
});
