// Stored branches: replaced as a whole on each good import, looked up by IFSC, searched by
// bank, words, city and state. Rows map to Branch objects in one place (toBranch).

import type { Database } from '../../core/db/index.js';

export interface Branch {
  ifsc: string;
  bank_code: string;
  bank: string;
  branch: string | null;
  address: string | null;
  city: string | null;
  centre: string | null;
  district: string | null;
  state: string | null;
  contact: string | null;
  micr: string | null;
  swift: string | null;
  iso3166: string | null;
  neft: boolean | null;
  rtgs: boolean | null;
  imps: boolean | null;
  upi: boolean | null;
}

export interface BranchLoad {
  loaded_at: string;
  source: string;
  rows: number;
}

export interface BranchQuery {
  bank?: string;
  q?: string;
  city?: string;
  state?: string;
  limit: number;
  offset: number;
}

type Flag = number | null;
interface Row extends Omit<Branch, 'neft' | 'rtgs' | 'imps' | 'upi'> {
  neft: Flag;
  rtgs: Flag;
  imps: Flag;
  upi: Flag;
  search_lc: string;
  city_lc: string;
  state_lc: string;
}

const toFlag = (b: boolean | null): Flag => (b === null ? null : b ? 1 : 0);
const fromFlag = (f: Flag): boolean | null => (f === null || f === undefined ? null : Number(f) === 1);

const toBranch = (r: Row): Branch => ({
  ifsc: r.ifsc,
  bank_code: r.bank_code,
  bank: r.bank,
  branch: r.branch,
  address: r.address,
  city: r.city,
  centre: r.centre,
  district: r.district,
  state: r.state,
  contact: r.contact,
  micr: r.micr,
  swift: r.swift,
  iso3166: r.iso3166,
  neft: fromFlag(r.neft),
  rtgs: fromFlag(r.rtgs),
  imps: fromFlag(r.imps),
  upi: fromFlag(r.upi),
});

const toRow = (b: Branch): Row => ({
  ...b,
  neft: toFlag(b.neft),
  rtgs: toFlag(b.rtgs),
  imps: toFlag(b.imps),
  upi: toFlag(b.upi),
  // Branch name and address together: "q" finds a branch by either.
  search_lc: `${b.branch ?? ''} ${b.address ?? ''}`.toLowerCase(),
  city_lc: (b.city ?? '').toLowerCase(),
  state_lc: (b.state ?? '').toLowerCase(),
});

// 21 columns × 40 rows stays below SQLite's oldest bound-parameter limit (999).
const BATCH = 40;

/** LIKE wildcards are dropped rather than escaped: the two dialects escape differently. */
const likeSafe = (s: string) => s.toLowerCase().replace(/[\\%_]/g, '').trim();

export class BranchRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  /**
   * Replaces every branch in one transaction and records the load. Rows come from an
   * iterator so the importer never holds a second copy of the data set. Fewer than
   * `minRows` rolls the whole load back: a short set never replaces a good one.
   */
  async replaceAll(branches: Iterable<Branch>, source: string, at: Date, minRows = 0): Promise<number> {
    let n = 0;
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('ifsc_branch').execute();
      let batch: Row[] = [];
      for (const b of branches) {
        batch.push(toRow(b));
        if (batch.length === BATCH) {
          await trx.insertInto('ifsc_branch').values(batch).execute();
          n += batch.length;
          batch = [];
        }
      }
      if (batch.length) {
        await trx.insertInto('ifsc_branch').values(batch).execute();
        n += batch.length;
      }
      if (n < minRows) throw new Error(`${source} has ${n} usable rows, fewer than ${minRows}; kept the stored branches`);
      await trx.insertInto('ifsc_load').values({ loaded_at: at.toISOString(), source, rows: n }).execute();
    });
    return n;
  }

  async loaded(): Promise<boolean> {
    return (await this.db.selectFrom('ifsc_branch').select('ifsc').limit(1).executeTakeFirst()) !== undefined;
  }

  async lastLoad(): Promise<BranchLoad | undefined> {
    const r = await this.db.selectFrom('ifsc_load').select(['loaded_at', 'source', 'rows']).orderBy('id', 'desc').limit(1).executeTakeFirst();
    return r ? { loaded_at: r.loaded_at, source: r.source, rows: Number(r.rows) } : undefined;
  }

  async byIfsc(ifsc: string): Promise<Branch | undefined> {
    const r = (await this.db.selectFrom('ifsc_branch').selectAll().where('ifsc', '=', ifsc).executeTakeFirst()) as Row | undefined;
    return r ? toBranch(r) : undefined;
  }

  /** Branches matching every given filter, by IFSC; `total` counts them all. */
  async search(q: BranchQuery): Promise<{ total: number; branches: Branch[] }> {
    let query = this.db.selectFrom('ifsc_branch');
    if (q.bank) query = query.where('bank_code', '=', q.bank);
    if (q.city) query = query.where('city_lc', '=', likeSafe(q.city));
    if (q.state) query = query.where('state_lc', '=', likeSafe(q.state));
    for (const word of likeSafe(q.q ?? '').split(/\s+/).filter(Boolean)) query = query.where('search_lc', 'like', `%${word}%`);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = (await query.selectAll().orderBy('ifsc').limit(q.limit).offset(q.offset).execute()) as Row[];
    return { total: Number(total?.n ?? 0), branches: rows.map(toBranch) };
  }
}
