// Branch details imported from Razorpay's IFSC data set, and a log of each import. Frozen once shipped.

import type { AppMigration } from '../../core/db/index.js';

export const ifscMigrations: Record<string, AppMigration> = {
  ifsc_0001_branches: {
    async up(db, types) {
      await db.schema
        .createTable('ifsc_branch')
        .addColumn('ifsc', 'text', (c) => c.primaryKey())
        .addColumn('bank_code', 'text', (c) => c.notNull())
        .addColumn('bank', 'text', (c) => c.notNull())
        .addColumn('branch', 'text')
        .addColumn('address', 'text')
        .addColumn('city', 'text')
        .addColumn('centre', 'text')
        .addColumn('district', 'text')
        .addColumn('state', 'text')
        .addColumn('contact', 'text')
        .addColumn('micr', 'text')
        .addColumn('swift', 'text')
        .addColumn('iso3166', 'text')
        // 1, 0 or null (unknown): the same integer on both dialects.
        .addColumn('neft', 'integer')
        .addColumn('rtgs', 'integer')
        .addColumn('imps', 'integer')
        .addColumn('upi', 'integer')
        // Lower-cased copies for search: LIKE is case-sensitive on PostgreSQL and not on SQLite.
        .addColumn('search_lc', 'text', (c) => c.notNull())
        .addColumn('city_lc', 'text', (c) => c.notNull())
        .addColumn('state_lc', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ifsc_branch_bank').on('ifsc_branch').column('bank_code').execute();
      await db.schema.createIndex('ifsc_branch_city').on('ifsc_branch').columns(['city_lc', 'bank_code']).execute();
      await db.schema
        .createTable('ifsc_load')
        .addColumn('id', types.serial, (c) => c.primaryKey())
        .addColumn('loaded_at', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('rows', 'integer', (c) => c.notNull())
        .execute();
    },
  },
};
