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

import { CloseNames } from '../../lib/fuzzy/index.js';

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
export const slug = (s: string) =>
  normalise(s)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Sort key of the preference rule in the header (smaller first). */
export function preference(a: CoinEntry, b: CoinEntry): number {
  const sa = a.id === a.name.toLowerCase() ? 0 : 1;
  const sb = b.id === b.name.toLowerCase() ? 0 : 1;
  if (sa !== sb) return sa - sb;
  const ha = a.id.split('-').length;
  const hb = b.id.split('-').length;
  if (ha !== hb) return ha - hb;
  if (a.id.length !== b.id.length) return a.id.length - b.id.length;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The k most preferred coins of a list, in order, by keeping the best k while reading it once:
 * a misspelling can be close to thousands of coins, and sorting them all cost more than the search.
 */
function mostPreferred(list: readonly CoinEntry[], k: number): CoinEntry[] {
  const out: CoinEntry[] = [];
  for (const c of list) {
    let i = out.length;
    while (i > 0 && preference(c, out[i - 1]) < 0) i--;
    if (i < k) {
      out.splice(i, 0, c);
      if (out.length > k) out.pop();
    }
  }
  return out;
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
  /** Every coin's id, symbol and normalised name (each once), for suggestions. */
  private readonly close: CloseNames;
  /** The coin (its position in `coins`) of each string of `close`. */
  private readonly owner: Int32Array;

  constructor(readonly coins: readonly CoinEntry[]) {
    for (const c of coins) this.byId.set(c.id, c);
    this.bySymbol = group(coins, (c) => c.symbol);
    this.byName = group(coins, (c) => normalise(c.name));
    const strings: string[] = [];
    const owner: number[] = [];
    coins.forEach((c, i) => {
      for (const s of new Set([c.id, c.symbol, normalise(c.name)])) {
        strings.push(s);
        owner.push(i);
      }
    });
    this.close = new CloseNames(strings);
    this.owner = Int32Array.from(owner);
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
   * The coins whose id, symbol or name is within a few edits of the query (one edit per three
   * characters, at most three), closest first, the preferred coin first among equals. Only the
   * strings the trigram index leaves in are measured (src/lib/fuzzy/close-names.ts).
   */
  suggest(query: string, max = 3): CoinEntry[] {
    const q = normalise(query);
    const limit = Math.min(3, Math.max(1, Math.floor(q.length / 3)));
    // A coin's distance is its closest string's.
    const best = new Map<number, number>();
    this.close.search(q, limit, (i, d) => {
      const coin = this.owner[i];
      const had = best.get(coin);
      if (had === undefined || d < had) best.set(coin, d);
    });
    // One bucket per distance, read until `max` are found.
    const buckets: CoinEntry[][] = Array.from({ length: limit + 1 }, () => []);
    for (const [coin, d] of best) buckets[d].push(this.coins[coin]);
    const out: CoinEntry[] = [];
    for (const b of buckets) {
      if (out.length >= max) break;
      out.push(...mostPreferred(b, max - out.length));
    }
    return out;
  }
}

/** True when text could be a CoinGecko id as written (what is asked while no list is loaded). */
export const looksLikeId = (s: string) => ID_SHAPE.test(normalise(s));
