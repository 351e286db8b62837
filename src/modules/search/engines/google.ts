// Google web search, HTML results page (www.google.com/search). Off by default: since early
// 2025 Google answers clients without JavaScript with an "enable JavaScript" page or a
// captcha (/sorry/), so it only helps from networks where it still serves results.
// Docs: none for the page (https://developers.google.com/custom-search is the paid API).
// Terms: https://policies.google.com/terms — no automated queries.
// Quirks: markup changes often (serp-parser's 2023 captures use div.g/.VwiC3b, the mobile
// ones div.MjjYud with snippets in div[style*=line-clamp]); the stable parts are a result link that contains an <h3>,
// either a direct link (desktop) or /url?q=<target> (no-JS and mobile pages), and the
// result block around it (`div.g`, `div.MjjYud`, `div.Gx5Zad`). Snippets are `.VwiC3b`
// (2021+ desktop), `[data-sncf]` (2023), `div.BNeawe.s3v9rd` (no-JS). Day filter: tbs=qdr:d.

import type { Engine, EngineHit } from './types.js';
import { blocked, judged, loadHtml, httpUrl, queryParam, squash, splitDatePrefix } from './text.js';

const TIME: Record<string, string> = { day: 'qdr:d', week: 'qdr:w', month: 'qdr:m', year: 'qdr:y' };

export const google: Engine = {
  name: 'google',
  urlSetting: 'SEARCH_GOOGLE_URL',
  weight: 1,
  about: {
    website: 'https://www.google.com',
    results: 'HTML',
    terms: 'https://policies.google.com/terms (no automated queries)',
    quirks: 'often demands JavaScript or a captcha (/sorry/); /url?q= links on no-JS pages; class names change often',
  },
  request(q, opts) {
    const p = new URLSearchParams({ q: q.q, hl: q.lang, gl: q.region, ie: 'utf8', oe: 'utf8', filter: '0' });
    if (q.page > 1) p.set('start', String((q.page - 1) * 10));
    if (q.time) p.set('tbs', TIME[q.time]);
    return {
      url: `${opts.baseUrl}/search?${p}`,
      headers: { 'user-agent': opts.userAgent, 'accept-language': `${q.lang}-${q.region.toUpperCase()},${q.lang};q=0.8`, cookie: 'CONSENT=YES+' },
    };
  },
  parse(page, q) {
    const $ = loadHtml(page.body);
    if (
      /\/sorry\//.test(page.url) ||
      $('#captcha-form, form#captcha, #recaptcha, .g-recaptcha').length ||
      /unusual traffic from your computer/i.test(page.body.slice(0, 50_000))
    ) {
      throw blocked('google', 'a captcha');
    }
    if ($('h3').length === 0 && /enablejs|httpservice\/retry/.test(page.body)) throw blocked('google', 'a "turn on JavaScript" page');
    const hits: EngineHit[] = [];
    const seen = new Set<string>();
    // Organic results sit in div.g (desktop) or div.Gx5Zad (no-JS); other h3 links are
    // panels, "people also ask", carousels and maps. Pages with neither use every h3 link.
    const organic = $('div.g a:has(h3), div.Gx5Zad a:has(h3)');
    const anchors = organic.length ? organic : $('a:has(h3)');
    anchors.each((_, el) => {
      const a = $(el);
      if (a.closest('#rhs, .related-question-pair, g-inner-card, g-scrolling-carousel').length) return;
      const url = unwrap(a.attr('href'));
      if (!url || seen.has(url)) return;
      seen.add(url);
      const block = a.closest('div.g, div.Gx5Zad, div.MjjYud');
      const container = block.length ? block : a.parent().parent();
      const raw = squash(container.find('.VwiC3b, [data-sncf="1"], [data-sncf], div.BNeawe.s3v9rd, .IsZvec, .st').first().text());
      const { text, published } = splitDatePrefix(raw, q.now);
      hits.push({ url, title: squash(a.find('h3').first().text()), snippet: text, ...(published ? { published } : {}) });
    });
    // "Your search - … - did not match any documents." (older and no-JS pages), or "No results found for".
    const noResults = /did not match any documents|no results found for/i.test($('#topstuff, #res, #main, body').first().text());
    return judged('google', hits, { items: anchors.length, container: $('#search, #rso').length > 0, noResults }, q.page);
  },
};

/** Direct links, or /url?q=<target>; links into Google itself are dropped. */
function unwrap(href: string | undefined): string | undefined {
  const abs = httpUrl(href, 'https://www.google.com/');
  if (!abs) return undefined;
  const u = new URL(abs);
  if (/(^|\.)google\.[a-z.]+$/.test(u.hostname)) {
    if (u.pathname === '/url') return httpUrl(queryParam(abs, 'q') ?? queryParam(abs, 'url'));
    // Google's own result pages, settings and image viewer are navigation, not results.
    if (/^\/(search|imgres|setprefs|preferences|advanced_search|webhp|sorry)\b/.test(u.pathname)) return undefined;
  }
  return abs;
}
