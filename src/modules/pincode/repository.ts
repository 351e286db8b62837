// Stored post offices: replaced as a whole on each good load, looked up by PIN, searched by
// office or district name. Rows map to Office objects in one place (toOffice).

import type { Database } from '../../core/db/index.js';

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

interface Row extends Office {
  name_lc: string;
  district_lc: string;
}

const toOffice = (r: Row): Office => ({
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

// 11 columns × 80 rows stays below SQLite's oldest bound-parameter limit (999).
const BATCH = 80;

export class OfficeRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  /** Replaces every office in one transaction from an (async) stream and records the load. */
  async replaceAll(offices: AsyncIterable<Office> | Iterable<Office>, source: string, at: Date, minRows: number): Promise<number> {
    let n = 0;
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('pincode_office').execute();
      let batch: Row[] = [];
      const flush = async () => {
        if (!batch.length) return;
        await trx.insertInto('pincode_office').values(batch).execute();
        n += batch.length;
        batch = [];
      };
      for await (const o of offices) {
        batch.push({ ...o, name_lc: o.name.toLowerCase(), district_lc: (o.district ?? '').toLowerCase() });
        if (batch.length === BATCH) await flush();
      }
      await flush();
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
    const rows = (await this.db.selectFrom('pincode_office').selectAll().where('pin', '=', pin).orderBy('name_lc').execute()) as Row[];
    return rows.map(toOffice);
  }

  /** Offices whose name, or whose district, starts with or contains `q`: name matches first. */
  async search(q: string, limit: number): Promise<Office[]> {
    const lc = q.trim().toLowerCase().replace(/[\\%_]/g, '');
    const rows = (await this.db
      .selectFrom('pincode_office')
      .selectAll()
      .where((eb) => eb.or([eb('name_lc', 'like', `%${lc}%`), eb('district_lc', 'like', `%${lc}%`)]))
      .limit(2000)
      .execute()) as Row[];
    const rank = (r: Row) => (r.name_lc === lc ? 0 : r.name_lc.startsWith(lc) ? 1 : r.district_lc === lc ? 2 : r.name_lc.includes(lc) ? 3 : 4);
    return rows
      .sort((a, b) => rank(a) - rank(b) || a.name_lc.localeCompare(b.name_lc) || a.pin.localeCompare(b.pin))
      .slice(0, limit)
      .map(toOffice);
  }
}
