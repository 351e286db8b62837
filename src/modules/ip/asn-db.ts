// The offline ASN table (RouteViews + NRO + DB-IP ASN Lite, as merged by ip-location-db):
// CSV rows "range_start,range_end,as_number,as_organization" with addresses as decimal
// numbers, loaded once into sorted typed arrays and searched by bisection (~20 steps).

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface AsnRecord {
  asn: number;
  org: string;
}

interface Table<T> {
  starts: T;
  ends: T;
  asn: Uint32Array;
  org: Uint32Array;
}

export class AsnDb {
  private constructor(
    private readonly v4: Table<Uint32Array>,
    private readonly v6: Table<BigUint64Array>,
    private readonly v6lo: { starts: BigUint64Array; ends: BigUint64Array },
    private readonly orgs: string[],
  ) {}

  /** Loads asn-ipv4-num.csv and asn-ipv6-num.csv from a directory. */
  static async open(dir: string): Promise<AsnDb> {
    const [t4, t6] = await Promise.all([readFile(join(dir, 'asn-ipv4-num.csv'), 'utf8'), readFile(join(dir, 'asn-ipv6-num.csv'), 'utf8')]);
    return AsnDb.fromCsv(t4, t6);
  }

  /** Builds the table from the two CSV texts (tests use small ones). */
  static fromCsv(csv4: string, csv6: string): AsnDb {
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
    const r4 = rows(csv4);
    const v4: Table<Uint32Array> = { starts: new Uint32Array(r4.length), ends: new Uint32Array(r4.length), asn: new Uint32Array(r4.length), org: new Uint32Array(r4.length) };
    r4.forEach((r, i) => {
      v4.starts[i] = Number(r[0]);
      v4.ends[i] = Number(r[1]);
      v4.asn[i] = Number(r[2]);
      v4.org[i] = intern(r[3]);
    });
    const r6 = rows(csv6);
    const n = r6.length;
    // 128-bit bounds kept as two 64-bit halves so comparisons stay on fixed-width values.
    const v6: Table<BigUint64Array> = { starts: new BigUint64Array(n), ends: new BigUint64Array(n), asn: new Uint32Array(n), org: new Uint32Array(n) };
    const lo = { starts: new BigUint64Array(n), ends: new BigUint64Array(n) };
    const M64 = (1n << 64n) - 1n;
    r6.forEach((r, i) => {
      const s = BigInt(r[0]);
      const e = BigInt(r[1]);
      v6.starts[i] = s >> 64n;
      lo.starts[i] = s & M64;
      v6.ends[i] = e >> 64n;
      lo.ends[i] = e & M64;
      v6.asn[i] = Number(r[2]);
      v6.org[i] = intern(r[3]);
    });
    return new AsnDb(v4, v6, lo, orgs);
  }

  get size(): number {
    return this.v4.starts.length + this.v6.starts.length;
  }

  /** The AS announcing an IPv4 address (as a 32-bit number), or undefined. */
  lookup4(ip: number): AsnRecord | undefined {
    const t = this.v4;
    let lo = 0;
    let hi = t.starts.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (t.starts[mid] <= ip) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found < 0 || ip > t.ends[found]) return undefined;
    return { asn: t.asn[found], org: this.orgs[t.org[found]] };
  }

  /** The AS announcing an IPv6 address (as a 128-bit number), or undefined. */
  lookup6(ip: bigint): AsnRecord | undefined {
    const hiIp = ip >> 64n;
    const loIp = ip & ((1n << 64n) - 1n);
    const t = this.v6;
    const le = (aHi: bigint, aLo: bigint, bHi: bigint, bLo: bigint) => aHi < bHi || (aHi === bHi && aLo <= bLo);
    let lo = 0;
    let hi = t.starts.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (le(t.starts[mid], this.v6lo.starts[mid], hiIp, loIp)) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found < 0 || !le(hiIp, loIp, t.ends[found], this.v6lo.ends[found])) return undefined;
    return { asn: t.asn[found], org: this.orgs[t.org[found]] };
  }
}

/** CSV rows of four fields; the fourth may be quoted ("Cloudflare, Inc.") with "" escapes. */
function rows(csv: string): [string, string, string, string][] {
  const out: [string, string, string, string][] = [];
  let pos = 0;
  while (pos < csv.length) {
    let end = csv.indexOf('\n', pos);
    if (end < 0) end = csv.length;
    const line = csv.charCodeAt(end - 1) === 13 ? csv.slice(pos, end - 1) : csv.slice(pos, end);
    pos = end + 1;
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
