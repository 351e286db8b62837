// Test and benchmark support (not used by the service): local HTTP servers that answer like
// each engine, with the markup of the constructed fixtures, for any list of results and at
// a chosen latency. Tests point SEARCH_<ENGINE>_URL at them. No hits renders the engine's
// own no-results notice (an empty list without it is a stale parser: `parse`).

import { fakeUpstream, type FakeResponse, type FakeUpstream, type RecordedRequest } from '../../../../test/helpers/fake-upstream.js';

export interface FakeHit {
  url: string;
  title: string;
  snippet: string;
  /** Printed before the snippet as the engine does ("3 hours ago", "Mar 8, 2022"). */
  date?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const b64url = (s: string) => Buffer.from(s).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** The search path each engine is asked on, and a page of results in its markup. */
export const RENDER: Record<string, { path: string; render(hits: FakeHit[]): { body: string; type: string } }> = {
  duckduckgo: {
    path: '/html/',
    render: (hits) =>
      html(
        hits.length === 0
          ? '<div id="links"><div class="result result--no-result"><div class="no-results">No results.</div></div></div>'
          : hits
              .map(
                (h) =>
                  `<div class="result results_links web-result"><h2 class="result__title"><a class="result__a" href="//duckduckgo.com/l/?uddg=${encodeURIComponent(h.url)}">${esc(h.title)}</a></h2><a class="result__snippet">${esc(h.snippet)}</a></div>`,
              )
              .join(''),
      ),
  },
  bing: {
    path: '/search',
    render: (hits) =>
      html(
        `<ol id="b_results">${hits.length === 0 ? '<li class="b_no"><h1>There are no results</h1></li>' : ''}${hits.map((h) => `<li class="b_algo"><h2><a href="https://www.bing.com/ck/a?!&amp;&amp;p=1&amp;u=a1${b64url(h.url)}&amp;ntb=1">${esc(h.title)}</a></h2><div class="b_caption"><p class="b_lineclamp2">${h.date ? `<span class="news_dt">${esc(h.date)}</span>&nbsp;&#0183; ` : ''}${esc(h.snippet)}</p></div></li>`).join('')}</ol>`,
      ),
  },
  brave: {
    path: '/search',
    render: (hits) =>
      html(
        hits.length === 0
          ? '<div id="results"><div class="no-results">Not many great matches came back for your search</div></div>'
          : hits
              .map(
                (h) =>
                  `<div class="snippet" data-type="web"><div class="result-content"><a class="l1" href="${esc(h.url)}"><div class="title search-snippet-title">${esc(h.title)}</div></a><div class="generic-snippet"><div class="content">${h.date ? `${esc(h.date)} - ` : ''}${esc(h.snippet)}</div></div></div></div>`,
              )
              .join(''),
      ),
  },
  mojeek: {
    path: '/search',
    render: (hits) =>
      html(
        `${hits.length === 0 ? '<p class="no-results">No pages found matching</p>' : ''}<ul class="results-standard">${hits.map((h) => `<li><a class="ob" href="${esc(h.url)}"></a><h2><a class="title" href="${esc(h.url)}">${esc(h.title)}</a></h2><p class="s">${esc(h.snippet)}</p></li>`).join('')}</ul>`,
      ),
  },
  startpage: {
    path: '/sp/search',
    render: (hits) => {
      const data = {
        render: {
          presenter: {
            regions: {
              mainline: [
                {
                  display_type: 'web-google',
                  results: hits.map((h) => ({ clickUrl: h.url, title: esc(h.title), description: `${h.date ? `${h.date} ... ` : ''}${esc(h.snippet)}` })),
                },
              ],
            },
          },
        },
      };
      return html(
        `${hits.length === 0 ? '<p>No results found</p>' : ''}<script>React.createElement(UIStartpage.AppSerpWeb, ${JSON.stringify(data).replace(/</g, '\\u003c')}).render();</script>`,
      );
    },
  },
  yahoo: {
    path: '/search',
    render: (hits) =>
      html(
        `<div id="web">${hits.length === 0 ? '<div class="compNoResult">We did not find results for</div>' : ''}<ol>${hits.map((h) => `<li><div class="dd algo algo-sr"><h3 class="title"><a href="https://r.search.yahoo.com/_ylt=x/RV=2/RE=1/RO=10/RU=${encodeURIComponent(h.url)}/RK=2/RS=x-" aria-label="${esc(h.title)}">${esc(h.title)}</a></h3><div class="compText"><p>${h.date ? `<span class="fc-smoke">${esc(h.date)} · </span>` : ''}${esc(h.snippet)}</p></div></div></li>`).join('')}</ol></div>`,
      ),
  },
  qwant: {
    path: '/v3/search/web',
    render: (hits) => ({
      type: 'application/json',
      body: JSON.stringify({
        status: 'success',
        data: { result: { items: { mainline: [{ type: 'web', items: hits.map((h) => ({ title: h.title, url: h.url, desc: h.snippet })) }] } } },
      }),
    }),
  },
  google: {
    path: '/search',
    render: (hits) =>
      html(
        hits.length === 0
          ? '<div id="topstuff">Your search did not match any documents.</div>'
          : hits
              .map(
                (h) =>
                  `<div class="g"><a href="${esc(h.url)}"><h3>${esc(h.title)}</h3></a><div class="VwiC3b">${h.date ? `${esc(h.date)} — ` : ''}${esc(h.snippet)}</div></div>`,
              )
              .join(''),
      ),
  },
};

function html(inner: string) {
  return { type: 'text/html; charset=utf-8', body: `<!DOCTYPE html><html><head><title>results</title></head><body>${inner}</body></html>` };
}

export interface FakeEngineOptions {
  hits?: FakeHit[] | ((req: RecordedRequest) => FakeHit[]);
  delayMs?: number;
  hang?: boolean;
  /** Answer with this status (403, 429, 503) instead of results. */
  status?: number;
  /** Answer with this body instead (a captcha page). */
  body?: string;
}

/** One fake engine server. */
export async function fakeEngine(name: string, o: FakeEngineOptions = {}): Promise<FakeUpstream> {
  const r = RENDER[name];
  return fakeUpstream({
    [`* ${r.path}`]: (req): FakeResponse => {
      if (o.hang) return { hang: true };
      if (o.status) return { status: o.status, delayMs: o.delayMs, body: 'no' };
      if (o.body !== undefined) return { status: 200, delayMs: o.delayMs, headers: { 'content-type': 'text/html' }, body: o.body };
      const hits = typeof o.hits === 'function' ? o.hits(req) : (o.hits ?? []);
      const page = r.render(hits);
      return { status: 200, delayMs: o.delayMs, headers: { 'content-type': page.type }, body: page.body };
    },
  });
}

/** Several fake engines; `env` points the service at them and enables exactly these. */
export async function fakeEngines(spec: Record<string, FakeEngineOptions>) {
  const servers: Record<string, FakeUpstream> = {};
  for (const [name, o] of Object.entries(spec)) servers[name] = await fakeEngine(name, o);
  const env: Record<string, string> = { SEARCH_ENGINES: Object.keys(spec).join(',') };
  for (const [name, s] of Object.entries(servers)) env[`SEARCH_${name.toUpperCase()}_URL`] = s.url;
  return {
    servers,
    env,
    close: () => Promise.all(Object.values(servers).map((s) => s.close())).then(() => undefined),
  };
}
