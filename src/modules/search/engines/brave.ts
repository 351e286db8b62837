// Brave Search, HTML results page (search.brave.com/search). The Brave Search API is a
// separate engine (brave-api.ts) for deployments with a key.
// Docs: none for the page. Terms: https://search.brave.com/help/terms-of-service — scraping is
// not allowed; heavy use gets a captcha (PoW) page or HTTP 429.
// Quirks: each web result is `div.snippet[data-type="web"]`. 2022 markup: `a.result-header`
// with `span.snippet-title`, `p.snippet-description`, and "cluster" sub-results nested inside
// (we keep only the top-level result, as SearXNG does). 2024+ markup (svelte): `a.l1` with
// `div.title.search-snippet-title`, snippet in `div.generic-snippet div.content`. Snippets
// start with a date ("February 9, 2022 -", "1 week ago -"). Settings travel in cookies;
// br encoding is avoided (SearXNG saw truncated br bodies).

import type { Engine, EngineHit } from './types.js';
import { blocked, judged, loadHtml, httpUrl, squash, splitDatePrefix } from './text.js';

const TIME: Record<string, string> = { day: 'pd', week: 'pw', month: 'pm', year: 'py' };

export const brave: Engine = {
  name: 'brave',
  urlSetting: 'SEARCH_BRAVE_URL',
  weight: 1,
  about: {
    website: 'https://search.brave.com',
    results: 'HTML',
    terms: 'https://search.brave.com/help/terms-of-service (no scraping; captcha/429 under load)',
    quirks: 'settings in cookies; top-level div.snippet[data-type=web]; date prefix in snippets; markup changed 2022→2024',
  },
  request(q, opts) {
    const p = new URLSearchParams({ q: q.q, source: 'web' });
    if (q.page > 1) p.set('offset', String(q.page - 1));
    if (q.time) p.set('tf', TIME[q.time]);
    return {
      url: `${opts.baseUrl}/search?${p}`,
      headers: {
        'user-agent': opts.userAgent,
        'accept-encoding': 'gzip, deflate',
        'accept-language': `${q.lang}-${q.region.toUpperCase()},${q.lang};q=0.8`,
        cookie: `safesearch=moderate; useLocation=0; summary=0; country=${q.region}; ui_lang=${q.lang}-${q.region}`,
      },
    };
  },
  parse(page, q) {
    const $ = loadHtml(page.body);
    const title = $('title').text();
    if (/captcha/i.test(title) || /\/captcha/i.test(new URL(page.url).pathname) || $('#captcha, form[action*="captcha" i]').length) {
      throw blocked('brave', 'a captcha');
    }
    let blocks = $('div.snippet[data-type="web"]');
    if (blocks.length === 0) blocks = $('#results div.snippet').filter((_, el) => $(el).parents('.snippet').length === 0);
    const hits: EngineHit[] = [];
    blocks.each((_, el) => {
      const r = $(el).clone();
      r.find('.result-cluster, .deep-results, .favicon-wrapper, .site-name-wrapper').remove();
      const a = r.find('a.result-header, a.l1, .result-content > a[href]').first();
      const anchor = a.length ? a : r.find('a[href^="http"]').first();
      const url = httpUrl(anchor.attr('href'));
      if (!url || new URL(url).hostname.endsWith('search.brave.com')) return;
      const t = squash(r.find('.snippet-title, .search-snippet-title, .title').first().text()) || squash(anchor.text());
      if (!t) return;
      const raw = squash(r.find('.snippet-description, .generic-snippet .content, .generic-snippet, .snippet-content').first().text());
      const { text, published } = splitDatePrefix(raw, q.now);
      hits.push({ url, title: t, snippet: text, ...(published ? { published } : {}) });
    });
    // Its no-results page says "Not many great matches came back for your search" (or "No results found").
    const noResults = $('#no-results, .no-results').length > 0 || /not many great matches|no results found/i.test($('#results, main').first().text());
    return judged('brave', hits, { items: blocks.length, container: $('#results').length > 0, noResults }, q.page);
  },
};
