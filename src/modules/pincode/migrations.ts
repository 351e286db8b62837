// Post offices by PIN (loaded from the offline data set or an import), and a log of each load. Frozen once shipped.

import type { AppMigration } from '../../core/db/index.js';

export const pincodeMigrations: Record<string, AppMigration> = {
  pincode_0001_offices: {
    async up(db, types) {
      await db.schema
        .createTable('pincode_office')
        .addColumn('id', types.serial, (c) => c.primaryKey())
        .addColumn('pin', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('branch_type', 'text')
        .addColumn('delivery', 'text')
        .addColumn('division', 'text')
        .addColumn('region', 'text')
        .addColumn('circle', 'text')
        .addColumn('district', 'text')
        .addColumn('state', 'text')
        // Lower-cased copies: LIKE is case-sensitive on PostgreSQL and not on SQLite.
        .addColumn('name_lc', 'text', (c) => c.notNull())
        .addColumn('district_lc', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('pincode_office_pin').on('pincode_office').column('pin').execute();
      await db.schema.createIndex('pincode_office_name_lc').on('pincode_office').column('name_lc').execute();
      await db.schema
        .createTable('pincode_load')
        .addColumn('id', types.serial, (c) => c.primaryKey())
        .addColumn('loaded_at', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('rows', 'integer', (c) => c.notNull())
        .execute();
    },
  },
};
