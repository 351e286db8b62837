// What an importer yields and what the catalog stores: one printed row of a state's price list,
// the list's own description of itself, and a stored version of it.

/** The list's header as printed: its title and dates (ISO YYYY-MM-DD). */
export interface PriceListMeta {
  title: string;
  /** Every "with effect from" date found on the list's pages (the gates want exactly one). */
  effective_dates: string[];
  /** The print date, when the list carries one. */
  printed: string | null;
}

/** One row exactly as printed (prices in rupees, shop prices for a bottle). */
export interface PriceRow {
  serial: number;
  /** The state's product code (KSBC's 9-character code in Kerala). */
  code: string;
  name: string;
  volume_ml: number;
  supplier: string;
  /** The list's section the row is printed under (Kerala: IMFL, BEER or WINE). */
  section: string;
  before_tax: number;
  tax: number;
  /** A levy printed beside the taxes (Kerala's cess); 0 where the list has none. */
  cess: number;
  price: number;
}

export interface ParsedList {
  meta: PriceListMeta;
  rows: PriceRow[];
  /** Which reading of the file gave the rows (a PDF's content stream, or its lines by position). */
  layout?: string;
  /** What the reading could not account for (unread lines, rows whose own checks failed); the gates refuse on any. */
  problems?: string[];
}

/** A stored import of one list. */
export interface ListVersion {
  id: number;
  state: string;
  source_url: string;
  title: string;
  effective: string;
  printed: string | null;
  sha256: string;
  fetched_at: string;
  rows: number;
}

/** A product as stored: what every list version says of it alike. */
export interface ProductRecord {
  id: number;
  state: string;
  code: string;
  name: string;
  brand: string;
  category: string;
  section: string;
  volume_ml: number;
  supplier: string;
  image_index: number;
}

/** A product of the catalog as the routes see it (with its price in one version). */
export interface CatalogProduct extends ProductRecord {
  serial: number;
  before_tax: number;
  tax: number;
  cess: number;
  price: number;
}

/** A product's price in one list version. */
export interface PricePoint {
  version_id: number;
  effective: string;
  printed: string | null;
  price: number;
  before_tax: number;
  tax: number;
  cess: number;
}
