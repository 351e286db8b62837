// What a fuel source is asked and answers. A page is either the state-wise listing of a
// fuel (no place) or one city's page; the answer is the (name, price) rows read on it.

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
}

/** Retail petrol/diesel in India has stayed within this band (₹/litre); outside it is a misread. */
export const FUEL_PRICE_RANGE = [40, 250] as const;

/** What a page gave and where on it: the table or block (by its heading and header) the rows came from. */
export interface FuelReading {
  rows: FuelRow[];
  from: string;
}
