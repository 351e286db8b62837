// What a metals source is asked (one metal in one place) and answers (one quote), and the
// shape of a source: a pure request and parse, plus what it can share within one crawl.

import type { HttpProviderSpec, UpstreamRequest, UpstreamResponse } from '../../../core/upstream/index.js';
import type { Place } from '../../../lib/prices/index.js';
import type { CrawlPages } from './crawl-pages.js';

export const METALS = ['gold', 'silver', 'platinum'] as const;
export type Metal = (typeof METALS)[number];

/** The unit each metal's `price` is given in (the `unit` field of /openapi.json's commodity answer). */
export const UNITS: Record<Metal, string> = { gold: 'per_gram_24k', silver: 'per_10g', platinum: 'per_gram' };

/** The weight, in grams, each metal's `price` is for. */
export const UNIT_GRAMS: Record<Metal, number> = { gold: 1, silver: 10, platinum: 1 };

export interface MetalPage {
  metal: Metal;
  place: Place;
  /** Pages one crawl fetches or reads once for several tasks; absent outside a crawl (probes, tests). */
  pages?: CrawlPages;
}

export interface GoldDetails {
  price_22k: number;
  price_18k: number;
}

export type Session = 'AM' | 'PM';

export interface MetalQuote {
  /** Rupees in the metal's unit (gold: 1 g of 24K; silver: 10 g; platinum: 1 g). */
  price: number;
  /** Gold only: 22K and 18K per gram. */
  details?: GoldDetails;
  /** The day the page dates the price to (IBJA's dated row, goodreturns' last-10-days row that agreed), when it does. */
  asOf?: string;
  /** IBJA's session (AM or PM) the price is from, when the page says. */
  session?: Session;
  /** Earlier days the page lists too (IBJA's recent rates, goodreturns' last 10 days), newest first. */
  history?: { day: string; price: number; details?: Partial<GoldDetails> }[];
}

/** One place a listing page prices (goodreturns' all-India page's table of cities). */
export interface ListedPlace {
  name: string;
  quote: MetalQuote;
}

/** A metals source: one upstream's pure request and parse, and what one crawl may share of it. */
export interface MetalSourceSpec extends HttpProviderSpec<MetalPage, MetalQuote> {
  /**
   * Whether the page asked for `input` is read by other tasks of the same crawl too (IBJA's one
   * page answers all three metals; goodreturns' all-India gold page is also its cities' listing):
   * such a page is fetched once per crawl.
   */
  shared?(input: MetalPage): boolean;
  /**
   * A page of the source that prices many places at once, for the pages of `input`'s kind
   * (goodreturns' all-India gold page for Indian cities' gold), and its reading; undefined
   * when there is none.
   */
  listing?(input: MetalPage): { request: UpstreamRequest; read(res: UpstreamResponse): ListedPlace[] } | undefined;
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
export const isAbroad = (p: Place) => p.tags.includes('international');
