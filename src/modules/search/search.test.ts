import { describe, expect, it } from 'vitest';
import { fakeUpstream } from '../../../test/helpers/fake-upstream.js';
import type { FakeHit } from './testing/fake-engines.js';
import { fixture } from './testing/pages.js';
import { searchApps } from './testing/app.js';
import { RESULT_PAGE_MAX_BYTES } from './service.js';

const { cleanups, setup } = searchApps();

const IMD: FakeHit = {
  url: 'https://mausam.imd.gov.in/thiruvananthapuram/',
  title: 'Meteorological Centre Thiruvananthapuram',
  snippet: 'Daily monsoon bulletin for Kerala.',
};
const WIKI: FakeHit = {
  url: 'https://en.wikipedia.org/wiki/Monsoon_of_South_Asia',
  title: 'Monsoon of South Asia - Wikipedia',
  snippet: 'The monsoon reaches Kerala around 1 June.',
};
const PIN: FakeHit = { url: 'https://in.pinterest.com/pin/1/', title: 'Monsoon pins', snippet: 'Pictures.' };
const hitN = (i: number): FakeHit => ({ url: `https://site${i}.example/page`, title: `Site ${i} & co`, snippet: `Snippet ${i}` });

describe('GET /search', () => {
  it('merges the same URL from several engines into one result, ranked by agreement', async () => {
    const { get } = await setup({
      duckduckgo: { hits: [hitN(1), { ...IMD, url: 'http://www.mausam.imd.gov.in/thiruvananthapuram?utm_source=ddg' }] },
      bing: { hits: [WIKI, IMD, PIN] },
      brave: { hits: [IMD, hitN(2)] },
    });
    const { status, body } = await get('/search?q=kerala+monsoon');
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, query: 'kerala monsoon', deep: false, sources_read: 0, cached: false, unresponsive_engines: [] });
    expect(body.results[0]).toEqual({ title: IMD.title, url: IMD.url, snippet: IMD.snippet, engines: ['duckduckgo', 'bing', 'brave'], agreement: 3 });
    expect(body.results.map((r: { url: string }) => r.url)).not.toContain(PIN.url);
    expect(body.count).toBe(body.results.length);
    expect(body.count).toBe(4);
    expect(body.results.find((r: { url: string }) => r.url === 'https://site1.example/page').title).toBe('Site 1 & co');
    expect(typeof body.took_ms).toBe('number');
  });

  it('answers the /v1/search alias the same way and honours limit', async () => {
    const { get } = await setup({ bing: { hits: Array.from({ length: 12 }, (_, i) => hitN(i + 1)) } });
    const { status, body } = await get('/v1/search?q=sites&limit=5');
    expect(status).toBe(200);
    expect(body.count).toBe(5);
    expect(body.results[0].url).toBe('https://site1.example/page');
  });

  it('serves a repeated query from the cache without asking the engines again', async () => {
    const { get, fakes } = await setup({ bing: { hits: [WIKI] } });
    expect((await get('/search?q=monsoon')).body.cached).toBe(false);
    const again = await get('/search?q=Monsoon&limit=3');
    expect(again.body.cached).toBe(true);
    expect(again.body.results[0].url).toBe(WIKI.url);
    expect(fakes.servers.bing.requests).toHaveLength(1);
  });

  it('serves the last answer flagged stale when the engines fail after it expired', async () => {
    const { get, fakes } = await setup({ bing: { hits: [WIKI] } }, { SEARCH_CACHE_TTL_MS: '1' });
    expect((await get('/search?q=monsoon')).body.cached).toBe(false);
    await new Promise((r) => setTimeout(r, 20));
    fakes.servers.bing.set('* /search', { status: 503, body: 'down' });
    const { status, body } = await get('/search?q=monsoon');
    expect(status).toBe(200);
    expect(body).toMatchObject({ cached: true, stale: true });
    expect(body.results[0].url).toBe(WIKI.url);
  });

  it('rejects bad parameters with a 400 in the web envelope naming the parameter', async () => {
    const { get } = await setup({ bing: { hits: [WIKI] } });
    for (const [url, param] of [
      ['/search', 'q'],
      ['/search?q=a', 'q'],
      ['/search?q=%20%20%20', 'q'],
      [`/search?q=${'x'.repeat(401)}`, 'q'],
      ['/search?q=ok&limit=31', 'limit'],
      ['/search?q=ok&pages=9', 'pages'],
      ['/search?q=ok&news=2', 'news'],
      ['/search?q=ok&format=xml', 'format'],
    ]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(400);
      expect(body, url).toMatchObject({ success: false, code: 'INVALID_PARAMETER', param });
      expect(typeof body.error).toBe('string');
    }
  });

  it('lists blocked, rate-limited and late engines, answers by the deadline, and suspends them', async () => {
    const { get, fakes } = await setup(
      {
        duckduckgo: { hits: [WIKI] },
        bing: { body: fixture('bing-captcha.html') },
        brave: { status: 429 },
        mojeek: { hang: true },
        yahoo: { status: 403 },
      },
      // One upstream call may take two minutes: only the search's own deadline ends mojeek's hang
      // sooner. 10 s, not less: the other four engines must answer within it on a loaded machine.
      { SEARCH_DEADLINE_MS: '10000', UPSTREAM_TIMEOUT_MS: '120000' },
    );
    const started = Date.now();
    const first = await get('/search?q=kerala+monsoon');
    // A hang guard, not a speed test: the answer comes at the 10 s deadline; a search that
    // waited for mojeek would take the 120 s call timeout (or hang), 60 s is far from both.
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(first.status).toBe(200);
    expect(first.body.results.map((r: { url: string }) => r.url)).toEqual([WIKI.url]);
    const reasons = Object.fromEntries(first.body.unresponsive_engines.map((u: { engine: string; reason: string }) => [u.engine, u.reason]));
    expect(reasons).toEqual({ bing: 'blocked', brave: 'rate_limited', mojeek: 'timeout', yahoo: 'blocked' });

    const second = await get('/search?q=another+query');
    const again = Object.fromEntries(second.body.unresponsive_engines.map((u: { engine: string; reason: string }) => [u.engine, u.reason]));
    expect(again).toEqual({ bing: 'suspended', brave: 'suspended', mojeek: 'suspended', yahoo: 'suspended' });
    expect(fakes.servers.bing.requests).toHaveLength(1);
    expect(fakes.servers.duckduckgo.requests).toHaveLength(2);
  });

  it('reports an engine whose results page no longer parses as unresponsive (parse) and suspends it, while a no-results page is a plain empty answer', async () => {
    const renamed = '<!DOCTYPE html><html><body><ol id="b_results"><li class="b_algo"><h2><span>markup changed</span></h2></li></ol></body></html>';
    const { get, fakes, ctx, app } = await setup({ bing: { body: renamed }, duckduckgo: { hits: [] }, brave: { hits: [WIKI] } });
    const first = await get('/search?q=kerala+monsoon');
    expect(first.status).toBe(200);
    expect(first.body.results.map((r: { url: string }) => r.url)).toEqual([WIKI.url]);
    expect(first.body.unresponsive_engines).toEqual([{ engine: 'bing', reason: 'parse' }]);
    const second = await get('/search?q=another+query');
    expect(second.body.unresponsive_engines).toEqual([{ engine: 'bing', reason: 'suspended' }]);
    expect(fakes.servers.bing.requests).toHaveLength(1);
    const bing = ctx.providerHealth.list().find((u) => u.group === 'search' && u.provider === 'bing');
    expect(bing).toMatchObject({ last_failure_kind: 'parse', consecutive_failures: 1, last_success: null });
    expect(ctx.providerHealth.list().find((u) => u.provider === 'duckduckgo')).toMatchObject({ consecutive_failures: 0, last_failure_kind: null });
    expect(ctx.providerHealth.list().find((u) => u.provider === 'duckduckgo')?.last_success).not.toBeNull();
    const health = (await app.inject('/health')).json();
    expect(health.status).toBe('ok');
    expect(health.upstreams).toContainEqual(
      expect.objectContaining({ group: 'search', provider: 'bing', last_failure_kind: 'parse', consecutive_failures: 1 }),
    );
  });

  it('refuses a results page larger than it parses as that engine failing, and answers from the others', async () => {
    const huge = `<!DOCTYPE html><html><body>${'<p>filler</p>'.repeat(Math.ceil(RESULT_PAGE_MAX_BYTES / 13) + 1)}</body></html>`;
    const { get } = await setup({ bing: { body: huge }, brave: { hits: [WIKI] } });
    const first = await get('/search?q=kerala+monsoon');
    expect(first.status).toBe(200);
    expect(first.body.results.map((r: { url: string }) => r.url)).toEqual([WIKI.url]);
    expect(first.body.unresponsive_engines).toContainEqual({ engine: 'bing', reason: 'bad_response' });
  });

  it('answers 502 with the list of engines when none answers', async () => {
    const { get } = await setup({ bing: { status: 503 }, qwant: { status: 429 } });
    const { status, body } = await get('/search?q=kerala+monsoon');
    expect(status).toBe(502);
    expect(body).toMatchObject({ success: false, code: 'UPSTREAM_FAILED' });
    expect(body.unresponsive_engines).toEqual([
      { engine: 'bing', reason: 'unavailable' },
      { engine: 'qwant', reason: 'rate_limited' },
    ]);
    // What failed and what to do: each engine's host and reason, a hint, and when to come back.
    expect(body.error).toMatch(/^no search engine answered \(bing: 127\.0\.0\.1:\d+ answered HTTP 503; qwant: 127\.0\.0\.1:\d+ answered HTTP 429\)$/);
    expect(body.hint).toMatch(/is failing on its side/);
    expect(body.hint).toMatch(/refused or limited this server's requests/);
  });

  it('format=searxng answers a search no engine answered as SearXNG does: 200, no results, each engine in unresponsive_engines', async () => {
    const { get } = await setup({ bing: { status: 503 }, qwant: { status: 429 } });
    const { status, body } = await get('/search?q=kerala+monsoon&format=searxng');
    expect(status).toBe(200);
    expect(body).toEqual({
      query: 'kerala monsoon',
      number_of_results: 0,
      results: [],
      answers: [],
      corrections: [],
      infoboxes: [],
      suggestions: [],
      unresponsive_engines: [
        ['bing', 'HTTP error'],
        ['qwant', 'too many requests'],
      ],
    });
  });

  it("news=1 uses each engine's day filter and drops results known to be older than 24 hours", async () => {
    const { get, fakes } = await setup({
      duckduckgo: { hits: [hitN(1)] },
      bing: {
        hits: [
          { ...hitN(2), date: '3 hours ago' },
          { ...hitN(3), date: 'Mar 8, 2022' },
        ],
      },
      brave: {
        hits: [
          { ...hitN(4), date: '2 days ago' },
          { ...hitN(5), date: '20 minutes ago' },
        ],
      },
    });
    const { body } = await get('/search?q=monsoon+news&news=1');
    expect(body.results.map((r: { url: string }) => r.url).sort()).toEqual([
      'https://site1.example/page',
      'https://site2.example/page',
      'https://site5.example/page',
    ]);
    expect(new URLSearchParams(fakes.servers.duckduckgo.requests[0].body).get('df')).toBe('d');
    expect(fakes.servers.bing.requests[0].query.get('filters')).toBe('ex1:"ez1"');
    expect(fakes.servers.brave.requests[0].query.get('tf')).toBe('pd');
  });

  it('format=searxng returns the SearXNG JSON shape', async () => {
    const { get } = await setup({ bing: { hits: [IMD, WIKI] }, brave: { hits: [IMD] }, mojeek: { status: 403 } });
    const { status, body } = await get('/search?q=kerala+monsoon&format=searxng');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([
      'answers',
      'corrections',
      'infoboxes',
      'number_of_results',
      'query',
      'results',
      'suggestions',
      'unresponsive_engines',
    ]);
    expect(body.results[0]).toMatchObject({
      url: IMD.url,
      title: IMD.title,
      content: IMD.snippet,
      engine: 'bing',
      engines: ['bing', 'brave'],
      positions: [1, 1],
      category: 'general',
      parsed_url: ['https', 'mausam.imd.gov.in', '/thiruvananthapuram/', '', '', ''],
      publishedDate: null,
    });
    expect(body.results[0].score).toBeGreaterThan(body.results[1].score);
    expect(body.unresponsive_engines).toEqual([['mojeek', 'access denied']]);
  });

  it('asks a configured SearXNG instance and the Brave API as two more engines', async () => {
    const searx = await fakeUpstream({ 'GET /search': { headers: { 'content-type': 'application/json' }, body: fixture('searxng.json') } });
    const braveApi = await fakeUpstream({ 'GET /res/v1/web/search': { headers: { 'content-type': 'application/json' }, body: fixture('brave-api.json') } });
    cleanups.push(searx.close, braveApi.close);
    const { get } = await setup({ bing: { hits: [IMD] } }, { SEARXNG_URL: searx.url, BRAVE_API_KEY: 'key-1', SEARCH_BRAVE_API_URL: braveApi.url });
    const { body } = await get('/search?q=kerala+monsoon');
    expect(body.results[0]).toMatchObject({ url: IMD.url, engines: ['bing', 'searxng', 'brave_api'], agreement: 3 });
    expect(searx.requests[0].query.get('format')).toBe('json');
    expect(braveApi.requests[0].headers['x-subscription-token']).toBe('key-1');
  });

  it('needs x-api-key when API keys are configured', async () => {
    const { get } = await setup({ bing: { hits: [WIKI] } }, { API_KEYS: 'k-123' });
    expect((await get('/search?q=monsoon')).status).toBe(401);
    expect((await get('/search?q=monsoon', { 'x-api-key': 'k-123' })).status).toBe(200);
  });
});
