// Frankfurter (https://frankfurter.dev): the European Central Bank's reference rates, published
// around 16:00 CET on TARGET working days, as JSON.
// GET {base}/latest?from=USD&to=INR,EUR or {base}/YYYY-MM-DD?from=…&to=… →
//   {"amount":1.0,"base":"USD","date":"2024-11-22","rates":{"EUR":0.95923,"INR":84.39}}
// Quirks: a date without rates (weekend, holiday) answers the working day before, with that
// date; an unknown currency is HTTP 404 {"message":"not found"}; the base is never in `rates`.
// Terms: free, no key, open source (MIT); the data is the ECB's, free to reuse with the source named.

import type { HttpProviderSpec, UpstreamResponse } from '../../../core/upstream/index.js';
import { UpstreamError, upstream } from '../../../core/upstream/index.js';
import { isCurrency } from '../currencies.js';
import type { RateQuery, Rates } from './types.js';

export const FRANKFURTER = 'frankfurter';
/** How answers name this source. */
export const FRANKFURTER_SOURCE = 'frankfurter (ECB reference rates)';

export function parseFrankfurter(res: UpstreamResponse, q: RateQuery): Rates {
  const body = res.json<{ base?: unknown; date?: unknown; rates?: Record<string, unknown> }>();
  if (body?.base !== q.base || typeof body.date !== 'string' || !/^\d{4}-\d\d-\d\d$/.test(body.date) || !body.rates) {
    throw new UpstreamError(FRANKFURTER, 'bad_response', 'frankfurter answered without a base, date or rates');
  }
  const rates: Rates['rates'] = {};
  for (const [k, v] of Object.entries(body.rates)) if (isCurrency(k) && typeof v === 'number' && v > 0) rates[k] = v;
  return { date: body.date, rates, source: FRANKFURTER_SOURCE };
}

export function frankfurter(baseUrl: string): HttpProviderSpec<RateQuery, Rates> {
  return {
    name: FRANKFURTER,
    request: (q) => {
      const to = q.to.filter((c) => c !== q.base);
      const p = new URLSearchParams({ from: q.base, ...(to.length ? { to: to.join(',') } : {}) });
      return { url: `${baseUrl}/${q.date ?? 'latest'}?${p}`, headers: { accept: 'application/json' } };
    },
    parse: parseFrankfurter,
  };
}

/** The source and the setting it reads. */
export const frankfurterUpstream = upstream({ name: FRANKFURTER, settings: ['FOREX_FRANKFURTER_URL'], build: (s) => frankfurter(s.FOREX_FRANKFURTER_URL) });
