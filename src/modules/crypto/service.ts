// /crypto: prices of coins in some currencies, with the 24 h change, market cap and the time
// of the price, from CoinGecko and, when it fails, CoinPaprika. Coins are named by id, symbol or
// name through CoinGecko's coin list, refreshed daily into the database. Answers are cached 60 s;
// when both sources fail a cached copy (up to 6 h old) is served flagged `stale`.

import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../core/module.js';
import { invalidParam, notFound } from '../../core/errors.js';
import { jobNotReady } from '../../core/not-ready.js';
import type { CacheNamespace } from '../../core/cache/index.js';
import { KeptAnswer, type RawJson } from '../../core/http/raw-json.js';
import {
  AllProvidersFailed,
  ProviderHealth,
  dataSource,
  buildUpstreams,
  failover,
  httpProvider,
  toApiError,
  type Provider,
} from '../../core/upstream/index.js';
import { CoinIndex, looksLikeId, normalise, type CoinEntry, type Resolved } from './coin-list.js';
import { VS_CURRENCIES, isVsCurrency, type VsCurrency } from './currencies.js';
import { coingeckoCoinList } from './providers/coingecko-coin-list.js';
import { CRYPTO_UPSTREAMS } from './providers/index.js';
import type { PriceCoin, PriceQuery, Prices, Quote } from './providers/types.js';
import { CryptoRepository } from './repository.js';
import type { CryptoQuery } from './schemas.js';

const TTL_MS = 60_000;
const STALE_MS = 6 * 3600_000;
export const MAX_COINS = 25;
export const MAX_VS = 5;
const LIST_MAX_AGE_MS = 24 * 3600_000;
/** How often an instance re-reads the stored list (another instance may have refreshed it). */
const RECHECK_MS = 3600_000;
const LIST_DEADLINE_MS = 30_000;
export const COIN_LIST_JOB = 'crypto-coin-list';

/** A downloaded list with fewer coins than this share of the one in use is refused. */
const MIN_LIST_SHARE = 0.5;

/** Requests whose resolution and answer text are kept (each a few hundred bytes to a few KB). */
const KEPT_ASKS = 256;
/** What /lab/crypto adds to the answer. */
const LAB_TAIL = ',"experimental":true';

/** The coin list in use: none until one is stored (then coins are taken as CoinGecko ids). */
interface CoinListInUse {
  index: CoinIndex | null;
  fetchedAt: string | null;
  checkedAt: number;
}

/** A request parsed and resolved with one coin list, and its kept answer text. */
interface Ask {
  index: CoinIndex | null;
  vs: VsCurrency[];
  asked: Asked[];
  /** The distinct coins asked of the sources. */
  coins: PriceCoin[];
  /** The prices' cache key: the same coins and currencies in any order or spelling share it. */
  key: string;
  answer: KeptAnswer;
}

/** One asked coin, resolved (or taken as an id while no list is loaded). */
interface Asked {
  query: string;
  coin: PriceCoin;
  matched_by: Resolved['matched_by'] | 'id (no coin list loaded)';
  alternatives: string[];
}

