// Startpage, which shows Google's results through its own servers (www.startpage.com/sp/search).
// Docs: none. Terms: https://www.startpage.com/en/terms-of-service/ — no automated queries;
// blocks redirect to /sp/captcha.
// Quirks: since 2023 the results are not in the markup but in the JSON argument of
// `React.createElement(UIStartpage.AppSerpWeb, {…})` (render.presenter.regions.mainline[]
// blocks; web results have display_type "web-google" and items {clickUrl, title, description},
// title/description may hold <b> markup). The JSON contains "})" inside strings, so it is cut
// with a string-aware brace scanner. Older pages had `.w-gl__result` blocks, kept as a fallback.
// Time filter: with_date=d|w|m|y.

import type { Engine, EngineHit } from './types.js';
import { blocked, judged, loadHtml, htmlToText, httpUrl, squash, splitDatePrefix, unreadable } from './text.js';

const MARKER = 'React.createElement(UIStartpage.AppSerpWeb,';
const TIME: Record<string, string> = { day: 'd', week: 'w', month: 'm', year: 'y' };
const LANGS: Record<string, string> = { en: 'english', hi: 'hindi', de: 'deutsch', fr: 'francais', es: 'espanol' };

export const startpage: Engine = {
  name: 'startpage',
  urlSetting: 'SEARCH_STARTPAGE_URL',
  weight: 1,
  about: {
    website: 'https://www.startpage.com',
    results: 'HTML',
    terms: 'https://www.startpage.com/en/terms-of-service/ (no automated queries)',
    quirks: 'results in a React bootstrap JSON, not markup; captcha via redirect to /sp/captcha',
  },
  request(q, opts) {
    const lang = LANGS[q.lang] ?? 'english';
    const p = new URLSearchParams({ query: q.q, cat: 'web', t: 'device', language: lang, lui: lang });
    if (q.page > 1) p.set('page', String(q.page));
    if (q.time) p.set('with_date', TIME[q.time]);
    return {
      url: `${opts.baseUrl}/sp/search?${p}`,
      headers: { 'user-agent': opts.userAgent, referer: `${opts.baseUrl}/`, 'accept-language': `${q.lang}-${q.region.toUpperCase()},${q.lang};q=0.8` },
    };
  },
  parse(page, q) {
    if (/\/sp\/captcha/.test(page.url) || /\/sp\/captcha/.test(page.body.slice(0, 5000))) throw blocked('startpage', 'a captcha');
    // Its no-results page says "No results found for <query>" / "did not match any documents".
    const noResults = /no (web )?results (were )?found|did not match any/i.test(page.body.replace(/<script[^]*?<\/script>/gi, ''));
    const data = payload(page.body);
    if (data) {
      const hits: EngineHit[] = [];
      const mainline = data.render?.presenter?.regions?.mainline;
      let items = 0;
      for (const block of mainline ?? []) {
        if (!block.display_type?.startsWith('web-')) continue;
        items += block.results?.length ?? 0;
        for (const item of block.results ?? []) {
          const url = httpUrl(String(item.clickUrl ?? item.url ?? ''));
          if (!url) continue;
          const { text, published } = splitDatePrefix(htmlToText(String(item.description ?? '')), q.now);
          hits.push({ url, title: htmlToText(String(item.title ?? '')), snippet: text, ...(published ? { published } : {}) });
        }
      }
      return judged('startpage', hits, { items, container: Array.isArray(mainline), noResults }, q.page);
    }
    const $ = loadHtml(page.body);
    const hits: EngineHit[] = [];
    const blocks = $('.w-gl__result, div.result');
    blocks.each((_, el) => {
      const r = $(el);
      const a = r.find('a.w-gl__result-title, a.result-title, h3 a, h2 a').first();
      const url = httpUrl(a.attr('href'));
      if (!url) return;
      const { text, published } = splitDatePrefix(squash(r.find('p.w-gl__description, p.description, p').first().text()), q.now);
      hits.push({ url, title: squash(r.find('h3, h2').first().text()) || squash(a.text()), snippet: text, ...(published ? { published } : {}) });
    });
    return judged('startpage', hits, { items: blocks.length, container: $('.w-gl, #main').length > 0, noResults }, q.page);
  },
};

interface Payload {
  render?: { presenter?: { regions?: { mainline?: { display_type?: string; results?: Record<string, unknown>[] }[] } } };
}

/**
 * The first marker occurrence followed by a complete JSON object (the marker text can also
 * appear in comments or inline strings). Undefined when the page has no marker; throws when
 * it has one but no readable object after it (a cut or changed page).
 */
function payload(body: string): Payload | undefined {
  let at = body.indexOf(MARKER);
  if (at < 0) return undefined;
  for (; at >= 0; at = body.indexOf(MARKER, at + MARKER.length)) {
    const start = body.indexOf('{', at + MARKER.length);
    const json = start >= 0 ? balancedObject(body, start) : undefined;
    if (!json) continue;
    try {
      return JSON.parse(json) as Payload;
    } catch {
      // Not this occurrence.
    }
  }
  throw unreadable('startpage', 'the result payload is cut off or not JSON');
}

/** The JSON object starting at `start`, found by counting braces outside strings. */
export function balancedObject(s: string, start: number): string | undefined {
  let depth = 0;
  let inStr = false;
  for (let i = start; i < s.length; i++) {
    const c = s[i];
    if (inStr) {
      if (c === '\\') i++;
      else if (c === '"') inStr = false;
    } else if (c === '"') inStr = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return s.slice(start, i + 1);
  }
  return undefined;
}
