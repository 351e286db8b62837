// The Brave Search API (api.search.brave.com), enabled when BRAVE_API_KEY is set; a paid,
// documented interface, so it is not blocked the way scraping is.
// Docs: https://api-dashboard.search.brave.com/app/documentation/web-search/get-started
// Terms: https://api-dashboard.search.brave.com/terms-of-service (per-plan quotas; 429 past them).
// Quirks: key in the X-Subscription-Token header; offset counts pages (0-9), not results;
// results in web.results[] with description holding <strong> markup; page_age is ISO.

import type { Engine, EngineHit } from './types.js';
import { apiDate, htmlToText, httpUrl, judged, parseJson } from './text.js';

const TIME: Record<string, string> = { day: 'pd', week: 'pw', month: 'pm', year: 'py' };

interface BraveApiBody {
  web?: { results?: { url?: string; title?: string; description?: string; page_age?: string }[] };
}

export const braveApi: Engine = {
  name: 'brave_api',
  urlSetting: 'SEARCH_BRAVE_API_URL',
  keySetting: 'BRAVE_API_KEY',
  needs: ['BRAVE_API_KEY'],
  weight: 1,
  about: {
    website: 'https://brave.com/search/api/',
    docs: 'https://api-dashboard.search.brave.com/app/documentation/web-search/get-started',
    results: 'JSON',
    terms: 'https://api-dashboard.search.brave.com/terms-of-service (plan quotas)',
    quirks: 'X-Subscription-Token header; offset is a page index',
  },
  request(q, opts) {
    const p = new URLSearchParams({ q: q.q, count: '20', country: q.region, search_lang: q.lang, safesearch: 'moderate' });
    if (q.page > 1) p.set('offset', String(q.page - 1));
    if (q.time) p.set('freshness', TIME[q.time]);
    return { url: `${opts.baseUrl}/res/v1/web/search?${p}`, headers: { accept: 'application/json', 'x-subscription-token': opts.apiKey ?? '' } };
  },
  parse(page, q) {
    const body = parseJson<BraveApiBody>('brave_api', page.body);
    const hits: EngineHit[] = [];
    for (const r of body.web?.results ?? []) {
      const url = httpUrl(r.url);
      if (!url) continue;
      const published = apiDate(r.page_age, q.now);
      hits.push({ url, title: htmlToText(r.title), snippet: htmlToText(r.description), ...(published ? { published } : {}) });
    }
    // No `web` section (or an empty list) is how the API says "nothing found"; results without a readable URL are not.
    const results = body.web?.results ?? [];
    return judged('brave_api', hits, { items: results.length, container: true, noResults: results.length === 0 }, q.page);
  },
};
