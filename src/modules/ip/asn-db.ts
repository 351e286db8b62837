// The offline ASN table (RouteViews + NRO + DB-IP ASN Lite, as merged by ip-location-db):
// CSV rows "range_start,range_end,as_number,as_organization" with addresses as decimal
// numbers, loaded once into sorted typed arrays and searched by bisection (~20 steps).
// IPv6 bounds are kept as four 32-bit words per address, so a lookup makes no BigInt; each
// row's record is made once and handed out again, so a lookup allocates nothing.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface AsnRecord {
  asn: number;
  org: string;
  /** "AS15169 Google LLC", as ip-api.com writes it. */
  label: string;
}

interface Table {
  /** One address per row (IPv4), or four words per row (IPv6). */
  starts: Uint32Array;
  ends: Uint32Array;
  asn: Uint32Array;
  org: Uint32Array;
  records: (AsnRecord | undefined)[];
}

/** The table's numbers and names as they cross from a work-pool thread (asn-task.ts): typed arrays, and the names as one text. */
export interface AsnTables {
  v4: Omit<Table, 'records'>;
  v6: Omit<Table, 'records'>;
  /** The organisation names, one per line (a CSV row holds no line break). */
  orgs: string;
}

const table = (rows: number, width: number): Table => ({
  starts: new Uint32Array(rows * width),
  ends: new Uint32Array(rows * width),
  asn: new Uint32Array(rows),
  org: new Uint32Array(rows),
  records: new Array<AsnRecord | undefined>(rows),
});

const M32 = 0xffffffffn;

export class AsnDb {
  private constructor(
    private readonly v4: Table,
    private readonly v6: Table,
    private readonly orgs: string[],
  ) {}

  /** The table built from what a thread built (tables()): a copy of typed arrays and one split, no parsing. */
  static fromTables(t: AsnTables): AsnDb {
    const withRecords = (x: AsnTables['v4']): Table => ({ ...x, records: new Array<AsnRecord | undefined>(x.asn.length) });
    return new AsnDb(withRecords(t.v4), withRecords(t.v6), t.orgs.split('\n'));
  }

  /** What fromTables takes, for a thread to send. */
  tables(): AsnTables {
    const bare = ({ records: _, ...x }: Table) => x;
    return { v4: bare(this.v4), v6: bare(this.v6), orgs: this.orgs.join('\n') };
  }

  /** Loads asn-ipv4-num.csv and asn-ipv6-num.csv from a directory. */
  static async open(dir: string): Promise<AsnDb> {
    const [t4, t6] = await Promise.all([readFile(join(dir, 'asn-ipv4-num.csv'), 'utf8'), readFile(join(dir, 'asn-ipv6-num.csv'), 'utf8')]);
    return AsnDb.fromCsv(t4, t6);
  }

  /**
   * Builds the table from the two CSV texts (tests use small ones). Half a million rows take
   * about a second of CPU, and many on a busy host: the work is cut into slices with a turn of
   * the event loop between them, so a server that has started listening keeps answering.
   */
  static async fromCsv(csv4: string, csv6: string): Promise<AsnDb> {
    const orgs: string[] = [];
    const orgIndex = new Map<string, number>();
    const intern = (o: string) => {
      let i = orgIndex.get(o);
      if (i === undefined) {
        i = orgs.length;
        orgs.push(o);
        orgIndex.set(o, i);
      }
      return i;
    };
    const r4 = await rows(csv4);
    const v4 = table(r4.length, 1);
    await inSlices(r4.length, (i) => {
      const r = r4[i];
      v4.starts[i] = Number(r[0]);
      v4.ends[i] = Number(r[1]);
      v4.asn[i] = Number(r[2]);
      v4.org[i] = intern(r[3]);
    });
    const r6 = await rows(csv6);
    const v6 = table(r6.length, 4);
    await inSlices(r6.length, (i) => {
      const r = r6[i];
      const s = BigInt(r[0]);
      const e = BigInt(r[1]);
      for (let w = 0; w < 4; w++) {
        const shift = BigInt(96 - 32 * w);
        v6.starts[i * 4 + w] = Number((s >> shift) & M32);
        v6.ends[i * 4 + w] = Number((e >> shift) & M32);
      }
      v6.asn[i] = Number(r[2]);
      v6.org[i] = intern(r[3]);
    });
    return new AsnDb(v4, v6, orgs);
  }

