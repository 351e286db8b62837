// The currencies /crypto quotes prices in: those both sources answer for, so an answer never
// depends on which source was asked. CoinGecko's list is /api/v3/simple/supported_vs_currencies
// (its OpenAPI example lists 62, fiat and crypto); CoinPaprika's `quotes` parameter documents 42
// (BTC, ETH, USD, EUR, PLN, KRW, …, ISK). This is their intersection, lower-case as CoinGecko
// writes them (CoinPaprika wants upper case; its provider converts).

export const VS_CURRENCIES = [
  'inr',
  'usd',
  'eur',
  'gbp',
  'jpy',
  'aud',
  'cad',
  'chf',
  'cny',
  'hkd',
  'sgd',
  'nzd',
  'krw',
  'twd',
  'thb',
  'myr',
  'idr',
  'php',
  'vnd',
  'pkr',
  'ils',
  'try',
  'rub',
  'uah',
  'pln',
  'czk',
  'huf',
  'dkk',
  'nok',
  'sek',
  'zar',
  'ngn',
  'brl',
  'mxn',
  'clp',
  'ars',
  'btc',
  'eth',
] as const;

export type VsCurrency = (typeof VS_CURRENCIES)[number];
const KNOWN = new Set<string>(VS_CURRENCIES);
export const isVsCurrency = (c: string): c is VsCurrency => KNOWN.has(c);
