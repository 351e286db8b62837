// Yahoo web search, HTML results page (search.yahoo.com/search); results come from Bing's index
// but are ranked and snippeted by Yahoo, so it is a second opinion worth having.
// Docs: none. Terms: https://legal.yahoo.com/us/en/yahoo/terms/otos/index.html — no automated
// access; EU visitors are sent to consent.yahoo.com first (treated as a block).
// Quirks: results are `div.algo-sr` (also `div.algo`); the title anchor holds a breadcrumb
// span ("www.site.com › path") before the title (2022), or the title in @aria-label (2023+);
// links go through r.search.yahoo.com/…/RU=<encoded target>/RK=…; snippet in `.compText`,
// date in `span.fc-smoke` ("Mar 08, 2022 · "). Paging is b=<1-based offset>, day filter btf=d.

import type { Engine, EngineHit } from './types.js';
import { blocked, judged, loadHtml, httpUrl, parseEngineDate, squash, splitDatePrefix } from './text.js';

const TIME: Record<string, string> = { day: 'd', week: 'w', month: 'm' };

export const yahoo: Engine = {
  name: 'yahoo',
  urlSetting: 'SEARCH_YAHOO_URL',
  weight: 1,
  about: {
    website: 'https://search.yahoo.com',
    results: 'HTML',
    terms: 'https://legal.yahoo.com/us/en/yahoo/terms/otos/index.html (no automated access)',
    quirks: 'RU= redirect links; breadcrumb inside the title anchor (2022) or aria-label title (2023+); EU consent redirect',
  },
  request(q, opts) {
    const p = new URLSearchParams({ p: q.q, ei: 'UTF-8', fl: '1', vl: `lang_${q.lang}` });
    if (q.page > 1) p.set('b', String((q.page - 1) * 7 + 1));
    if (q.time && TIME[q.time]) p.set('btf', TIME[q.time]);
    return {
      url: `${opts.baseUrl}/search?${p}`,
      headers: { 'user-agent': opts.userAgent, 'accept-language': `${q.lang}-${q.region.toUpperCase()},${q.lang};q=0.8` },
    };
  },
  parse(page, q) {
    if (/(^|\.)consent\.yahoo\.com$/.test(new URL(page.url).hostname) || /guce\.yahoo\.com/.test(page.url)) {
      throw blocked('yahoo', 'a consent wall');
    }
    const $ = loadHtml(page.body);
    const hits: EngineHit[] = [];
    const blocks = $('div.algo-sr, div.algo').filter((_, el) => $(el).parents('div.algo-sr, div.algo').length === 0);
    blocks.each((_, el) => {
      const r = $(el);
      const a = r.find('h3 a').first();
      const url = unwrap(a.attr('href'));
      if (!url) return;
      let title = squash(a.attr('aria-label') ?? '');
      if (!title) {
        const c = a.clone();
        // The breadcrumb is a span with "›" or the bare host; what is left is the title.
        c.find('span').each((_, s) => {
          const txt = $(s).text();
          if (/›/.test(txt) || squash(txt) === new URL(url).hostname) $(s).remove();
        });
        title = squash(c.text()) || squash(a.text());
      }
      const body = r.find('.compText').first().clone();
      const dateEl = body.find('span.fc-smoke').first();
      let published = dateEl.length ? parseEngineDate(dateEl.text().replace(/·/g, ''), q.now) : undefined;
      if (published) dateEl.remove();
      let snippet = squash(body.text());
      if (!published) ({ text: snippet, published } = splitDatePrefix(snippet, q.now));
      hits.push({ url, title, snippet, ...(published ? { published } : {}) });
    });
    // Its no-results page says "We did not find results for: <query>" (a .compNoResult block).
    const noResults = $('.compNoResult, .zrp').length > 0 || /we did not find results for/i.test($('#web, #main, body').first().text());
    return judged('yahoo', hits, { items: blocks.length, container: $('#web, #results').length > 0, noResults }, q.page);
  },
};

/** r.search.yahoo.com/…/RU=<target>/RK=… → the target; ad clicks dropped. */
function unwrap(href: string | undefined): string | undefined {
  const abs = httpUrl(href, 'https://search.yahoo.com/');
  if (!abs) return undefined;
  const host = new URL(abs).hostname;
  if (host.endsWith('yahoo.com') || host.endsWith('bing.com')) {
    const m = /\/RU=([^/]+)\//.exec(abs);
    if (m && !/\/cbclk|aclick/.test(abs)) return httpUrl(decodeURIComponent(m[1]));
    return undefined;
  }
  return abs;
}
