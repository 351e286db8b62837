import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/helpers/db.js';
import { migrations } from './migrations.js';
import { DomainRepository } from './repository.js';

describe.each(DIALECTS)('domain repository on $name', (dialect) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  it('stores the bootstrap file and replaces it with a newer one', async () => {
    const db = await dialect.open();
    drop = async () => {
      await db.close();
      await db.drop();
    };
    await db.migrate(migrations);
    const repo = new DomainRepository(db);
    expect(await repo.getBootstrap()).toBeUndefined();
    const file = { publication: '2025-11-06T23:00:01Z', services: [[['cz'], ['https://rdap.nic.cz/']]] as [string[], string[]][] };
    await repo.saveBootstrap({ publication: file.publication, source: 'https://data.iana.org/rdap/dns.json', fetched_at: '2026-11-21T00:00:00.000Z', file });
    expect(await repo.getBootstrap()).toEqual({
      publication: file.publication,
      source: 'https://data.iana.org/rdap/dns.json',
      fetched_at: '2026-11-21T00:00:00.000Z',
      file,
    });
    const newer = { ...file, publication: '2026-11-20T00:00:00Z' };
    await repo.saveBootstrap({ publication: newer.publication, source: 'x', fetched_at: '2026-11-22T00:00:00.000Z', file: newer });
    expect((await repo.getBootstrap())?.publication).toBe('2026-11-20T00:00:00Z');
  });
});
