// The currencies /forex answers for: the euro and the 30 currencies the European Central Bank
// publishes reference rates against (https://www.ecb.europa.eu/stats/policy_and_exchange_rates/
// euro_reference_exchange_rates/html/index.en.html; RUB suspended since March 2022, HRK gone with
// the euro in Croatia, 2023). Both sources quote all of them, so an answer never depends on
// which one was asked.

export const CURRENCIES = {
  AUD: 'Australian dollar',
  BGN: 'Bulgarian lev',
  BRL: 'Brazilian real',
  CAD: 'Canadian dollar',
  CHF: 'Swiss franc',
  CNY: 'Chinese yuan renminbi',
  CZK: 'Czech koruna',
  DKK: 'Danish krone',
  EUR: 'Euro',
  GBP: 'Pound sterling',
  HKD: 'Hong Kong dollar',
  HUF: 'Hungarian forint',
  IDR: 'Indonesian rupiah',
  ILS: 'Israeli shekel',
  INR: 'Indian rupee',
  ISK: 'Icelandic krona',
  JPY: 'Japanese yen',
  KRW: 'South Korean won',
  MXN: 'Mexican peso',
  MYR: 'Malaysian ringgit',
  NOK: 'Norwegian krone',
  NZD: 'New Zealand dollar',
  PHP: 'Philippine peso',
  PLN: 'Polish zloty',
  RON: 'Romanian leu',
  SEK: 'Swedish krona',
  SGD: 'Singapore dollar',
  THB: 'Thai baht',
  TRY: 'Turkish lira',
  USD: 'US dollar',
  ZAR: 'South African rand',
} as const;

export type Currency = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as Currency[];
export const isCurrency = (c: string): c is Currency => Object.hasOwn(CURRENCIES, c);

/** The first day the ECB published reference rates (the euro's first trading day). */
export const FIRST_RATE_DATE = '1999-01-04';
