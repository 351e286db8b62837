// A SearXNG instance of the operator's (SEARXNG_URL), through its JSON API: it adds the
// engines that instance queries as one more voice. Enabled only when SEARXNG_URL is set.
// Docs: https://docs.searxng.org/dev/search_api.html — the instance must list "json" under
// search.formats in its settings.yml, or it answers 403.
// Quirks: results already merged by the instance; publishedDate is ISO or null; time_range=day.

import type { Engine, EngineHit } from './types.js';
import { apiDate, htmlToText, httpUrl, judged, parseJson } from './text.js';

interface SearxBody {
  results?: { url?: string; title?: string; content?: string; publishedDate?: string | null }[];
}

export const searxng: Engine = {
  name: 'searxng',
  urlSetting: 'SEARXNG_URL',
  needs: ['SEARXNG_URL'],
  weight: 1,
  about: {
    website: 'https://docs.searxng.org',
    docs: 'https://docs.searxng.org/dev/search_api.html',
    results: 'JSON',
    terms: "the operator's own instance",
    quirks: 'format=json must be enabled on the instance (403 otherwise)',
  },
  request(q, opts) {
    const p = new URLSearchParams({ q: q.q, format: 'json', pageno: String(q.page), language: `${q.lang}-${q.region.toUpperCase()}`, categories: 'general' });
    if (q.time) p.set('time_range', q.time);
    return { url: `${opts.baseUrl}/search?${p}`, headers: { accept: 'application/json' } };
  },
  parse(page, q) {
    const body = parseJson<SearxBody>('searxng', page.body, 'is format=json enabled on the instance?');
    const hits: EngineHit[] = [];
    for (const r of body.results ?? []) {
      const url = httpUrl(r.url);
      if (!url) continue;
      const published = apiDate(r.publishedDate, q.now);
      hits.push({ url, title: htmlToText(r.title), snippet: htmlToText(r.content), ...(published ? { published } : {}) });
    }
    // An empty results array is the API saying "nothing found"; no array at all is not its answer.
    const listed = Array.isArray(body.results);
    return judged('searxng', hits, { items: body.results?.length ?? 0, container: listed, noResults: listed && !body.results?.length }, q.page);
  },
};
