// The station list (loaded from datameet's GeoJSON) and a log of each load. Frozen once shipped.

import type { AppMigration } from '../../core/db/index.js';

export const trainMigrations: Record<string, AppMigration> = {
  train_0001_stations: {
    async up(db, types) {
      await db.schema
        .createTable('train_station')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        // Lower-cased name: LIKE is case-sensitive on PostgreSQL and not on SQLite.
        .addColumn('name_lc', 'text', (c) => c.notNull())
        .addColumn('state', 'text')
        .addColumn('zone', 'text')
        .addColumn('address', 'text')
        .addColumn('lat', types.float)
        .addColumn('lon', types.float)
        .execute();
      await db.schema.createIndex('train_station_name_lc').on('train_station').column('name_lc').execute();
      await db.schema
        .createTable('train_station_load')
        .addColumn('id', types.serial, (c) => c.primaryKey())
        .addColumn('loaded_at', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('rows', 'integer', (c) => c.notNull())
        .execute();
    },
  },
};
