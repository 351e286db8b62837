// /lab/stocks: the latest quote of up to 10 NSE or BSE symbols, each asked of Yahoo Finance's
// chart API and, when it fails, of Google Finance's quote page, through the shared failover.
// Each symbol is cached 60 seconds; when every source fails, a copy up to a day old is served
// flagged `stale`. A symbol a source clearly calls unknown is a 404 naming it.

import type { AppContext } from '../../core/module.js';
import { invalidParam, notFound } from '../../core/errors.js';
import type { CacheNamespace } from '../../core/cache/index.js';
import { AllProvidersFailed, ProviderHealth, buildUpstreams, failover, httpProvider, toApiError, type Provider } from '../../core/upstream/index.js';
import { STOCKS_UPSTREAMS } from './providers/index.js';
import type { Exchange, Quote, QuoteQuery } from './providers/types.js';
import type { StocksQuery, StocksResponse } from './schemas.js';

const TTL_MS = 60_000;
const STALE_MS = 86_400_000;
const MAX_SYMBOLS = 10;
const EXCHANGES: readonly Exchange[] = ['NSE', 'BSE'];
const SYMBOL = /^[A-Z0-9&.-]{1,20}$/;

/** The validated ask: a known exchange and 1–10 distinct well-formed symbols (any case in, upper case out). */
export function stockQuery(q: StocksQuery): { exchange: Exchange; symbols: string[] } {
  const exchange = (q.exchange ?? 'NSE').trim().toUpperCase();
  if (!EXCHANGES.includes(exchange as Exchange)) {
    throw invalidParam('exchange', `unknown exchange "${String(q.exchange).slice(0, 20)}"; exchange must be NSE or BSE`, { valid_values: EXCHANGES });
  }
  const symbols = [
    ...new Set(
      q.symbol
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
  if (symbols.length === 0) throw invalidParam('symbol', 'symbol must name at least one symbol');
  if (symbols.length > MAX_SYMBOLS) throw invalidParam('symbol', `symbol may name at most ${MAX_SYMBOLS} symbols`);
  const bad = symbols.find((s) => !SYMBOL.test(s));
  if (bad !== undefined) throw invalidParam('symbol', `"${bad.slice(0, 25)}" is not a symbol: each must be 1 to 20 of A-Z, 0-9, &, - and .`);
  return { exchange: exchange as Exchange, symbols };
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** A source that answered "no such symbol" is believed even when the other source merely failed. */
const saidUnknown = (err: unknown) => err instanceof AllProvidersFailed && err.attempts.some((a) => a.kind === 'not_found');

export class StocksService {
  private readonly cache: CacheNamespace;
  private readonly providers: Provider<QuoteQuery, Quote>[];
  private readonly health = new ProviderHealth();

  constructor(private readonly ctx: AppContext) {
    this.cache = ctx.cache.namespace('stocks', { ttlMs: TTL_MS, staleMs: STALE_MS });
    this.providers = buildUpstreams(STOCKS_UPSTREAMS, ctx.config).map((spec) => httpProvider(spec, ctx.fetch));
    ctx.providerHealth.track(
      'stocks',
      this.health,
      this.providers.map((p) => p.name),
    );
  }

  async quotes(q: StocksQuery): Promise<StocksResponse> {
    const { exchange, symbols } = stockQuery(q);
    const settled = await Promise.allSettled(symbols.map((symbol) => this.one({ symbol, exchange })));
    const unknown = symbols.filter((_, i) => settled[i].status === 'rejected' && saidUnknown((settled[i] as PromiseRejectedResult).reason));
    if (unknown.length) throw notFound(`unknown symbol${unknown.length > 1 ? 's' : ''} on ${exchange}: ${unknown.join(', ')}`, { symbols: unknown });
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw toApiError(failed.reason, 'stocks');
    const quotes = settled.map((s, i) => {
      const { value: v, cached, stale } = (s as PromiseFulfilledResult<Awaited<ReturnType<StocksService['one']>>>).value;
      const change = v.previous_close === null ? null : round(v.price - v.previous_close, 4);
      return {
        symbol: symbols[i],
        exchange,
        price: v.price,
        change,
        change_percent: change === null || v.previous_close === null ? null : round((change / v.previous_close) * 100, 2),
        previous_close: v.previous_close,
        day_low: v.day_low,
        day_high: v.day_high,
        currency: v.currency,
        exchange_time: v.exchange_time,
        source: v.source,
        cached,
        stale,
      };
    });
    return {
      status: 'ok',
      experimental: true,
      exchange,
      count: quotes.length,
      quotes,
      cached: quotes.every((x) => x.cached),
      stale: quotes.some((x) => x.stale),
    };
  }

  private one(ask: QuoteQuery) {
    return this.cache.wrap(
      `${ask.exchange}:${ask.symbol}`,
      async () => (await failover('stocks', this.providers, ask, this.health, { deadlineMs: this.ctx.config.STOCKS_TIMEOUT_MS })).value,
    );
  }
}
