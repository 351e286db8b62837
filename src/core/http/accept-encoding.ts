// Which content coding a client accepts (RFC 9110 §12.5.3): q-values, `*` for any coding not
// named, and identity acceptable unless `identity;q=0`, or `*;q=0` with identity not named.
// We offer zstd (where Node has it: 22.15 and later), Brotli and gzip; deflate is never chosen.
// Between codings of equal q, zstd, then Brotli: at the levels we use zstd sends no more bytes
// than Brotli for half its CPU or less, and Brotli is smaller and cheaper than gzip
// (docs/decisions/compression-by-size.md).

import * as zlib from 'node:zlib';

export type Coding = 'zstd' | 'br' | 'gzip';

/** Whether this Node compresses zstd (zlib has it from Node 22.15; the supported floor is 22.14). */
export const ZSTD_OFFERED = typeof zlib.zstdCompressSync === 'function';

export interface Accepted {
  /** The coding to use, or undefined when none we offer is acceptable. */
  coding?: Coding;
  /** Whether an answer may go without a coding (it is, unless the client refused identity). */
  identity: boolean;
}

const NONE: Accepted = Object.freeze({ identity: true });

/** The client's choice for an Accept-Encoding value (absent: no coding, identity). */
export function accepted(header: string | undefined): Accepted {
  if (header === undefined || header === '') return NONE;
  let got = seen.get(header);
  if (got === undefined) {
    got = parseAcceptEncoding(header, ZSTD_OFFERED);
    // Clients send a handful of distinct values (one per browser, library or tool): parsing is
    // kept per value, and a stream of odd ones only ever empties the map.
    if (seen.size >= 64) seen.clear();
    seen.set(header, got);
  }
  return got;
}

const seen = new Map<string, Accepted>();

/** The choice for an Accept-Encoding value when zstd is offered or not (exported for its tests). */
export function parseAcceptEncoding(header: string, zstd: boolean): Accepted {
  const q: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    const token = name!.trim().toLowerCase();
    if (token === '') continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) weight = Math.min(1, Math.max(0, Number(m[1]) || 0));
    }
    // x-gzip is gzip (RFC 9110 §8.4.1.3); the highest weight given to a name counts.
    const key = token === 'x-gzip' ? 'gzip' : token;
    q[key] = Math.max(q[key] ?? 0, weight);
  }
  const star = q['*'];
  const of = (c: string) => q[c] ?? star ?? 0;
  const identityQ = q.identity ?? (star === 0 ? 0 : 1);
  const zs = zstd ? of('zstd') : 0;
  const br = of('br');
  const gzip = of('gzip');
  const best = Math.max(zs, br, gzip);
  // A coding the client prefers less than identity, named with its weight, is not used
  // (`identity, gzip;q=0.5`); identity left unnamed ranks below any coding it accepts.
  const coding: Coding | undefined =
    best === 0 || (q.identity !== undefined && best < q.identity) ? undefined : zs === best ? 'zstd' : br === best ? 'br' : 'gzip';
  return Object.freeze({ coding, identity: identityQ > 0 });
}
