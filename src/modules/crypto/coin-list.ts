// The coin list (CoinGecko /api/v3/coins/list: every coin's id, symbol and name) and the index
// that resolves what a user typed to one coin. Pure: the list comes from the refresh job
// (service.ts) through the database.
//
// Resolution order: exact id ("bitcoin"), then symbol ("btc", case-insensitive), then name
// ("Bitcoin", case-insensitive). Many coins share a symbol (bridged and wrapped tokens, memes),
// and the list carries no market cap, so among several the preferred coin is, in order: the one
// whose id equals its name in lower case ("bitcoin" for "Bitcoin"), then the id with fewer
// hyphens (wrapped and bridged tokens have long hyphenated ids: "binance-peg-xrp" loses to
// "ripple"), then the shorter id, then the alphabetically first. The others are reported as `alternatives` so a user can ask by id.

export interface CoinEntry {
  id: string;
  symbol: string;
  name: string;
}

export interface Resolved {
  coin: CoinEntry;
  matched_by: 'id' | 'symbol' | 'name';
  /** Other coins the same text names (by symbol or name), preferred first; at most 5. */
  alternatives: string[];
}

const MAX_ALTERNATIVES = 5;
const ID_SHAPE = /^[a-z0-9][a-z0-9-]*$/;

/** Reads a coins/list document; malformed entries are dropped. Throws when it is not a list. */
export function readCoinList(doc: unknown): CoinEntry[] {
  if (!Array.isArray(doc)) throw new Error('not a coin list: the answer is not an array');
  const out: CoinEntry[] = [];
  for (const e of doc as Record<string, unknown>[]) {
    if (!e || typeof e !== 'object') continue;
    const { id, symbol, name } = e;
    if (typeof id !== 'string' || typeof symbol !== 'string' || typeof name !== 'string' || !ID_SHAPE.test(id)) continue;
    out.push({ id, symbol: symbol.trim().toLowerCase(), name: name.trim() });
  }
  if (out.length === 0) throw new Error('not a coin list: no entry has an id, symbol and name');
  return out;
}

/** Lower case, one space between words: how names and queries are compared. */
export const normalise = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** A name written as an id would be ("Bitcoin Cash" → "bitcoin-cash"). */
export const slug = (s: string) => normalise(s).replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

/** Sort key of the preference rule in the header (smaller first). */
function preference(a: CoinEntry, b: CoinEntry): number {
  const sa = a.id === a.name.toLowerCase() ? 0 : 1;
  const sb = b.id === b.name.toLowerCase() ? 0 : 1;
  if (sa !== sb) return sa - sb;
  const ha = a.id.split('-').length;
  const hb = b.id.split('-').length;
  if (ha !== hb) return ha - hb;
  if (a.id.length !== b.id.length) return a.id.length - b.id.length;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function group(coins: readonly CoinEntry[], key: (c: CoinEntry) => string): Map<string, CoinEntry[]> {
  const m = new Map<string, CoinEntry[]>();
  for (const c of coins) {
    const k = key(c);
    if (!k) continue;
    const list = m.get(k);
    if (list) list.push(c);
    else m.set(k, [c]);
  }
  for (const list of m.values()) list.sort(preference);
  return m;
}

export class CoinIndex {
  private readonly byId = new Map<string, CoinEntry>();
  private readonly bySymbol: Map<string, CoinEntry[]>;
  private readonly byName: Map<string, CoinEntry[]>;
  /** id, symbol and normalised name of every coin, built on the first suggestion scan. */
  private keys?: (readonly [string, string, string])[];

  constructor(readonly coins: readonly CoinEntry[]) {
    for (const c of coins) this.byId.set(c.id, c);
    this.bySymbol = group(coins, (c) => c.symbol);
    this.byName = group(coins, (c) => normalise(c.name));
  }

  get size(): number {
    return this.byId.size;
  }

  resolve(query: string): Resolved | undefined {
    const q = normalise(query);
    const others = (list: CoinEntry[] | undefined, chosen: CoinEntry) =>
      [...new Set((list ?? []).map((c) => c.id))].filter((id) => id !== chosen.id).slice(0, MAX_ALTERNATIVES);
    const byId = this.byId.get(q);
    const symbols = this.bySymbol.get(q);
    const names = this.byName.get(q);
    if (byId) return { coin: byId, matched_by: 'id', alternatives: others([...(symbols ?? []), ...(names ?? [])], byId) };
    if (symbols) return { coin: symbols[0], matched_by: 'symbol', alternatives: others([...symbols, ...(names ?? [])], symbols[0]) };
    if (names) return { coin: names[0], matched_by: 'name', alternatives: others(names, names[0]) };
    return undefined;
  }

  /**
   * The coins whose id, symbol or name is within a few edits of the query, closest first. It
   * scans the whole list (about 17,000 coins, 3 strings each): a few milliseconds, so callers ask
   * for one query a request, not one per unknown coin.
   */
  suggest(query: string, max = 3): CoinEntry[] {
    const q = normalise(query);
    const limit = Math.min(3, Math.max(1, Math.floor(q.length / 3)));
    // One bucket per distance: only the buckets needed to fill `max` are sorted.
    const buckets: CoinEntry[][] = Array.from({ length: limit + 1 }, () => []);
    const keys = (this.keys ??= this.coins.map((c) => [c.id, c.symbol, normalise(c.name)] as const));
    for (let i = 0; i < keys.length; i++) {
      const [id, symbol, name] = keys[i];
      let d = distance(q, id, limit);
      if (d > 0) d = Math.min(d, distance(q, symbol, limit));
      if (d > 0) d = Math.min(d, distance(q, name, limit));
      if (d <= limit) buckets[d].push(this.coins[i]);
    }
    const out: CoinEntry[] = [];
    for (const b of buckets) {
      if (out.length >= max) break;
      out.push(...b.sort(preference).slice(0, max - out.length));
    }
    return out;
  }
}

// Two rows reused by every call: distance() runs tens of thousands of times per suggestion scan.
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);

/**
 * Levenshtein distance, or limit + 1 as soon as it must exceed limit. Only the band of cells
 * within `limit` of the diagonal is computed (a cell outside it is already over the limit).
 */
export function distance(a: string, b: string, limit: number): number {
  const over = limit + 1;
  if (Math.abs(a.length - b.length) > limit) return over;
  if (rowA.length <= b.length) {
    rowA = new Int32Array(b.length + 1);
    rowB = new Int32Array(b.length + 1);
  }
  let prev = rowA;
  let cur = rowB;
  for (let j = 0; j <= b.length; j++) prev[j] = j <= limit ? j : over;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - limit);
    const to = Math.min(b.length, i + limit);
    cur[from - 1] = from === 1 && i <= limit ? i : over;
    let rowMin = cur[from - 1];
    const ca = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      let v = prev[j - 1] + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      const up = prev[j] + 1;
      const left = cur[j - 1] + 1;
      if (up < v) v = up;
      if (left < v) v = left;
      if (v > over) v = over;
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (to < b.length) cur[to + 1] = over;
    if (rowMin > limit) return over;
    const t = prev;
    prev = cur;
    cur = t;
  }
  return Math.min(prev[b.length], over);
}

/** True when text could be a CoinGecko id as written (what is asked while no list is loaded). */
export const looksLikeId = (s: string) => ID_SHAPE.test(normalise(s));
