// /forex: reference rates of a base against other currencies, for the latest working day or a
// past one, from Frankfurter (the ECB's rates) and, when it fails, the currency-api data set.
// Latest rates are cached an hour; a past day's never change, so they are kept a year. When both
// sources fail, a cached copy is served flagged `stale`.

import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../core/module.js';
import { invalidParam } from '../../core/errors.js';
import { calendarDate } from '../../core/date-param.js';
import type { CacheNamespace } from '../../core/cache/index.js';
import { KeptAnswer, type RawJson } from '../../core/http/raw-json.js';
import { indiaDate } from '../../core/time.js';
import { ProviderHealth, buildUpstreams, failover, httpProvider, toApiError, type Provider } from '../../core/upstream/index.js';
import { CURRENCY_CODES, FIRST_RATE_DATE, isCurrency, type Currency } from './currencies.js';
import { FOREX_UPSTREAMS } from './providers/index.js';
import type { RateQuery, Rates } from './providers/types.js';
import type { ForexQuery } from './schemas.js';

const LATEST_TTL_MS = 3600_000;
const PAST_TTL_MS = 365 * 86_400_000;
const MAX_TARGETS = 30;

function currency(param: string, raw: string): Currency {
  const c = raw.trim().toUpperCase();
  if (!isCurrency(c))
    throw invalidParam(param, `unknown currency "${raw.trim().slice(0, 12)}"; ${param} must be one of ${CURRENCY_CODES.join(', ')}`, {
      valid_values: CURRENCY_CODES,
    });
  return c;
}

/** The validated ask: currencies known, at most 30 targets, a date between 1999-01-04 and today. */
export function rateQuery(q: Pick<ForexQuery, 'base' | 'to' | 'date'>, today: string): RateQuery {
  const base = currency('base', q.base);
  const to = [
    ...new Set(
      q.to
        .split(',')
        .filter((s) => s.trim())
        .map((s) => currency('to', s)),
    ),
  ];
  if (to.length === 0) throw invalidParam('to', 'to must name at least one currency');
  if (to.length > MAX_TARGETS) throw invalidParam('to', `to may name at most ${MAX_TARGETS} currencies`);
  if (q.date !== undefined) {
    calendarDate('date', q.date, 'YYYY-MM-DD');
    if (q.date < FIRST_RATE_DATE || q.date > today) throw invalidParam('date', `date must be from ${FIRST_RATE_DATE} to today (${today})`);
  }
  return { base, to, ...(q.date !== undefined && q.date !== today ? { date: q.date } : {}) };
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** Requests whose validation and answer text are kept (each a few hundred bytes). */
const KEPT_ASKS = 256;
/** What /lab/forex adds to the answer. */
const LAB_TAIL = ',"experimental":true';

/** A request validated on one day, and its kept answer text. */
interface Ask {
  today: string;
  rate: RateQuery;
  amount: number | undefined;
  key: string;
  answer: KeptAnswer;
}

/** The answer to a request from a source's rates, without `cached` and `stale`. */
export function answer(ask: RateQuery, amount: number | undefined, r: Rates) {
  const rates: Partial<Record<Currency, number | null>> = {};
  for (const c of ask.to) rates[c] = c === ask.base ? 1 : (r.rates[c] ?? null);
  const converted =
    amount === undefined ? undefined : Object.fromEntries(Object.entries(rates).map(([c, v]) => [c, v === null || v === undefined ? null : round(v * amount)]));
  return {
    status: 'ok' as const,
    base: ask.base,
    date: r.date,
    ...(amount !== undefined ? { amount, converted } : {}),
    rates,
    source: r.source,
  };
}

export class ForexService {
  private readonly cache: CacheNamespace;
  private readonly providers: Provider<RateQuery, Rates>[];
  private readonly health = new ProviderHealth();
  private readonly asks = new LRUCache<string, Ask>({ max: KEPT_ASKS });
  /** Today in India and the instants it spans, so a request does not format a date. */
  private day = { today: '', from: 0, to: 0 };

  constructor(private readonly ctx: AppContext) {
    this.cache = ctx.cache.namespace('forex', { ttlMs: LATEST_TTL_MS, staleMs: 7 * 86_400_000 });
    this.providers = buildUpstreams(FOREX_UPSTREAMS, ctx.config).map((spec) => httpProvider(spec, ctx.fetch));
    ctx.providerHealth.track(
      'forex',
      this.health,
      this.providers.map((p) => p.name),
    );
  }

  /**
   * The answer to one request, as JSON text. A request already answered today is not validated
   * again, and its text is kept with the cached rates it was built from.
   */
  async rates(q: ForexQuery, lab = false): Promise<RawJson> {
    const today = this.today();
    const memoKey = `${q.base}\n${q.to}\n${q.amount}\n${q.date}`;
    let ask = this.asks.get(memoKey);
    // "Today" decides whether a date is the latest rates or a past day, and the dates allowed.
    if (!ask || ask.today !== today) {
      const rate = rateQuery(q, today);
      ask = { today, rate, amount: q.amount, key: `${rate.base}:${[...rate.to].sort().join(',')}:${rate.date ?? 'latest'}`, answer: new KeptAnswer() };
      this.asks.set(memoKey, ask);
    }
    const { rate } = ask;
    let got;
    try {
      got = await this.cache.wrap(
        ask.key,
        async () => (await failover('forex', this.providers, rate, this.health, { deadlineMs: this.ctx.config.FOREX_TIMEOUT_MS })).value,
        {
          ttlMs: rate.date ? PAST_TTL_MS : LATEST_TTL_MS,
        },
      );
    } catch (err) {
      throw toApiError(err, 'forex', `no rates for ${rate.date ?? 'today'}`);
    }
    const amount = ask.amount;
    return ask.answer.of(got, (r) => answer(rate, amount, r), lab ? LAB_TAIL : '');
  }

  private today(): string {
    const t = this.ctx.now().getTime();
    if (t < this.day.from || t >= this.day.to) {
      const today = indiaDate(new Date(t));
      const from = Date.parse(`${today}T00:00:00+05:30`);
      this.day = { today, from, to: from + 86_400_000 };
    }
    return this.day.today;
  }
}
