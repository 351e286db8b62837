// The liquor module's tables as the code reads and writes them (migrations.ts creates them).
// Its repository queries through `tablesOf<LiquorTables>(database)`.

import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** One imported price list of a state. */
export interface VersionTable {
  id: Generated<number>;
  state: string;
  source_url: string;
  title: string;
  effective: string;
  printed: string | null;
  sha256: string;
  fetched_at: string;
  rows: number;
}

/** A state's product (by its product code), kept across versions. */
export interface ProductTable {
  id: Generated<number>;
  state: string;
  code: string;
  name: string;
  brand: string;
  category: string;
  section: string;
  volume_ml: number;
  supplier: string;
  /** The n of /liquor-img/{brand}_{n}.webp: given once per brand, never reused. */
  image_index: number;
}

/** A product's price in one version. */
export interface PriceTable {
  version_id: number;
  product_id: number;
  serial: number;
  before_tax: number;
  tax: number;
  cess: number;
  price: number;
}

export type VersionRow = Selectable<VersionTable>;
export type NewVersionRow = Insertable<VersionTable>;
export type ProductRow = Selectable<ProductTable>;
export type NewProductRow = Insertable<ProductTable>;
export type ProductUpdate = Updateable<ProductTable>;
export type VersionPriceRow = Selectable<PriceTable>;
export type NewVersionPriceRow = Insertable<PriceTable>;

export interface LiquorTables {
  liquor_version: VersionTable;
  liquor_product: ProductTable;
  liquor_price: PriceTable;
}
