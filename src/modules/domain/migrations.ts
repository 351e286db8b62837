// Tables of the domain module. Frozen once shipped: add a new migration to change them.

import type { AppMigration } from '../../core/db/index.js';

export const migrations: Record<string, AppMigration> = {
  // The last good IANA RDAP bootstrap file, so every instance (and a restart) uses the newest
  // one downloaded rather than the snapshot shipped with the code.
  domain_0001_rdap_bootstrap: {
    async up(db, types) {
      await db.schema
        .createTable('domain_rdap_bootstrap')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('publication', 'text')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('fetched_at', 'text', (c) => c.notNull())
        .addColumn('body', types.json, (c) => c.notNull())
        .execute();
    },
  },
};
