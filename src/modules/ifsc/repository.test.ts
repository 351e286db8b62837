import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/helpers/db.js';
import { fixtureText } from './fixtures/index.js';
import { ifscMigrations } from './migrations.js';
import { parseIfscCsv } from './providers/razorpay-dataset.js';
import { BranchRepository, type Branch } from './repository.js';

const branches: Branch[] = [];
beforeAll(async () => {
  for await (const b of parseIfscCsv([fixtureText('razorpay-ifsc-constructed.csv')], (c) => c.slice(0, 4))) branches.push(b);
});

describe.each(DIALECTS)('branch repository on $name', (dialect) => {
  let db: Awaited<ReturnType<(typeof dialect)['open']>>;
  let repo: BranchRepository;

  beforeAll(async () => {
    db = await dialect.open();
    await db.migrate(ifscMigrations);
    repo = new BranchRepository(db);
  });
  afterAll(async () => {
    await db.close();
    await db.drop();
  });

  it('is empty before the first load', async () => {
    expect(await repo.loaded()).toBe(false);
    expect(await repo.lastLoad()).toBeUndefined();
  });

  it('refuses a set shorter than the minimum and keeps nothing of it', async () => {
    await expect(repo.replaceAll(branches, 'short', new Date('2026-11-24T00:00:00Z'), 1000)).rejects.toThrow(/fewer than 1000/);
    expect(await repo.loaded()).toBe(false);
  });

  it('stores what it is given, flags included, and records the load', async () => {
    expect(await repo.replaceAll(branches, 'test', new Date('2026-11-24T00:00:00Z'))).toBe(branches.length);
    expect(await repo.lastLoad()).toEqual({ loaded_at: '2026-11-24T00:00:00.000Z', source: 'test', rows: branches.length });
    for (const b of branches) expect(await repo.byIfsc(b.ifsc)).toEqual(b);
    expect(await repo.byIfsc('SBIN0000009')).toBeUndefined();
  });

  it('searches case-insensitively, ignores LIKE wildcards, and counts every match', async () => {
    expect((await repo.search({ city: 'KOLKATA', limit: 1, offset: 0 })).total).toBe(2);
    expect((await repo.search({ q: 'test%', limit: 50, offset: 0 })).total).toBe(branches.length);
    expect((await repo.search({ bank: 'HDFC', q: 'anna', limit: 50, offset: 0 })).branches.map((b) => b.ifsc)).toEqual(['HDFC0000003']);
  });

  it('replaces the whole set on the next load', async () => {
    await repo.replaceAll(branches.slice(0, 2), 'test2', new Date('2026-11-25T00:00:00Z'));
    expect((await repo.search({ q: 'test', limit: 50, offset: 0 })).total).toBe(2);
  });
});
