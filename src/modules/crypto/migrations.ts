// Tables of the crypto module. Frozen once shipped: add a new migration to change them.

import type { AppMigration } from '../../core/db/index.js';

export const migrations: Record<string, AppMigration> = {
  // The last good CoinGecko coin list, so every instance (and a restart) resolves symbols and
  // names without downloading it again.
  crypto_0001_coin_list: {
    async up(db, types) {
      await db.schema
        .createTable('crypto_coin_list')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('fetched_at', 'text', (c) => c.notNull())
        .addColumn('coins', 'integer', (c) => c.notNull())
        .addColumn('body', types.json, (c) => c.notNull())
        .execute();
    },
  },
};
