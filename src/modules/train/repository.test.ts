import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/helpers/db.js';
import { fixtureJson } from './fixtures/index.js';
import { trainMigrations } from './migrations.js';
import { StationRepository } from './repository.js';
import { parseStationsGeoJson } from './stations.js';

// A few hundred rows of datameet's list (fixtures/PROVENANCE.md), holding every station named below.
const stations = parseStationsGeoJson(fixtureJson('datameet-stations-cut.json'));

describe.each(DIALECTS)('station repository on $name', (dialect) => {
  let db: Awaited<ReturnType<(typeof dialect)['open']>>;
  let repo: StationRepository;

  beforeAll(async () => {
    db = await dialect.open();
    await db.migrate(trainMigrations);
    repo = new StationRepository(db);
  });
  afterAll(async () => {
    await db.close();
    await db.drop();
  });

  it('is empty before the first load', async () => {
    expect(await repo.loaded()).toBe(false);
    expect(await repo.lastLoad()).toBeUndefined();
  });

  it('stores the whole list it is given and records the load', async () => {
    await repo.replaceAll(stations, 'datameet-test', new Date('2026-11-21T00:00:00Z'));
    expect(await repo.count()).toBe(stations.length);
    expect(await repo.lastLoad()).toEqual({ loaded_at: '2026-11-21T00:00:00.000Z', source: 'datameet-test', rows: stations.length });
  });

  it('looks stations up by code with their coordinates', async () => {
    const found = await repo.byCodes(['NDLS', 'MAO', 'ZZZZ']);
    expect(found.get('NDLS')).toMatchObject({ code: 'NDLS', name: 'NEW DELHI' });
    expect(found.get('NDLS')!.lat).toBeCloseTo(28.6423, 3);
    expect(found.get('MAO')!.lon).toBeCloseTo(73.9707, 3);
    expect(found.has('ZZZZ')).toBe(false);
  });

  it('searches by code first, then by name, case-insensitively', async () => {
    const byCode = await repo.search('ndls', 5);
    expect(byCode[0].code).toBe('NDLS');
    const byName = await repo.search('nizamuddin', 10);
    expect(byName.map((s) => s.code)).toContain('NZM');
    expect(await repo.search('no such place anywhere', 5)).toEqual([]);
  });

  it('replaces the list as a whole on the next load', async () => {
    await repo.replaceAll(stations.slice(0, 10), 'smaller', new Date('2026-11-22T00:00:00Z'));
    expect(await repo.count()).toBe(10);
    expect((await repo.lastLoad())!.source).toBe('smaller');
  });
});
