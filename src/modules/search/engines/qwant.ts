// Qwant, a French engine (own index plus Bing), through the JSON API its web app calls
// (api.qwant.com/v3/search/web), as SearXNG does.
// Docs: none public. Terms: https://about.qwant.com/legal/terms-of-service/ — no automated
// queries; blocks are HTTP 403/429 or {"status":"error","data":{"error_code":…}}.
// Quirks: count must be 10 for web results; locale is one of Qwant's (en_GB, en_US, fr_FR, …),
// others are refused, so unknown combinations fall back to en_GB; results sit in
// data.result.items.mainline[] blocks of type "web"; error_code 24 means "too many requests",
// and an error carrying a captchaUrl is a captcha. freshness=day is what the web app sends for
// "past day".

import type { Engine, EngineHit } from './types.js';
import { apiDate, blocked, htmlToText, httpUrl, judged, parseJson, unreadable } from './text.js';
import { UpstreamError } from '../../../core/upstream/index.js';

const LOCALES = new Set([
  'en_GB',
  'en_US',
  'en_CA',
  'en_AU',
  'en_IE',
  'en_NZ',
  'en_MY',
  'fr_FR',
  'fr_BE',
  'fr_CH',
  'fr_CA',
  'de_DE',
  'de_AT',
  'de_CH',
  'es_ES',
  'it_IT',
  'nl_NL',
  'pt_PT',
]);
const TIME: Record<string, string> = { day: 'day', week: 'week', month: 'month' };

interface QwantBody {
  status?: string;
  data?: {
    error_code?: number;
    error_data?: { captchaUrl?: string };
    result?: { items?: { mainline?: { type?: string; items?: { title?: string; url?: string; desc?: string; date?: number }[] }[] } };
  };
}

export const qwant: Engine = {
  name: 'qwant',
  urlSetting: 'SEARCH_QWANT_URL',
  weight: 1,
  about: {
    website: 'https://www.qwant.com',
    results: 'JSON',
    terms: 'https://about.qwant.com/legal/terms-of-service/ (no automated queries)',
    quirks: 'count fixed at 10; closed list of locales; error_code 24 = too many requests; captchaUrl = captcha',
  },
  request(q, opts) {
    const wanted = `${q.lang}_${q.region.toUpperCase()}`;
    const p = new URLSearchParams({
      q: q.q,
      count: '10',
      offset: String((q.page - 1) * 10),
      locale: LOCALES.has(wanted) ? wanted : 'en_GB',
      safesearch: '1',
      device: 'desktop',
      tgp: '3',
    });
    if (q.time && TIME[q.time]) p.set('freshness', TIME[q.time]);
    return { url: `${opts.baseUrl}/v3/search/web?${p}`, headers: { 'user-agent': opts.userAgent, accept: 'application/json' } };
  },
  parse(page, q) {
    const body = parseJson<QwantBody>('qwant', page.body);
    if (body.status !== 'success') {
      if (body.data?.error_data?.captchaUrl) throw blocked('qwant', 'a captcha');
      if (body.data?.error_code === 24) throw new UpstreamError('qwant', 'rate_limited', 'qwant answered "too many requests" (error 24)');
      throw unreadable('qwant', `error ${body.data?.error_code ?? 'without a code'}`);
    }
    const hits: EngineHit[] = [];
    const mainline = body.data?.result?.items?.mainline;
    let items = 0;
    for (const block of mainline ?? []) {
      if (block.type !== 'web') continue;
      items += block.items?.length ?? 0;
      for (const item of block.items ?? []) {
        const url = httpUrl(item.url);
        if (!url) continue;
        // `date` is seconds since the epoch when Qwant knows it (0 or absent otherwise).
        const published = apiDate(item.date ? item.date * 1000 : undefined, q.now);
        hits.push({ url, title: htmlToText(item.title), snippet: htmlToText(item.desc), ...(published ? { published } : {}) });
      }
    }
    // The API's own "nothing found" is a success with an empty mainline; no mainline at all is a changed answer.
    return judged('qwant', hits, { items, container: Array.isArray(mainline), noResults: Array.isArray(mainline) && items === 0 }, q.page);
  },
};
