import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/helpers/db.js';
import { brandFamilies, categoryOf, key } from './families.js';
import { KSBC_ROWS } from './fixtures/rows.js';
import { liquorMigrations } from './migrations.js';
import { LiquorRepository, type StoredRow } from './repository.js';

// The real rows (fixtures/PROVENANCE.md) as the importer would store them.
const families = brandFamilies(KSBC_ROWS);
const rows: StoredRow[] = KSBC_ROWS.map((r, i) => ({
  serial: i + 1,
  code: r.code,
  name: r.name,
  volume_ml: r.ml,
  supplier: r.supplier,
  section: r.section,
  before_tax: r.before,
  tax: r.tax,
  cess: Math.round((r.price - r.before - r.tax) * 100) / 100,
  price: r.price,
  brand: families.get(key(r))!,
  category: categoryOf(r.name, r.section),
}));
const version = (effective: string, sha256: string) => ({
  state: 'kerala',
  source_url: 'https://ksbc.example/list.pdf',
  title: 'Price List',
  effective,
  printed: null,
  sha256,
  fetched_at: '2026-11-24T00:00:00.000Z',
  rows: rows.length,
});

describe.each(DIALECTS)('liquor repository on $name', (dialect) => {
  let db: Awaited<ReturnType<(typeof dialect)['open']>>;
  let repo: LiquorRepository;
  let first: number;

  beforeAll(async () => {
    db = await dialect.open();
    await db.migrate(liquorMigrations);
    repo = new LiquorRepository(db);
  });
  afterAll(async () => {
    await db.close();
    await db.drop();
  });

  it('is empty before the first list', async () => {
    expect(await repo.loaded()).toBe(false);
    expect(await repo.latestVersion('kerala')).toBeUndefined();
  });

  it('stores a list as a version with every product and its price', async () => {
    first = await repo.storeVersion(version('2026-05-11', 'aaa'), rows);
    expect(await repo.loaded()).toBe(true);
    expect(await repo.latestVersion('kerala')).toMatchObject({ id: first, effective: '2026-05-11', rows: rows.length });
    const catalog = await repo.catalog(first);
    expect(catalog).toHaveLength(rows.length);
    expect(catalog[0]).toMatchObject({ code: '11001121W', brand: 'southern-choice', category: 'Brandy', price: 1550, cess: 40, image_index: 1 });
    expect((await repo.versionBySha('kerala', 'aaa'))!.id).toBe(first);
  });

  it('numbers images within a brand and finds a product by its image', async () => {
    const catalog = await repo.catalog(first);
    const sira = catalog.filter((p) => p.brand === 'sira').map((p) => p.image_index);
    expect(sira).toEqual([1, 2, 3, 4]);
    const p = await repo.productByImage('sira', 2);
    expect(p).toMatchObject({ code: '15776081Q', name: 'SIRA JACK FRUIT WHITE WINE' });
  });

  it('keeps each product’s price across versions, and the newest list decides what is current', async () => {
    const changed = rows.filter((r) => r.code !== '15995342U').map((r) => (r.code === '11001121W' ? { ...r, before_tax: 440, tax: 1090, price: 1570 } : r));
    const second = await repo.storeVersion(version('2026-09-01', 'bbb'), changed);
    expect((await repo.latestVersion('kerala'))!.id).toBe(second);
    const catalog = await repo.catalog(second);
    expect(catalog).toHaveLength(rows.length - 1);
    const p = catalog.find((x) => x.code === '11001121W')!;
    expect((await repo.history(p.id)).map((h) => [h.effective, h.price])).toEqual([
      ['2026-05-11', 1550],
      ['2026-09-01', 1570],
    ]);
    expect(p.id).toBe((await repo.catalog(first)).find((x) => x.code === '11001121W')!.id);
  });

  it('adds an older list to the history without making it current', async () => {
    const older = await repo.storeVersion(
      version('2025-01-27', 'ccc'),
      rows.slice(0, 3).map((r) => ({ ...r, price: r.price - 10, tax: r.tax - 10 })),
    );
    expect((await repo.latestVersion('kerala'))!.effective).toBe('2026-09-01');
    const id = (await repo.catalog(first))[0].id;
    expect((await repo.history(id))[0]).toMatchObject({ version_id: older, effective: '2025-01-27', price: 1540 });
    expect(await repo.latestVersions()).toHaveLength(1);
  });
});
