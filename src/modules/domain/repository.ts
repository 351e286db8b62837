// Storage of the RDAP bootstrap file (one row per bootstrap kind; only "dns" is used).

import type { Kysely } from 'kysely';
import { tablesOf, type Database } from '../../core/db/index.js';
import type { BootstrapFile } from './bootstrap.js';
import type { DomainTables, NewRdapBootstrapRow } from './tables.js';

export interface StoredBootstrap {
  publication: string | null;
  source: string;
  fetched_at: string;
  file: BootstrapFile;
}

export class DomainRepository {
  private readonly db: Kysely<DomainTables>;

  constructor(database: Database) {
    this.db = tablesOf<DomainTables>(database);
  }

  async getBootstrap(name = 'dns'): Promise<StoredBootstrap | undefined> {
    const row = await this.db.selectFrom('domain_rdap_bootstrap').selectAll().where('name', '=', name).executeTakeFirst();
    if (!row) return undefined;
    // jsonb comes back parsed from PostgreSQL, text from SQLite.
    const file = (typeof row.body === 'string' ? JSON.parse(row.body) : row.body) as BootstrapFile;
    return { publication: row.publication ?? null, source: row.source, fetched_at: row.fetched_at, file };
  }

  async saveBootstrap(b: StoredBootstrap, name = 'dns'): Promise<void> {
    const values: NewRdapBootstrapRow = { name, publication: b.publication, source: b.source, fetched_at: b.fetched_at, body: JSON.stringify(b.file) };
    await this.db
      .insertInto('domain_rdap_bootstrap')
      .values(values)
      .onConflict((oc) =>
        oc.column('name').doUpdateSet({ publication: values.publication, source: values.source, fetched_at: values.fetched_at, body: values.body }),
      )
      .execute();
  }
}
