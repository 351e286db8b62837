// Bing web search, HTML results page (www.bing.com/search).
// Docs: none for the HTML page (the paid API was retired in 2025). Terms:
// https://www.microsoft.com/servicesagreement — automated querying is not permitted; we ask
// as little as a person would (one page per query) and back off on any sign of a block.
// Quirks: results are `li.b_algo` in `#b_results` with `h2 a`; links are often
// bing.com/ck/a?…&u=a1<base64url target>; the snippet is the first `.b_caption p` (older) or
// `p.b_lineclamp*` / `.b_algoSlug` (2023+), with the date in `span.news_dt` and a
// "WEB" label (`span.algoSlug_icon`) inside. Market is set with the _EDGE_CD/_EDGE_S cookies;
// the day filter is filters=ex1:"ez1". A captcha page carries #b_captcha or a /captcha form.
// No results: an `li.b_no` ("There are no results for …") in #b_results.

import type { Engine, EngineHit } from './types.js';
import { blocked, judged, loadHtml, httpUrl, parseEngineDate, squash, splitDatePrefix } from './text.js';

const TIME: Record<string, string> = { day: 'ex1:"ez1"', week: 'ex1:"ez2"', month: 'ex1:"ez3"' };

export const bing: Engine = {
  name: 'bing',
  urlSetting: 'SEARCH_BING_URL',
  weight: 1,
  about: {
    website: 'https://www.bing.com',
    results: 'HTML',
    terms: 'https://www.microsoft.com/servicesagreement (no automated querying)',
    quirks: 'ck/a redirect links with base64url targets; market via _EDGE_* cookies; captcha page with #b_captcha',
  },
  request(q, opts) {
    const p = new URLSearchParams({ q: q.q, form: 'QBLH', setlang: q.lang, cc: q.region });
    if (q.page > 1) p.set('first', String((q.page - 1) * 10 + 1));
    if (q.time && TIME[q.time]) p.set('filters', TIME[q.time]);
    const mkt = `${q.lang}-${q.region}`;
    return {
      url: `${opts.baseUrl}/search?${p}`,
      headers: {
        'user-agent': opts.userAgent,
        'accept-language': `${q.lang}-${q.region.toUpperCase()},${q.lang};q=0.8`,
        cookie: `_EDGE_CD=m=${mkt}&u=${mkt}; _EDGE_S=mkt=${mkt}&ui=${mkt}`,
      },
    };
  },
  parse(page, q) {
    const $ = loadHtml(page.body);
    if (/\/captcha\b/i.test(new URL(page.url).pathname) || $('#b_captcha, .b_captcha, form[action*="captcha" i]').length) {
      throw blocked('bing', 'a captcha');
    }
    const hits: EngineHit[] = [];
    const blocks = $('#b_results li.b_algo, ol li.b_algo');
    blocks.each((_, el) => {
      const r = $(el);
      const a = r.find('h2 a').first();
      const url = unwrap(a.attr('href'));
      if (!url) return;
      const p = r.find('.b_caption p, p[class*="b_lineclamp"], .b_algoSlug, .b_snippet').first().clone();
      p.find('.algoSlug_icon').remove();
      const dateEl = p.find('.news_dt');
      let published = dateEl.length ? parseEngineDate(dateEl.text(), q.now) : undefined;
      dateEl.remove();
      let snippet = squash(p.text()).replace(/^·\s*/, '');
      if (!published) ({ text: snippet, published } = splitDatePrefix(snippet, q.now));
      hits.push({ url, title: squash(a.text()), snippet, ...(published ? { published } : {}) });
    });
    // The same page can list a result twice (a deep link repeated); keep the first.
    const seen = new Set<string>();
    const unique = hits.filter((h) => !seen.has(h.url) && seen.add(h.url));
    // "There are no results for …" is an li.b_no in #b_results.
    return judged('bing', unique, { items: blocks.length, container: $('#b_results').length > 0, noResults: $('.b_no').length > 0 }, q.page);
  },
};

/** bing.com/ck/a?…&u=a1<base64url> → the target; other links as they are. */
function unwrap(href: string | undefined): string | undefined {
  const abs = httpUrl(href, 'https://www.bing.com/');
  if (!abs) return undefined;
  const u = new URL(abs);
  if (u.hostname.endsWith('bing.com')) {
    const enc = u.searchParams.get('u');
    if (u.pathname.startsWith('/ck/') && enc?.startsWith('a1')) {
      const target = Buffer.from(enc.slice(2).replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
      return httpUrl(target);
    }
    // Links to Bing itself are only kept when Bing is the answer (a query for "bing").
    return u.pathname.startsWith('/search') || u.pathname.startsWith('/aclick') ? undefined : abs;
  }
  return abs;
}
