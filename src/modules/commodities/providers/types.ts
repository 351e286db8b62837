// What a metals source is asked (one metal in one place) and answers (one quote).

import type { Place } from '../../../lib/prices/index.js';

export const METALS = ['gold', 'silver', 'platinum'] as const;
export type Metal = (typeof METALS)[number];

/** The unit each metal's `price` is given in (the `unit` field of /openapi.json's commodity answer). */
export const UNITS: Record<Metal, string> = { gold: 'per_gram_24k', silver: 'per_10g', platinum: 'per_gram' };

export interface MetalPage {
  metal: Metal;
  place: Place;
}

export interface MetalQuote {
  /** Rupees in the metal's unit (gold: 1 g of 24K; silver: 10 g; platinum: 1 g). */
  price: number;
  /** Gold only: 22K and 18K per gram. */
  details?: { price_22k: number; price_18k: number };
  /** Earlier days the page lists too (IBJA's recent rates), newest first. */
  history?: { day: string; price: number; details?: { price_22k: number; price_18k: number } }[];
}

/**
 * Bands a real price in rupees falls in (2015–2026 levels with wide margins); a number
 * outside is a misread (a ticker, a weight, a price per kg).
 */
export const PRICE_RANGE: Record<Metal, readonly [number, number]> = {
  gold: [1500, 60000],
  silver: [150, 10000],
  platinum: [1000, 30000],
};

export const isNational = (p: Place) => p.tags.includes('national');