  get size(): number {
    return this.v4.asn.length + this.v6.asn.length;
  }

  /** The AS announcing an IPv4 address (as a 32-bit number), or undefined. */
  lookup4(ip: number): AsnRecord | undefined {
    const t = this.v4;
    let lo = 0;
    let hi = t.asn.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (t.starts[mid] <= ip) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found < 0 || ip > t.ends[found]) return undefined;
    return this.record(t, found);
  }

  /** The AS announcing an IPv6 address (four 32-bit words, most significant first), or undefined. */
  lookup6(ip: readonly number[]): AsnRecord | undefined {
    const t = this.v6;
    let lo = 0;
    let hi = t.asn.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(t.starts, mid, ip) <= 0) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found < 0 || compare(t.ends, found, ip) < 0) return undefined;
    return this.record(t, found);
  }

  private record(t: Table, row: number): AsnRecord {
    let r = t.records[row];
    if (!r) {
      const org = this.orgs[t.org[row]];
      r = { asn: t.asn[row], org, label: `AS${t.asn[row]}${org ? ` ${org}` : ''}` };
      t.records[row] = r;
    }
    return r;
  }
}

/** Row `row` of a four-word table against an address: negative, zero or positive. */
function compare(words: Uint32Array, row: number, ip: readonly number[]): number {
  const o = row * 4;
  for (let w = 0; w < 4; w++) {
    const a = words[o + w];
    if (a !== ip[w]) return a < ip[w] ? -1 : 1;
  }
  return 0;
}

/**
 * Longest stretch of loading work between two turns of the event loop, in wall time. A fixed
 * number of rows per turn (10,000: some milliseconds on a quiet machine) held the loop up to
 * 0.7 s at a load average of 24 (docs/decisions/start-after-listen.md), where a millisecond of
 * CPU takes many on the clock; bench:hostile's start-up row measures it.
 */
const SLICE_MS = 10;
/** Rows handled between two looks at the clock. */
const CHECK_EVERY = 500;

const yieldTurn = () => new Promise<void>((r) => setImmediate(r));

/** Hands out turns of the event loop: `due()` is a promise of the next turn once the current slice has run SLICE_MS, else undefined. */
class Slices {
  private since = performance.now();
  private count = 0;

  due(): Promise<void> | undefined {
    if (++this.count < CHECK_EVERY) return undefined;
    this.count = 0;
    if (performance.now() - this.since < SLICE_MS) return undefined;
    return yieldTurn().then(() => {
      this.since = performance.now();
    });
  }
}

/** Calls `each(i)` for i below `n`, in slices of at most about SLICE_MS with a turn of the event loop between them. */
async function inSlices(n: number, each: (i: number) => void): Promise<void> {
  const slices = new Slices();
  for (let i = 0; i < n; i++) {
    each(i);
    const turn = slices.due();
    if (turn) await turn;
  }
}

/** CSV rows of four fields; the fourth may be quoted ("Cloudflare, Inc.") with "" escapes. */
async function rows(csv: string): Promise<[string, string, string, string][]> {
  const out: [string, string, string, string][] = [];
  let pos = 0;
  const slices = new Slices();
  while (pos < csv.length) {
    let end = csv.indexOf('\n', pos);
    if (end < 0) end = csv.length;
    const line = csv.charCodeAt(end - 1) === 13 ? csv.slice(pos, end - 1) : csv.slice(pos, end);
    pos = end + 1;
    const turn = slices.due();
    if (turn) await turn;
    if (!line) continue;
    const a = line.indexOf(',');
    const b = line.indexOf(',', a + 1);
    const c = line.indexOf(',', b + 1);
    if (a < 0 || b < 0 || c < 0) continue;
    let org = line.slice(c + 1);
    if (org.startsWith('"') && org.endsWith('"')) org = org.slice(1, -1).replace(/""/g, '"');
    out.push([line.slice(0, a), line.slice(a + 1, b), line.slice(b + 1, c), org]);
  }
  return out;
}
