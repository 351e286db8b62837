// Mojeek, an independent crawler-based engine from the UK (www.mojeek.com/search).
// Docs: https://www.mojeek.com/support/api/search/request_parameters.html (the paid API shares
// the page's parameters). Terms: https://www.mojeek.com/about/terms — automated use of the
// page is not allowed without the API; blocks come back as HTTP 403 ("automated queries").
// Quirks: results are `ul.results-standard > li` with `a.ob` (the URL), `h2 a.title` and `p.s`;
// the time filter is since=YYYYMMDD; setting s=0 on the first page trips their rate limit
// (SearXNG's note), so s is only sent from page 2. Language and region ride in cookies lb/arc.

import type { Engine, EngineHit } from './types.js';
import { blocked, judged, loadHtml, httpUrl, parseEngineDate, squash } from './text.js';

const DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };

export const mojeek: Engine = {
  name: 'mojeek',
  urlSetting: 'SEARCH_MOJEEK_URL',
  weight: 1,
  about: {
    website: 'https://www.mojeek.com',
    docs: 'https://www.mojeek.com/support/api/search/request_parameters.html',
    results: 'HTML',
    terms: 'https://www.mojeek.com/about/terms (page scraping not allowed; API available)',
    quirks: 'since=YYYYMMDD time filter; never send s on page 1; HTTP 403 when it sees automation',
  },
  request(q, opts) {
    const p = new URLSearchParams({ q: q.q, safe: '0' });
    if (q.page > 1) p.set('s', String(10 * (q.page - 1) + 1));
    if (q.time) {
      const since = new Date(q.now.getTime() - DAYS[q.time] * 86_400_000);
      p.set('since', since.toISOString().slice(0, 10).replace(/-/g, ''));
    }
    return {
      url: `${opts.baseUrl}/search?${p}`,
      headers: { 'user-agent': opts.userAgent, cookie: `lb=${q.lang}; arc=${q.region}` },
    };
  },
  parse(page, q) {
    if (/automated queries|sending automated/i.test(page.body.slice(0, 20_000)) && !/results-standard/.test(page.body)) {
      throw blocked('mojeek', 'an automated-queries page');
    }
    const $ = loadHtml(page.body);
    const hits: EngineHit[] = [];
    const blocks = $('ul.results-standard > li');
    blocks.each((_, el) => {
      const r = $(el);
      const url = httpUrl(r.find('a.ob').attr('href') ?? r.find('h2 a').attr('href'));
      if (!url) return;
      const date = r.find('.date, .mdate').first().text();
      const published = date ? parseEngineDate(date, q.now) : undefined;
      hits.push({ url, title: squash(r.find('h2 a').first().text()), snippet: squash(r.find('p.s').first().text()), ...(published ? { published } : {}) });
    });
    // Its no-results page says "No pages found matching: <query>".
    const noResults = $('.no-results').length > 0 || /no pages found matching/i.test($('body').text());
    return judged('mojeek', hits, { items: blocks.length, container: $('ul.results-standard, .results').length > 0, noResults }, q.page);
  },
};
