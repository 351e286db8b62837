// Stored branches: replaced as a whole on each good import, looked up by IFSC, searched by
// bank, words, city and state. Rows map to Branch objects in toBranch, and in branchOfValues
// for the lookup by IFSC, whose prepared read gives each row as a list of values.

import type { Kysely } from 'kysely';
import { tablesOf, type Database, type PreparedRead } from '../../core/db/index.js';
import type { BranchRow, Flag, IfscTables } from './tables.js';

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

const toFlag = (b: boolean | null): Flag => (b === null ? null : b ? 1 : 0);
const fromFlag = (f: Flag): boolean | null => (f === null || f === undefined ? null : Number(f) === 1);

const toBranch = (r: BranchRow): Branch => ({
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

const BRANCH_COLUMNS = [
  'ifsc',
  'bank_code',
  'bank',
  'branch',
  'address',
  'city',
  'centre',
  'district',
  'state',
  'contact',
  'micr',
  'swift',
  'iso3166',
  'neft',
  'rtgs',
  'imps',
  'upi',
] as const satisfies readonly (keyof Branch)[];

/** A branch from the values of BRANCH_COLUMNS, in that order (a prepared read's row). */
const branchOfValues = (v: unknown[]): Branch => ({
  ifsc: v[0] as string,
  bank_code: v[1] as string,
  bank: v[2] as string,
  branch: v[3] as string | null,
  address: v[4] as string | null,
  city: v[5] as string | null,
  centre: v[6] as string | null,
  district: v[7] as string | null,
  state: v[8] as string | null,
  contact: v[9] as string | null,
  micr: v[10] as string | null,
  swift: v[11] as string | null,
  iso3166: v[12] as string | null,
  neft: fromFlag(v[13] as Flag),
  rtgs: fromFlag(v[14] as Flag),
  imps: fromFlag(v[15] as Flag),
  upi: fromFlag(v[16] as Flag),
});

// The stored columns, and a branch's values in their order.
const ROW_COLUMNS = [...BRANCH_COLUMNS, 'search_lc', 'city_lc', 'state_lc'] as const satisfies readonly (keyof BranchRow)[];
const rowValues = (b: Branch): unknown[] => [
  b.ifsc,
  b.bank_code,
  b.bank,
  b.branch,
  b.address,
  b.city,
  b.centre,
  b.district,
  b.state,
  b.contact,
  b.micr,
  b.swift,
  b.iso3166,
  toFlag(b.neft),
  toFlag(b.rtgs),
  toFlag(b.imps),
  toFlag(b.upi),
  // Branch name and address together: "q" finds a branch by either.
  `${b.branch ?? ''} ${b.address ?? ''}`.toLowerCase(),
  (b.city ?? '').toLowerCase(),
  (b.state ?? '').toLowerCase(),
];

/** LIKE wildcards are dropped rather than escaped: the two dialects escape differently. */
const likeSafe = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\\%_]/g, '')
    .trim();

export class BranchRepository {
  // Asked on every /ifsc request: compiled once, and without the search columns.
  private readonly oneBranch: PreparedRead;

  private readonly db: Kysely<IfscTables>;

  constructor(private readonly database: Database) {
    this.db = tablesOf<IfscTables>(database);
    this.oneBranch = database.prepareRead(this.db.selectFrom('ifsc_branch').select(BRANCH_COLUMNS).where('ifsc', '=', ''));
  }

  /**
   * Replaces every branch in one transaction and records the load. Rows come from an
   * (async) iterator so the importer never holds the data set whole. Fewer than
   * `minRows` rolls the whole load back: a short set never replaces a good one.
   */
  async replaceAll(branches: AsyncIterable<Branch> | Iterable<Branch>, source: string, at: Date, minRows = 0): Promise<number> {
    let n = 0;
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('ifsc_branch').execute();
      const writer = this.database.rowWriter(trx, 'ifsc_branch', ROW_COLUMNS);
      for await (const b of branches) await writer.add(rowValues(b));
      n = await writer.finish();
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
    const [r] = await this.oneBranch.rows([ifsc]);
    return r ? branchOfValues(r) : undefined;
  }

  /** Branches matching every given filter, by IFSC; `total` counts them all. */
  async search(q: BranchQuery): Promise<{ total: number; branches: Branch[] }> {
    let query = this.db.selectFrom('ifsc_branch');
    if (q.bank) query = query.where('bank_code', '=', q.bank);
    if (q.city) query = query.where('city_lc', '=', likeSafe(q.city));
    if (q.state) query = query.where('state_lc', '=', likeSafe(q.state));
    for (const word of likeSafe(q.q ?? '')
      .split(/\s+/)
      .filter(Boolean))
      query = query.where('search_lc', 'like', `%${word}%`);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await query.selectAll().orderBy('ifsc').limit(q.limit).offset(q.offset).execute();
    return { total: Number(total?.n ?? 0), branches: rows.map(toBranch) };
  }
}
