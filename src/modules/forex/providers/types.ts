// What a rate source is asked and answers: rates of one base against several currencies on a
// day (the latest when `date` is absent). Both sources publish one set of rates a working day.

import type { Currency } from '../currencies.js';

export interface RateQuery {
  base: Currency;
  to: readonly Currency[];
  /** YYYY-MM-DD, or undefined for the latest. */
  date?: string;
}

export interface Rates {
  /** The day the rates are for (a weekend or holiday asks get the working day before). */
  date: string;
  rates: Partial<Record<Currency, number>>;
  source: string;
}
