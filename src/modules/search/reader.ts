// GET /s/<query>, Jina's s.jina.ai form of /search: the query in the path, /search's options as
// X- headers (src/core/http/header-options.ts), the results as Markdown unless the client asks
// for JSON.

import { headerOptions } from '../../core/http/header-options.js';
import { invalidParam } from '../../core/errors.js';
import { SearchQuery } from './schemas.js';
import type { SearchResponse } from './schemas.js';

/** /search's query as headers: the terms come from the path. */
export const searchHeaders = headerOptions(SearchQuery, ['q'], []);

/** The terms of /s/<terms>: percent-decoded, `+` a space as in a query string, the rest as written (a `?` too). */
export function searchTerms(tail: string): string {
  try {
    return decodeURIComponent(tail.replace(/\+/g, ' ')).trim();
  } catch {
    throw invalidParam('q', 'the search terms after /s/ are percent-encoded wrongly; encode them once with encodeURIComponent');
  }
}

/** The answer as Markdown: a numbered heading per result with its link, snippet and any page text. */
export function searchText(a: SearchResponse): string {
  if (a.results.length === 0) return `No results for ${a.query}.\n`;
  return a.results
    .map((r, i) => [`## ${i + 1}. [${r.title.replace(/[[\]]/g, '')}](${r.url})`, r.snippet, r.content].filter((x) => x !== undefined && x !== '').join('\n\n'))
    .join('\n\n');
}
