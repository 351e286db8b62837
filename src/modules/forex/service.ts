// /forex: reference rates of a base against other currencies, for the latest working day or a
// past one, from Frankfurter (the ECB's rates) and, when it fails, the currency-api data set.
// Latest rates are cached an hour; a past day's never change, so they are kept a year. When both
// sources fail, a cached copy is served flagged `stale`.

import type { AppContext } from '../../core/module.js';
import { invalidParam } from '../../core/errors.js';
import type { CacheNamespace } from '../../core/cache/index.js';
import { indiaDate } from '../../core/time.js';
import { ProviderHealth, failover, httpProvider, toApiError, type Provider } from '../../core/upstream/index.js';
import { CURRENCY_CODES, FIRST_RATE_DATE, isCurrency, type Currency } from './currencies.js';
import { currencyApi } from './providers/currency-api.js';
import { frankfurter } from './providers/frankfurter.js';
import type { RateQuery, Rates } from './providers/types.js';
import type { ForexQuery } from './schemas.js';

const LATEST_TTL_MS = 3600_000;
const PAST_TTL_MS = 365 * 86_400_000;
const MAX_TARGETS = 30;

function currency(param: string, raw: string): Currency {
  const c = raw.trim().toUpperCase();
  if (!isCurrency(c)) throw invalidParam(param, `unknown currency "${raw.trim().slice(0, 12)}"; ${param} must be one of ${CURRENCY_CODES.join(', ')}`, { valid_values: CURRENCY_CODES });
  return c;
}

/** The validated ask: currencies known, at most 30 targets, a date between 1999-01-04 and today. */
export function rateQuery(q: Pick<ForexQuery, 'base' | 'to' | 'date'>, today: string): RateQuery {
  const base = currency('base', q.base);
  const to = [...new Set(q.to.split(',').filter((s) => s.trim()).map((s) => currency('to', s)))];
  if (to.length === 0) throw invalidParam('to', 'to must name at least one currency');
  if (to.length > MAX_TARGETS) throw invalidParam('to', `to may name at most ${MAX_TARGETS} currencies`);
  if (q.date !== undefined) {
    const d = new Date(`${q.date}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== q.date) throw invalidParam('date', 'date must be a real day, YYYY-MM-DD');
    if (q.date < FIRST_RATE_DATE || q.date > today) throw invalidParam('date', `date must be from ${FIRST_RATE_DATE} to today (${today})`);
  }
  return { base, to, ...(q.date !== undefined && q.date !== today ? { date: q.date } : {}) };
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

export class ForexService {
  private readonly cache: CacheNamespace;
  private readonly providers: Provider<RateQuery, Rates>[];
  private readonly health = new ProviderHealth();

  constructor(private readonly ctx: AppContext) {
    this.cache = ctx.cache.namespace('forex', { ttlMs: LATEST_TTL_MS, staleMs: 7 * 86_400_000 });
    this.providers = [httpProvider(frankfurter(ctx.config.FOREX_FRANKFURTER_URL), ctx.fetch), httpProvider(currencyApi(ctx.config.FOREX_CURRENCY_API_URL), ctx.fetch)];
    ctx.providerHealth.track('forex', this.health, this.providers.map((p) => p.name));
  }

  async rates(q: ForexQuery) {
    const ask = rateQuery(q, indiaDate(this.ctx.now()));
    const key = `${ask.base}:${[...ask.to].sort().join(',')}:${ask.date ?? 'latest'}`;
    let got;
    try {
      got = await this.cache.wrap(key, async () => (await failover('forex', this.providers, ask, this.health, { deadlineMs: this.ctx.config.FOREX_TIMEOUT_MS })).value, {
        ttlMs: ask.date ? PAST_TTL_MS : LATEST_TTL_MS,
      });
    } catch (err) {
      throw toApiError(err, 'forex', `no rates for ${ask.date ?? 'today'}`);
    }
    const r = got.value;
    const rates: Partial<Record<Currency, number | null>> = {};
    for (const c of ask.to) rates[c] = c === ask.base ? 1 : (r.rates[c] ?? null);
    const converted =
      q.amount === undefined ? undefined : Object.fromEntries(Object.entries(rates).map(([c, v]) => [c, v === null || v === undefined ? null : round(v * q.amount!)]));
    return {
      status: 'ok' as const,
      base: ask.base,
      date: r.date,
      ...(q.amount !== undefined ? { amount: q.amount, converted } : {}),
      rates,
      source: r.source,
      cached: got.cached,
      stale: got.stale,
    };
  }
}
