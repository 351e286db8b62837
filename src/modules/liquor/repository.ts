// Stored price lists: versions, products (one per state and product code, kept across
// versions) and each product's price in each version. Rows map to domain objects here only.

import type { Kysely } from 'kysely';
import { tablesOf, type Database } from '../../core/db/index.js';
import type { LiquorTables, ProductRow, VersionRow } from './tables.js';
import type { CatalogProduct, ListVersion, PricePoint, PriceRow, ProductRecord } from './types.js';

export type { ProductRecord };

/** A row ready to store: the printed facts plus the family and category the catalog gives it. */
export interface StoredRow extends PriceRow {
  brand: string;
  category: string;
}

// 9 columns × 300 rows stays far below both dialects' bound-parameter limits.
const BATCH = 300;

const toVersion = (r: VersionRow): ListVersion => ({
  id: Number(r.id),
  state: String(r.state),
  source_url: String(r.source_url),
  title: String(r.title),
  effective: String(r.effective),
  printed: r.printed === null || r.printed === undefined ? null : String(r.printed),
  sha256: String(r.sha256),
  fetched_at: String(r.fetched_at),
  rows: Number(r.rows),
});

const toProduct = (r: Pick<ProductRow, keyof ProductRecord>): ProductRecord => ({
  id: Number(r.id),
  state: String(r.state),
  code: String(r.code),
  name: String(r.name),
  brand: String(r.brand),
  category: String(r.category),
  section: String(r.section),
  volume_ml: Number(r.volume_ml),
  supplier: String(r.supplier),
  image_index: Number(r.image_index),
});

const PRODUCT_FIELDS = ['name', 'brand', 'category', 'section', 'volume_ml', 'supplier'] as const;

export class LiquorRepository {
  private readonly db: Kysely<LiquorTables>;

  constructor(database: Database) {
    this.db = tablesOf<LiquorTables>(database);
  }

  /** Whether any list has been stored for any state. */
  async loaded(): Promise<boolean> {
    return (await this.db.selectFrom('liquor_version').select('id').limit(1).executeTakeFirst()) !== undefined;
  }

  /** The state's newest list: the latest effective date, the latest import among equals. */
  async latestVersion(state: string): Promise<ListVersion | undefined> {
    const r = await this.db
      .selectFrom('liquor_version')
      .selectAll()
      .where('state', '=', state)
      .orderBy('effective', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return r ? toVersion(r) : undefined;
  }

  async versionBySha(state: string, sha256: string): Promise<ListVersion | undefined> {
    const r = await this.db.selectFrom('liquor_version').selectAll().where('state', '=', state).where('sha256', '=', sha256).limit(1).executeTakeFirst();
    return r ? toVersion(r) : undefined;
  }

  /** The newest list of every state that has one. */
  async latestVersions(): Promise<ListVersion[]> {
    const all = (await this.db.selectFrom('liquor_version').selectAll().orderBy('effective', 'desc').orderBy('id', 'desc').execute()).map(toVersion);
    const seen = new Set<string>();
    return all.filter((v) => !seen.has(v.state) && seen.add(v.state)).sort((a, b) => a.state.localeCompare(b.state));
  }

  /**
   * Stores a list as a new version in one transaction: new products are added, and when the
   * list is the state's newest, known products take its names and sizes. Returns the version id.
   */
  async storeVersion(v: Omit<ListVersion, 'id'>, rows: readonly StoredRow[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const newest = await trx
        .selectFrom('liquor_version')
        .select('effective')
        .where('state', '=', v.state)
        .orderBy('effective', 'desc')
        .limit(1)
        .executeTakeFirst();
      const isNewest = !newest || v.effective >= String(newest.effective);
      const inserted = await trx.insertInto('liquor_version').values(v).returning('id').executeTakeFirstOrThrow();
      const versionId = Number(inserted.id);
      const known = new Map(
        (await trx.selectFrom('liquor_product').selectAll().where('state', '=', v.state).execute()).map((r) => [String(r.code), toProduct(r)]),
      );
      const maxIndex = new Map(
        (
          await trx
            .selectFrom('liquor_product')
            .select(['brand', (eb) => eb.fn.max('image_index').as('n')])
            .groupBy('brand')
            .execute()
        ).map((r) => [String(r.brand), Number(r.n)]),
      );
      const nextIndex = (brand: string) => {
        const n = (maxIndex.get(brand) ?? 0) + 1;
        maxIndex.set(brand, n);
        return n;
      };
      const fresh = rows.filter((r) => !known.has(r.code));
      for (let i = 0; i < fresh.length; i += BATCH) {
        const values = fresh.slice(i, i + BATCH).map((r) => ({
          state: v.state,
          code: r.code,
          name: r.name,
          brand: r.brand,
          category: r.category,
          section: r.section,
          volume_ml: r.volume_ml,
          supplier: r.supplier,
          image_index: nextIndex(r.brand),
        }));
        for (const p of await trx.insertInto('liquor_product').values(values).returningAll().execute()) known.set(String(p.code), toProduct(p));
      }
      if (isNewest) {
        for (const r of rows) {
          const p = known.get(r.code)!;
          if (PRODUCT_FIELDS.every((f) => p[f] === r[f])) continue;
          const image_index = p.brand === r.brand ? p.image_index : nextIndex(r.brand);
          await trx
            .updateTable('liquor_product')
            .set({ name: r.name, brand: r.brand, category: r.category, section: r.section, volume_ml: r.volume_ml, supplier: r.supplier, image_index })
            .where('id', '=', p.id)
            .execute();
        }
      }
      for (let i = 0; i < rows.length; i += BATCH) {
        const values = rows.slice(i, i + BATCH).map((r) => ({
          version_id: versionId,
          product_id: known.get(r.code)!.id,
          serial: r.serial,
          before_tax: r.before_tax,
          tax: r.tax,
          cess: r.cess,
          price: r.price,
        }));
        await trx.insertInto('liquor_price').values(values).execute();
      }
      return versionId;
    });
  }

