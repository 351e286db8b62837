// The liquor catalog: every imported list is a version; a product (a state's product code) is
// kept across versions with its price in each, so its history survives a newer list. Frozen
// once shipped.

import type { AppMigration } from '../../core/db/index.js';

export const liquorMigrations: Record<string, AppMigration> = {
  liquor_0001_catalog: {
    async up(db, types) {
      await db.schema
        .createTable('liquor_version')
        .addColumn('id', types.serial, (c) => c.primaryKey())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('source_url', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('effective', 'text', (c) => c.notNull())
        .addColumn('printed', 'text')
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('fetched_at', 'text', (c) => c.notNull())
        .addColumn('rows', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('liquor_version_state').on('liquor_version').columns(['state', 'effective']).execute();
      await db.schema
        .createTable('liquor_product')
        .addColumn('id', types.serial, (c) => c.primaryKey())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('brand', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('section', 'text', (c) => c.notNull())
        .addColumn('volume_ml', 'integer', (c) => c.notNull())
        .addColumn('supplier', 'text', (c) => c.notNull())
        // The n of /liquor-img/{brand}_{n}.webp: given once per brand, never reused.
        .addColumn('image_index', 'integer', (c) => c.notNull())
        .addUniqueConstraint('liquor_product_code', ['state', 'code'])
        .addUniqueConstraint('liquor_product_image', ['brand', 'image_index'])
        .execute();
      await db.schema
        .createTable('liquor_price')
        .addColumn('version_id', 'integer', (c) => c.notNull().references('liquor_version.id'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('liquor_product.id'))
        .addColumn('serial', 'integer', (c) => c.notNull())
        .addColumn('before_tax', types.float, (c) => c.notNull())
        .addColumn('tax', types.float, (c) => c.notNull())
        .addColumn('cess', types.float, (c) => c.notNull())
        .addColumn('price', types.float, (c) => c.notNull())
        .addPrimaryKeyConstraint('liquor_price_pk', ['version_id', 'product_id'])
        .execute();
      await db.schema.createIndex('liquor_price_product').on('liquor_price').column('product_id').execute();
    },
  },
};