export function parseVs(raw: string): VsCurrency[] {
  const vs = [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (vs.length === 0) throw invalidParam('vs', 'vs must name at least one currency', { valid_values: VS_CURRENCIES });
  for (const v of vs) {
    if (!isVsCurrency(v))
      throw invalidParam('vs', `unknown currency "${v.slice(0, 12)}"; vs must be a comma list of ${VS_CURRENCIES.join(', ')}`, { valid_values: VS_CURRENCIES });
  }
  if (vs.length > MAX_VS) throw invalidParam('vs', `vs may name at most ${MAX_VS} currencies`);
  return vs as VsCurrency[];
}

export function parseCoins(raw: string): string[] {
  const seen = new Set<string>();
  const coins: string[] = [];
  for (const part of raw.split(',')) {
    const t = part.trim();
    if (t && !seen.has(normalise(t))) {
      seen.add(normalise(t));
      coins.push(t);
    }
  }
  if (coins.length === 0) throw invalidParam('coin', 'coin must name at least one coin by id, symbol or name (e.g. bitcoin,eth)');
  if (coins.length > MAX_COINS) throw invalidParam('coin', `coin may name at most ${MAX_COINS} coins a request (got ${coins.length})`);
  return coins;
}

export class CryptoService {
  private readonly cache: CacheNamespace;
  private readonly providers: Provider<PriceQuery, Prices>[];
  private readonly health = new ProviderHealth();
  readonly repo: CryptoRepository;
  private current?: CoinListInUse;
  private readonly asks = new LRUCache<string, Ask>({ max: KEPT_ASKS });
  private loading?: Promise<CoinListInUse>;

  constructor(private readonly ctx: AppContext) {
    const c = ctx.config;
    this.cache = ctx.cache.namespace('crypto', { ttlMs: TTL_MS, staleMs: STALE_MS });
    this.repo = new CryptoRepository(ctx.db);
    this.providers = buildUpstreams(CRYPTO_UPSTREAMS, c).map((source) => source(ctx.fetch));
    ctx.providerHealth.track(
      'crypto',
      this.health,
      this.providers.map((p) => p.name),
    );
  }

  /**
   * The answer to one request, as JSON text. A request already answered is not parsed or
   * resolved again (its resolution is kept with the coin list it used), and its text is kept
   * with the cached prices it was built from: a repeated request costs two map reads.
   */
  async prices(q: CryptoQuery, lab = false): Promise<RawJson> {
    const list = await this.coinList();
    const memoKey = `${q.coin}\n${q.vs}`;
    let ask = this.asks.get(memoKey);
    if (!ask || ask.index !== list.index) {
      ask = this.ask(q, list.index);
      this.asks.set(memoKey, ask);
    }
    const { coins, vs, asked } = ask;
    let got;
    try {
      got = await this.cache.wrap(
        ask.key,
        async () => (await failover('crypto', this.providers, { coins, vs }, this.health, { deadlineMs: this.ctx.config.CRYPTO_TIMEOUT_MS })).value,
      );
    } catch (err) {
      const api = toApiError(err, 'crypto prices', unknownMessage(asked, list.index));
      // Without the coin list a symbol ("btc") is tried as an id and found by no one: that is
      // data not loaded yet (503 with the list's load), not an unknown coin.
      const someSaidNone = err instanceof AllProvidersFailed && err.attempts.some((a) => a.kind === 'not_found');
      if (!list.index && (api.statusCode === 404 || someSaidNone)) throw this.coinListNotReady(api.message);
      throw api;
    }
    return ask.answer.of(got, (p) => answer(ask, p, list), lab ? LAB_TAIL : '');
  }

  /** A request parsed and its coins resolved (404 for an unknown coin). */
  private ask(q: CryptoQuery, index: CoinIndex | null): Ask {
    const vs = parseVs(q.vs);
    const asked = this.resolveAll(parseCoins(q.coin), index);
    const coins = [...new Map(asked.map((a) => [a.coin.id, a.coin])).values()];
    const key = `${coins
      .map((c) => c.id)
      .sort()
      .join(',')}:${[...vs].sort().join(',')}`;
    return { index, vs, asked, coins, key, answer: new KeptAnswer() };
  }

  /** The 503 while the coin list that resolves symbols and names is not there: its load's state. */
  private coinListNotReady(meanwhile: string) {
    return jobNotReady(this.ctx, { job: COIN_LIST_JOB, what: 'the coin list (symbols and names to CoinGecko ids)', seedable: true, meanwhile });
  }

  /** Every asked coin resolved; a 404 naming the close matches of those that are not. */
  private resolveAll(queries: string[], index: CoinIndex | null): Asked[] {
    if (!index) {
      const bad = queries.find((x) => !looksLikeId(x));
      if (bad !== undefined) throw this.coinListNotReady(`"${bad.slice(0, 60)}" is not a CoinGecko coin id, and only ids are taken until the list is loaded`);
      return queries.map((x) => ({ query: x, coin: { id: normalise(x), symbol: null, name: null }, matched_by: 'id (no coin list loaded)', alternatives: [] }));
    }
    const out: Asked[] = [];
    const unknown: string[] = [];
    for (const x of queries) {
      const r = index.resolve(x);
      if (r) out.push({ query: x, coin: r.coin, matched_by: r.matched_by, alternatives: r.alternatives });
      else unknown.push(x.slice(0, 60));
    }
    if (unknown.length) {
      // Suggestions for the first unknown coin only: a misspelling close to thousands of coins
      // costs a few milliseconds, and a request may name 25.
      const suggestions: CoinEntry[] = index.suggest(unknown[0]);
      const hint = suggestions.length ? `; did you mean ${suggestions.map((s) => `${s.name} (${s.id})`).join(', ')}?` : '';
      throw notFound(`unknown coin "${unknown[0]}"${hint}`, { coin: unknown[0], suggestions, ...(unknown.length > 1 ? { unknown } : {}) });
    }
    return out;
  }

  /** The coin list in use: the stored download when there is one, else none (ids only). */
  async coinList(): Promise<CoinListInUse> {
    if (this.current && Date.now() - this.current.checkedAt < RECHECK_MS) return this.current;
    this.loading ??= this.loadCoinList().finally(() => (this.loading = undefined));
    return this.loading;
  }

  private async loadCoinList(): Promise<CoinListInUse> {
    let index: CoinIndex | null = null;
    let fetchedAt: string | null = null;
    try {
      // The list is large (about 1.5 MB): re-read it only when another instance stored a newer one.
      if (this.current?.index && (await this.repo.fetchedAt()) === this.current.fetchedAt) {
        this.current = { ...this.current, checkedAt: Date.now() };
        return this.current;
      }
      const stored = await this.repo.getCoinList();
      if (stored) {
        index = new CoinIndex(stored.coins);
        fetchedAt = stored.fetched_at;
      }
    } catch (err) {
      // A database that fails for a moment must not drop the list already in memory.
      if (this.current?.index) return this.current;
      this.ctx.log.warn({ err: (err as Error).message }, 'stored coin list unreadable; resolving CoinGecko ids only');
    }
    this.current = { index, fetchedAt, checkedAt: Date.now() };
    return this.current;
  }

  /**
   * Downloads CoinGecko's coin list (or reads `file`, a saved copy of /api/v3/coins/list) and
   * keeps it unless it is much shorter than the one in use.
   */
  async refreshCoinList(file?: string): Promise<{ coins: number }> {
    const c = this.ctx.config;
    const spec = coingeckoCoinList(c.CRYPTO_COINGECKO_URL, c.CRYPTO_COINGECKO_KEY);
    const { fetch, url } = dataSource(this.ctx.fetch, `${c.CRYPTO_COINGECKO_URL}/api/v3/coins/list`, file);
    const { value: coins } = await failover('crypto-coin-list', [httpProvider(spec, fetch)], undefined, this.health, { deadlineMs: LIST_DEADLINE_MS });
    const inUse = (await this.coinList()).index;
    if (inUse && coins.length < inUse.size * MIN_LIST_SHARE) {
      throw new Error(`refusing a coin list of ${coins.length} coins (the one in use has ${inUse.size})`);
    }
    const fetchedAt = this.ctx.now().toISOString();
    await this.repo.saveCoinList({ source: url, fetched_at: fetchedAt, coins });
    this.current = { index: new CoinIndex(coins), fetchedAt, checkedAt: Date.now() };
    return { coins: coins.length };
  }

  /** True when the stored list is missing or older than a day (checked at start). */
  async coinListOutOfDate(): Promise<boolean> {
    const at = await this.repo.fetchedAt();
    return !at || this.ctx.now().getTime() - Date.parse(at) > LIST_MAX_AGE_MS;
  }
}

const EMPTY: Quote = { price: null, change_24h_pct: null, market_cap: null };

/** The answer to a request from the prices a source gave, without `cached` and `stale`. */
export function answer(ask: Pick<Ask, 'vs' | 'asked' | 'coins'>, p: Prices, list: CoinListInUse) {
  const { vs, asked, coins } = ask;
  return {
    status: 'ok' as const,
    vs,
    count: asked.length,
    coins: asked.map((a) => ({
      query: a.query,
      id: a.coin.id,
      symbol: a.coin.symbol,
      name: a.coin.name,
      matched_by: a.matched_by,
      ...(a.alternatives.length ? { alternatives: a.alternatives } : {}),
      quotes: Object.fromEntries(vs.map((v) => [v, p.coins[a.coin.id]?.quotes[v] ?? EMPTY])),
      last_updated: p.coins[a.coin.id]?.last_updated ?? null,
    })),
    missing: coins.filter((c) => !p.coins[c.id]).map((c) => c.id),
    source: p.source,
    coin_list: list.index ? { coins: list.index.size, fetched_at: list.fetchedAt } : null,
  };
}

/** The 404 message when every source says it has none of the coins. */
function unknownMessage(asked: Asked[], index: CoinIndex | null): string {
  const names = asked.map((a) => a.coin.id).join(', ');
  return index
    ? `no source has a price for ${names}`
    : `no source knows the coin id ${names} (the coin list that resolves symbols and names has not been loaded yet)`;
}
