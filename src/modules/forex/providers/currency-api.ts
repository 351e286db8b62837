// The currency-api data set by fawazahmed0 (https://github.com/fawazahmed0/exchange-api): daily
// rates of 200+ currencies as static JSON files on a CDN, one file a base a day.
// GET {base}@latest/v1/currencies/usd.json or {base}@2024-03-06/v1/currencies/usd.json →
//   {"date":"2024-03-06","usd":{"eur":0.9195,"inr":82.89,…}}
// Quirks: lower-case codes; the date in the path is the release tag (files exist from
// 2024-03-02 on); a missing day is HTTP 404. Terms: CC0-1.0, free, no key, no rate limit.

import type { HttpProviderSpec, UpstreamResponse } from '../../../core/upstream/index.js';
import { UpstreamError, upstream } from '../../../core/upstream/index.js';
import type { RateQuery, Rates } from './types.js';

export const CURRENCY_API = 'currency-api';
/** How answers name this source. */
export const CURRENCY_API_SOURCE = 'currency-api (fawazahmed0, CC0)';

export function parseCurrencyApi(res: UpstreamResponse, q: RateQuery): Rates {
  const key = q.base.toLowerCase();
  const body = res.json<Record<string, unknown>>();
  const table = body?.[key] as Record<string, unknown> | undefined;
  if (typeof body?.date !== 'string' || !/^\d{4}-\d\d-\d\d$/.test(body.date) || !table || typeof table !== 'object') {
    throw new UpstreamError(CURRENCY_API, 'bad_response', `currency-api answered without a date or ${key} rates`);
  }
  const rates: Rates['rates'] = {};
  for (const c of q.to) {
    const v = table[c.toLowerCase()];
    if (c !== q.base && typeof v === 'number' && v > 0) rates[c] = v;
  }
  return { date: body.date, rates, source: CURRENCY_API_SOURCE };
}

export function currencyApi(baseUrl: string): HttpProviderSpec<RateQuery, Rates> {
  return {
    name: CURRENCY_API,
    request: (q) => ({ url: `${baseUrl}@${q.date ?? 'latest'}/v1/currencies/${q.base.toLowerCase()}.json`, headers: { accept: 'application/json' } }),
    parse: parseCurrencyApi,
  };
}

/** The source and the setting it reads. */
export const currencyApiUpstream = upstream({ name: CURRENCY_API, settings: ['FOREX_CURRENCY_API_URL'], build: (s) => currencyApi(s.FOREX_CURRENCY_API_URL) });
