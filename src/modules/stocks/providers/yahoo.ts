// Yahoo Finance chart API (query1.finance.yahoo.com): undocumented by Yahoo but long used by
// public clients; one symbol a call, NSE symbols end in ".NS", BSE symbols in ".BO".
// GET {base}/v8/finance/chart/RELIANCE.NS?interval=1d&range=1d →
//   {"chart":{"result":[{"meta":{"currency":"INR","symbol":"RELIANCE.NS","exchangeName":"NSI",
//   "regularMarketPrice":…,"regularMarketTime":<unix s>,"regularMarketDayHigh":…,
//   "regularMarketDayLow":…,"chartPreviousClose":…,"previousClose"?:…},…}],"error":null}}
// Quirks: an unknown symbol is HTTP 404 (sometimes 200) with result null and
// {"error":{"code":"Not Found","description":"No data found, symbol may be delisted"}};
// `previousClose` is absent on many answers. `chartPreviousClose` is the close before the chart's
// range, which is the previous close only when the answer's range (`meta.range`) is one day; for a
// longer range the previous close is the last daily close of `indicators.quote[0].close` dated
// before the session of `regularMarketTime` (in the exchange's `gmtoffset`). Bursts are answered 429.
// Terms: no public API terms; Yahoo's terms of service allow personal, non-commercial use of
// its content. Quotes may be delayed. Point STOCKS_YAHOO_URL elsewhere to replace it.

import type { HttpProviderSpec, UpstreamResponse } from '../../../core/upstream/index.js';
import { UpstreamError, kindFromStatus, parseRetryAfter, upstream } from '../../../core/upstream/index.js';
import { price, unixTime, type Quote, type QuoteQuery } from './types.js';

export const YAHOO = 'yahoo-finance';

const SUFFIX = { NSE: 'NS', BSE: 'BO' } as const;

export const yahooSymbol = (q: QuoteQuery) => `${q.symbol}.${SUFFIX[q.exchange]}`;

interface ChartResult {
  meta?: Record<string, unknown>;
  timestamp?: unknown;
  indicators?: { quote?: { close?: unknown }[] };
}

interface Chart {
  chart?: { result?: ChartResult[] | null; error?: { code?: unknown; description?: unknown } | null };
}

/** The exchange-local calendar day of a unix time. */
const dayOf = (unix: number, offsetS: number) => new Date((unix + offsetS) * 1000).toISOString().slice(0, 10);

/**
 * The previous session's close: `previousClose` when given; else `chartPreviousClose` when the
 * answer covers one day; else the last daily close before the current session's day.
 */
export function previousCloseOf(result: ChartResult): number | null {
  const meta = result.meta ?? {};
  const given = price(meta.previousClose);
  if (given !== null) return given;
  const range = typeof meta.range === 'string' ? meta.range : '1d';
  if (range === '1d') return price(meta.chartPreviousClose);
  const times = Array.isArray(result.timestamp) ? result.timestamp : [];
  const closes = result.indicators?.quote?.[0]?.close;
  const now = typeof meta.regularMarketTime === 'number' ? meta.regularMarketTime : undefined;
  if (!Array.isArray(closes) || now === undefined || meta.dataGranularity !== '1d') return null;
  const offset = typeof meta.gmtoffset === 'number' ? meta.gmtoffset : 0;
  const today = dayOf(now, offset);
  for (let i = Math.min(times.length, closes.length) - 1; i >= 0; i--) {
    const t = times[i];
    if (typeof t === 'number' && dayOf(t, offset) < today && price(closes[i]) !== null) return price(closes[i]);
  }
  return null;
}

function body(res: UpstreamResponse): Chart | undefined {
  try {
    return res.json<Chart>();
  } catch {
    return undefined;
  }
}

export function parseYahoo(res: UpstreamResponse, q: QuoteQuery): Quote {
  const b = body(res);
  const error = b?.chart?.error;
  // Only Yahoo's own "Not Found" says the symbol does not exist; a bare 404 may be a moved path.
  if (error && error.code === 'Not Found') throw new UpstreamError(YAHOO, 'not_found', `yahoo-finance knows no ${yahooSymbol(q)}`);
  if (res.status < 200 || res.status >= 300) {
    const kind = res.status === 404 ? 'bad_response' : kindFromStatus(res.status);
    throw new UpstreamError(YAHOO, kind, `yahoo-finance answered HTTP ${res.status}`, {
      status: res.status,
      retryAfterMs: parseRetryAfter(res.headers['retry-after']),
    });
  }
  const result = b?.chart?.result?.[0];
  const meta = result?.meta;
  const last = price(meta?.regularMarketPrice);
  if (!meta || last === null) throw new UpstreamError(YAHOO, 'bad_response', 'yahoo-finance answered without a chart meta and a market price');
  if (typeof meta.symbol === 'string' && meta.symbol.toUpperCase() !== yahooSymbol(q)) {
    throw new UpstreamError(YAHOO, 'bad_response', `yahoo-finance answered for ${meta.symbol.slice(0, 30)}, not ${yahooSymbol(q)}`);
  }
  return {
    price: last,
    previous_close: previousCloseOf(result!),
    day_low: price(meta.regularMarketDayLow),
    day_high: price(meta.regularMarketDayHigh),
    currency: typeof meta.currency === 'string' && /^[A-Z]{3}$/.test(meta.currency) ? meta.currency : null,
    exchange_time: unixTime(meta.regularMarketTime),
    source: YAHOO,
  };
}

export function yahoo(baseUrl: string): HttpProviderSpec<QuoteQuery, Quote> {
  return {
    name: YAHOO,
    request: (q) => ({
      url: `${baseUrl}/v8/finance/chart/${encodeURIComponent(yahooSymbol(q))}?interval=1d&range=1d`,
      headers: { accept: 'application/json' },
      // Yahoo's "Not Found" body comes with HTTP 404; the parser reads it and sorts the status.
      throwOnStatus: false,
    }),
    parse: parseYahoo,
  };
}

/** The source and the setting it reads. */
export const yahooUpstream = upstream({ name: YAHOO, settings: ['STOCKS_YAHOO_URL'], build: (s) => yahoo(s.STOCKS_YAHOO_URL) });
