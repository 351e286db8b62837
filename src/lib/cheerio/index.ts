// cheerio (with parse5 and its DOM libraries, the largest set of packages a start loaded), for
// the scraped pages' parsers: loaded by the first page parsed, not at start (core/lazy.ts,
// docs/decisions/start-up.md). One copy for every module: required here, never imported beside it.

import { lazyRequire } from '../../core/lazy.js';

/** The cheerio package, loaded on the first call. */
export const cheerio = lazyRequire<typeof import('cheerio')>('cheerio');
