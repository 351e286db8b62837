// DuckDuckGo, its no-JavaScript HTML endpoint (html.duckduckgo.com/html/), the one SearXNG uses.
// Docs: none for this endpoint (https://duckduckgo.com/duckduckgo-help-pages/settings/params for
// the kl/df parameters). Terms: https://duckduckgo.com/terms — no published policy on automated
// queries; heavy use gets an "anomaly" challenge page.
// Quirks: the form is POSTed; results are `.result` blocks with `a.result__a` (sometimes a
// //duckduckgo.com/l/?uddg=<target> redirect) and `.result__snippet`; ads are `.result--ad`
// and link to duckduckgo.com/y.js. Bot checks come back as HTTP 202 with a challenge form.
// The rendered duckduckgo.com page of 2019 (se-scraper captures) used the same class names,
// with the date in `span.result__date` inside the snippet. No results: `div.no-results`
// ("No results.") in the `#links` list; a page with neither is a stale parser (`parse`).

import type { Engine, EngineHit } from './types.js';
import { blocked, judged, loadHtml, httpUrl, parseEngineDate, queryParam, squash } from './text.js';

const TIME: Record<string, string> = { day: 'd', week: 'w', month: 'm', year: 'y' };

export const duckduckgo: Engine = {
  name: 'duckduckgo',
  urlSetting: 'SEARCH_DUCKDUCKGO_URL',
  weight: 1,
  about: {
    website: 'https://duckduckgo.com',
    results: 'HTML',
    terms: 'https://duckduckgo.com/terms (no published policy for automated queries)',
    quirks: 'POST form; uddg redirect links; ads via y.js; HTTP 202 + challenge form when it suspects a bot',
  },
  request(q, opts) {
    const form = new URLSearchParams({ q: q.q, b: '', kl: `${q.region}-${q.lang}` });
    if (q.time) form.set('df', TIME[q.time]);
    if (q.page > 1) {
      // The HTML endpoint pages by offset: 10 on the first page, then 15 more per page.
      const s = 10 + (q.page - 2) * 15;
      form.set('s', String(s));
      form.set('dc', String(s + 1));
      form.set('nextParams', '');
      form.set('v', 'l');
      form.set('o', 'json');
      form.set('api', 'd.js');
    }
    return {
      url: `${opts.baseUrl}/html/`,
      method: 'POST',
      body: form.toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': opts.userAgent,
        'accept-language': `${q.lang}-${q.region.toUpperCase()},${q.lang};q=0.8`,
        referer: `${opts.baseUrl}/`,
      },
    };
  },
  parse(page, q) {
    const $ = loadHtml(page.body);
    if ($('form#challenge-form, .anomaly-modal__title, #anomaly-modal').length || /bots use DuckDuckGo too/i.test(page.body)) {
      throw blocked('duckduckgo', 'a bot challenge');
    }
    const hits: EngineHit[] = [];
    // Organic blocks (not ads, "more", or the no-results block), whether readable or not.
    const blocks = $('.result').not('.result--ad, .result--more, .result--no-result');
    blocks.each((_, el) => {
      const r = $(el);
      if (r.find('.result__a').length === 0) return;
      const a = r.find('a.result__a').first();
      const url = unwrap(a.attr('href'));
      if (!url) return;
      const sn = r.find('.result__snippet').first().clone();
      const dateEl = sn.find('.result__date');
      const published = dateEl.length ? parseEngineDate(dateEl.text(), q.now) : undefined;
      dateEl.remove();
      hits.push({ url, title: squash(a.text()), snippet: squash(sn.text()), ...(published ? { published } : {}) });
    });
    // "No results." is a div.no-results (in a .result--no-result block) inside #links.
    const shape = { items: blocks.length, container: $('#links, div.results').length > 0, noResults: $('.no-results, .result--no-result').length > 0 };
    return judged('duckduckgo', hits, shape, q.page);
  },
};

/** Direct links, or the //duckduckgo.com/l/?uddg=<target> redirect; ads (y.js) are dropped. */
function unwrap(href: string | undefined): string | undefined {
  if (!href) return undefined;
  const abs = httpUrl(href, 'https://duckduckgo.com/');
  if (!abs) return undefined;
  const host = new URL(abs).hostname;
  if (host.endsWith('duckduckgo.com')) {
    const target = queryParam(abs, 'uddg');
    return target ? httpUrl(target) : undefined;
  }
  return abs;
}
