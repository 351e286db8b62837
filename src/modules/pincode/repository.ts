// Stored post offices: replaced as a whole on each good load, looked up by PIN, searched by
// office or district name. Rows map to Office objects in toOffice, and in officeOfValues for
// the lookup by PIN, whose prepared read gives each row as a list of values.

import type { Kysely } from 'kysely';
import { tablesOf, type Database, type PreparedRead } from '../../core/db/index.js';
import type { OfficeRow, PincodeTables } from './tables.js';

export interface Office {
  pin: string;
  name: string;
  /** Head, sub or branch post office; null where the data set does not say. */
  branch_type: string | null;
  /** Delivery or non-delivery; null where the data set does not say. */
  delivery: string | null;
  division: string | null;
  region: string | null;
  circle: string | null;
  district: string | null;
  state: string | null;
}

export interface OfficeLoad {
  loaded_at: string;
  source: string;
  rows: number;
}

const toOffice = (r: OfficeRow): Office => ({
  pin: r.pin,
  name: r.name,
  branch_type: r.branch_type,
  delivery: r.delivery,
  division: r.division,
  region: r.region,
  circle: r.circle,
  district: r.district,
  state: r.state,
});

const OFFICE_COLUMNS = [
  'pin',
  'name',
  'branch_type',
  'delivery',
  'division',
  'region',
  'circle',
  'district',
  'state',
] as const satisfies readonly (keyof Office)[];

/** An office from the values of OFFICE_COLUMNS, in that order (a prepared read's row). */
const officeOfValues = (v: unknown[]): Office => ({
  pin: v[0] as string,
  name: v[1] as string,
  branch_type: v[2] as string | null,
  delivery: v[3] as string | null,
  division: v[4] as string | null,
  region: v[5] as string | null,
  circle: v[6] as string | null,
  district: v[7] as string | null,
  state: v[8] as string | null,
});

// The stored columns, and an office's values in their order.
const ROW_COLUMNS = [...OFFICE_COLUMNS, 'name_lc', 'district_lc'] as const satisfies readonly (keyof OfficeRow)[];
const rowValues = (o: Office): unknown[] => [
  o.pin,
  o.name,
  o.branch_type,
  o.delivery,
  o.division,
  o.region,
  o.circle,
  o.district,
  o.state,
  o.name.toLowerCase(),
  (o.district ?? '').toLowerCase(),
];

export class OfficeRepository {
  // Asked on every /pincode request: compiled once, and without the search columns.
  private readonly officesOf: PreparedRead;

  private readonly db: Kysely<PincodeTables>;

  constructor(private readonly database: Database) {
    this.db = tablesOf<PincodeTables>(database);
    this.officesOf = database.prepareRead(this.db.selectFrom('pincode_office').select(OFFICE_COLUMNS).where('pin', '=', '').orderBy('name_lc'));
  }

  /** Replaces every office in one transaction from an (async) stream and records the load. */
  async replaceAll(offices: AsyncIterable<Office> | Iterable<Office>, source: string, at: Date, minRows: number): Promise<number> {
    let n = 0;
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('pincode_office').execute();
      const writer = this.database.rowWriter(trx, 'pincode_office', ROW_COLUMNS);
      for await (const o of offices) await writer.add(rowValues(o));
      n = await writer.finish();
      // Throwing inside the transaction rolls it back: a short set never replaces a good one.
      if (n < minRows) throw new Error(`${source} yielded ${n} offices, fewer than ${minRows}; kept the stored offices`);
      await trx.insertInto('pincode_load').values({ loaded_at: at.toISOString(), source, rows: n }).execute();
    });
    return n;
  }

  async loaded(): Promise<boolean> {
    return (await this.db.selectFrom('pincode_office').select('pin').limit(1).executeTakeFirst()) !== undefined;
  }

  async lastLoad(): Promise<OfficeLoad | undefined> {
    const r = await this.db.selectFrom('pincode_load').select(['loaded_at', 'source', 'rows']).orderBy('id', 'desc').limit(1).executeTakeFirst();
    return r ? { loaded_at: r.loaded_at, source: r.source, rows: Number(r.rows) } : undefined;
  }

  async byPin(pin: string): Promise<Office[]> {
    return (await this.officesOf.rows([pin])).map(officeOfValues);
  }

  /** Offices whose name, or whose district, starts with or contains `q`: name matches first. */
  async search(q: string, limit: number): Promise<Office[]> {
    const lc = q
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, '');
    const rows = await this.db
      .selectFrom('pincode_office')
      .selectAll()
      .where((eb) => eb.or([eb('name_lc', 'like', `%${lc}%`), eb('district_lc', 'like', `%${lc}%`)]))
      .limit(2000)
      .execute();
    const rank = (r: OfficeRow) => (r.name_lc === lc ? 0 : r.name_lc.startsWith(lc) ? 1 : r.district_lc === lc ? 2 : r.name_lc.includes(lc) ? 3 : 4);
    return rows
      .sort((a, b) => rank(a) - rank(b) || a.name_lc.localeCompare(b.name_lc) || a.pin.localeCompare(b.pin))
      .slice(0, limit)
      .map(toOffice);
  }
}
