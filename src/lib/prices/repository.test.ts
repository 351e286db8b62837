import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/helpers/db.js';
import { priceTables, priceTablesMigration } from './migrations.js';
import { PriceRepository, type PriceRow } from './repository.js';

const row = (location: string, product: string, day: string, price: number, extra: Partial<PriceRow> = {}): PriceRow => ({
  location,
  product,
  day,
  price,
  source: 'test',
  updated_at: `${day}T01:00:00.000Z`,
  ...extra,
});

describe.each(DIALECTS)('price repository on $name', (dialect) => {
  let db: Awaited<ReturnType<(typeof DIALECTS)[number]['open']>>;
  let repo: PriceRepository;
  beforeAll(async () => {
    db = await dialect.open();
    const t = priceTables('ptest');
    await db.migrate({ ptest_0001_init: priceTablesMigration(t) });
    repo = new PriceRepository(db, t);
  });
  afterAll(async () => {
    await db.drop();
  });

  it('starts empty: no day, no current prices, no successful run', async () => {
    expect(await repo.latestDay()).toBeNull();
    expect((await repo.current()).size).toBe(0);
    expect(await repo.lastSuccess()).toBeNull();
  });

  it('keeps one row per location, product and day; a later crawl of the day replaces it', async () => {
    await repo.upsert([row('delhi', 'petrol', '2026-11-19', 94.5), row('delhi', 'diesel', '2026-11-19', 87.6)]);
    await repo.upsert([row('delhi', 'petrol', '2026-11-20', 94.6), row('delhi', 'petrol', '2026-11-19', 94.4)]);
    await repo.upsert([row('delhi', 'petrol', '2026-11-20', 94.72, { source: 'second' })]);
    const h = await repo.history('delhi', 'petrol', '2026-11-01');
    expect(h.map((r) => [r.day, r.price, r.source])).toEqual([
      ['2026-11-20', 94.72, 'second'],
      ['2026-11-19', 94.4, 'test'],
    ]);
  });

  it("pairs each location's newest price with the previous stored day's", async () => {
    const cur = await repo.current();
    expect(cur.get('delhi|petrol')?.latest.price).toBe(94.72);
    expect(cur.get('delhi|petrol')?.previous?.price).toBe(94.4);
    // Diesel was not in the last crawl: its last known price stays current.
    expect(cur.get('delhi|diesel')?.latest.day).toBe('2026-11-19');
    expect(cur.get('delhi|diesel')?.previous).toBeUndefined();
  });

  it('stores details as JSON and reads them back', async () => {
    await repo.upsert([row('mumbai', 'gold', '2026-11-20', 12764, { details: { price_22k: 11700, price_18k: 9573 } })]);
    expect((await repo.current()).get('mumbai|gold')?.latest.details).toEqual({ price_22k: 11700, price_18k: 9573 });
  });

  it('writes more rows than one statement may bind', async () => {
    const many = Array.from({ length: 450 }, (_, i) => row(`place-${i}`, 'gold', '2026-11-20', 1000 + i));
    await repo.upsert(many);
    expect((await repo.current()).get('place-449|gold')?.latest.price).toBe(1449);
  });

  it('adds earlier days a source lists without replacing stored ones', async () => {
    await repo.insertMissing([row('delhi', 'petrol', '2026-11-20', 1), row('delhi', 'petrol', '2026-11-18', 94.3, { source: 'backfill' })]);
    const h = await repo.history('delhi', 'petrol', '2026-11-01');
    expect(h.map((r) => [r.day, r.price])).toEqual([
      ['2026-11-20', 94.72],
      ['2026-11-19', 94.4],
      ['2026-11-18', 94.3],
    ]);
  });

  it('records runs and reports the last success', async () => {
    await repo.recordRun({
      started_at: '2026-11-20T00:00:00.000Z',
      finished_at: '2026-11-20T00:01:00.000Z',
      ok: true,
      rows: 92,
      error: null,
      sources: [{ name: 'a', rows: 92, errors: [] }],
    });
    await repo.recordRun({
      started_at: '2026-11-20T01:00:00.000Z',
      finished_at: '2026-11-20T01:01:00.000Z',
      ok: false,
      rows: 0,
      error: 'short',
      sources: [{ name: 'a', rows: 3, errors: ['x: 500'] }],
    });
    expect(await repo.lastSuccess()).toBe('2026-11-20T00:01:00.000Z');
    const runs = await repo.runs();
    expect(runs.map((r) => r.ok)).toEqual([false, true]);
    expect(runs[0].sources[0].errors).toEqual(['x: 500']);
  });
});
