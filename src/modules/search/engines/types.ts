// What every search engine file provides (as SearXNG engines do): an `about` block, a pure
// request builder and a pure parser. The service wires them to the upstream client.

import type { TextSetting, UpstreamRequest } from '../../../core/upstream/index.js';

/** How far back results may go; news=1 asks for `day`. */
export type TimeRange = 'day' | 'week' | 'month' | 'year';

/** One query as every engine receives it. */
export interface EngineQuery {
  q: string;
  /** 1-based result page. */
  page: number;
  time?: TimeRange;
  /** Two-letter country, lower case ("in"). */
  region: string;
  /** Two-letter language, lower case ("en"). */
  lang: string;
  /** The clock, for engines whose time filter is a date (Mojeek) and for "3 hours ago". */
  now: Date;
}

/** Per-deployment settings of an engine (base URL from its urlSetting, key from its keySetting). */
export interface EngineOptions {
  baseUrl: string;
  userAgent: string;
  apiKey?: string;
}

/** One result as an engine listed it. Title and snippet are plain text. */
export interface EngineHit {
  url: string;
  title: string;
  snippet: string;
  /** ISO timestamp when the engine showed a date ("3 hours ago", "Mar 8, 2022"). */
  published?: string;
}

/** What an engine's parser gets: the body and where it finally came from. */
export interface EnginePage {
  body: string;
  /** Final URL after redirects (captcha redirects show here). */
  url: string;
  status: number;
}

export interface EngineAbout {
  website: string;
  /** Documentation of the interface used, when there is one. */
  docs?: string;
  results: 'HTML' | 'JSON';
  /** What the engine's terms say about automated use, in one line. */
  terms: string;
  /** Markup or behaviour worth knowing before touching the parser. */
  quirks: string;
}

export interface Engine {
  /** Short name used in SEARCH_ENGINES, `engines` and `unresponsive_engines`. */
  readonly name: string;
  /** Setting that holds the base URL (its default is the row's, in src/config.ts). */
  readonly urlSetting: TextSetting;
  /** Setting that holds the engine's API key, when it has one. */
  readonly keySetting?: TextSetting;
  /**
   * Settings that must be set for the engine to be asked (an operator's instance, a key): such an
   * engine joins by being configured. Without them it is asked when SEARCH_ENGINES names it.
   */
  readonly needs?: readonly TextSetting[];
  readonly about: EngineAbout;
  /** Ranking weight (SearXNG's engine weight); 1 unless an engine is known to be better or worse. */
  readonly weight: number;
  request(q: EngineQuery, opts: EngineOptions): UpstreamRequest;
  /** Throws UpstreamError(name, 'blocked') on a captcha or block page. */
  parse(page: EnginePage, q: EngineQuery): EngineHit[];
}
