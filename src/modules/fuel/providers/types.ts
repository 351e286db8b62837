// What a fuel source is asked and answers. A page is either the state-wise listing of a
// fuel (no place) or one city's page; the answer is every (name, price) row read on it, and
// the earlier days the page lists for its place (its own history).

import type { Place } from '../../../lib/prices/index.js';

export const FUELS = ['petrol', 'diesel'] as const;
export type Fuel = (typeof FUELS)[number];

export interface FuelPage {
  fuel: Fuel;
  /** A city whose price is wanted; absent = the state-wise listing. */
  place?: Place;
}

export interface FuelRow {
  /** The location's name as the upstream writes it. */
  name: string;
  /** Rupees per litre. */
  price: number;
  /** What the page lists it as (a state-wise table, a table of cities, a city's own page); absent when it does not say. */
  type?: 'state' | 'city';
}

/** An earlier day's price the page lists for its place ("Last 10 Days", a month's history). */
export interface FuelDay {
  name: string;
  /** YYYY-MM-DD. */
  day: string;
  price: number;
}

/** Retail petrol/diesel in India has stayed within this band (₹/litre); outside it is a misread. */
export const FUEL_PRICE_RANGE = [40, 250] as const;

/** The fuels a page may price besides the one asked for: a label naming one of them is another block's. */
export const otherFuels = (fuel: Fuel): readonly string[] => ['petrol', 'diesel', 'lpg', 'cng', 'kerosene'].filter((f) => f !== fuel);

/** What a page gave and where on it: the rows, the page's own history, and the table or block (by its label) they came from. */
export interface FuelReading {
  rows: FuelRow[];
  history: FuelDay[];
  from: string;
}