  /** Every product of a version with its price in it. */
  async catalog(versionId: number): Promise<CatalogProduct[]> {
    const rows = await this.db
      .selectFrom('liquor_price as pr')
      .innerJoin('liquor_product as p', 'p.id', 'pr.product_id')
      .select([
        'p.id',
        'p.state',
        'p.code',
        'p.name',
        'p.brand',
        'p.category',
        'p.section',
        'p.volume_ml',
        'p.supplier',
        'p.image_index',
        'pr.serial',
        'pr.before_tax',
        'pr.tax',
        'pr.cess',
        'pr.price',
      ])
      .where('pr.version_id', '=', versionId)
      .orderBy('pr.serial')
      .execute();
    return rows.map((r) => ({
      ...toProduct(r),
      serial: Number(r.serial),
      before_tax: Number(r.before_tax),
      tax: Number(r.tax),
      cess: Number(r.cess),
      price: Number(r.price),
    }));
  }

  async product(id: number): Promise<ProductRecord | undefined> {
    const r = await this.db.selectFrom('liquor_product').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toProduct(r) : undefined;
  }

  async productByImage(brand: string, index: number): Promise<ProductRecord | undefined> {
    const r = await this.db.selectFrom('liquor_product').selectAll().where('brand', '=', brand).where('image_index', '=', index).executeTakeFirst();
    return r ? toProduct(r) : undefined;
  }

  /** A product's price in every stored version, oldest list first. */
  async history(productId: number): Promise<PricePoint[]> {
    const rows = await this.db
      .selectFrom('liquor_price as pr')
      .innerJoin('liquor_version as v', 'v.id', 'pr.version_id')
      .select(['v.id as version_id', 'v.effective', 'v.printed', 'pr.price', 'pr.before_tax', 'pr.tax', 'pr.cess'])
      .where('pr.product_id', '=', productId)
      .orderBy('v.effective')
      .orderBy('v.id')
      .execute();
    return rows.map((r) => ({
      version_id: Number(r.version_id),
      effective: String(r.effective),
      printed: r.printed === null ? null : String(r.printed),
      price: Number(r.price),
      before_tax: Number(r.before_tax),
      tax: Number(r.tax),
      cess: Number(r.cess),
    }));
  }
}
