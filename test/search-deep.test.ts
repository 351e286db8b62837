// Search's deep mode with the web module providing the page reader (the pageReader port):
// a cross-module test, so it lives here rather than beside either module.

import { describe, expect, it } from 'vitest';
import { fakeUpstream } from './helpers/fake-upstream.js';
import { webModule } from '../src/modules/web/index.js';
import { searchApps } from '../src/modules/search/testing/app.js';

const { cleanups, setup } = searchApps([webModule]);
// The reads must not race deep mode's deadline on a loaded machine: these tests are about which
// pages are read, not how fast (one CI run under load read one page of two within the 8 s default).
const UNHURRIED = { FETCH_ALLOW_HOSTS: '127.0.0.1', SEARCH_DEEP_DEADLINE_MS: '60000' };

describe('GET /search?deep=1', () => {
  it('reads the top pages through the web fetcher and adds their text', async () => {
    const article = (t: string) =>
      `<!DOCTYPE html><html><head><title>${t}</title></head><body><nav>menu</nav><article><h1>${t}</h1>${'<p>The southwest monsoon sets in over Kerala in early June, bringing heavy rain to the Western Ghats. </p>'.repeat(8)}</article></body></html>`;
    const site = await fakeUpstream({
      'GET /one': { headers: { 'content-type': 'text/html; charset=utf-8' }, body: article('Page one') },
      'GET /two': { headers: { 'content-type': 'text/html; charset=utf-8' }, body: article('Page two') },
      'GET /three': { headers: { 'content-type': 'text/html; charset=utf-8' }, body: article('Page three') },
      'GET /gone': { status: 404, body: 'gone' },
    });
    cleanups.push(site.close);
    const hits = ['/one', '/gone', '/two', '/three'].map((p, i) => ({ url: `${site.url}${p}`, title: `T${i}`, snippet: 'S' }));
    const { get } = await setup({ bing: { hits } }, UNHURRIED);
    const { status, body } = await get('/search?q=kerala+monsoon&deep=1&pages=3');
    expect(status).toBe(200);
    expect(body.deep).toBe(true);
    expect(body.sources_read).toBe(2);
    expect(body.results[0].content).toContain('southwest monsoon sets in over Kerala');
    expect(body.results[0].content.length).toBeLessThanOrEqual(5000);
    expect(body.results[1].content).toBeUndefined();
    expect(body.results[2].content).toContain('Western Ghats');
    expect(body.results[3].content).toBeUndefined();
  });

  it('skips results whose host name no resolver accepts, and reads the rest', async () => {
    const site = await fakeUpstream({
      'GET /ok': {
        headers: { 'content-type': 'text/html' },
        body: `<html><body><article><p>${'Monsoon words in a readable page. '.repeat(20)}</p></article></body></html>`,
      },
    });
    cleanups.push(site.close);
    const hits = [`http://${'a'.repeat(501)}.com/`, `http://${'a'.repeat(300)}.com/`, `${site.url}/ok`].map((url, i) => ({
      url,
      title: `T${i}`,
      snippet: 'S',
    }));
    const { get } = await setup({ bing: { hits } }, UNHURRIED);
    const { status, body } = await get('/search?q=long+names&deep=1&pages=3');
    expect(status).toBe(200);
    expect(body.sources_read).toBe(1);
    expect(body.results.find((r: { url: string }) => r.url.startsWith(site.url)).content).toContain('Monsoon words');
  });

  it('refuses private addresses in deep mode as /fetch does (no content, nothing read)', async () => {
    const site = await fakeUpstream({ 'GET /one': { headers: { 'content-type': 'text/html' }, body: '<html><body><p>secret</p></body></html>' } });
    cleanups.push(site.close);
    const { get } = await setup({ bing: { hits: [{ url: `${site.url}/one`, title: 'Local', snippet: 'S' }] } });
    const { body } = await get('/search?q=local+page&deep=1');
    expect(body.sources_read).toBe(0);
    expect(body.results[0].content).toBeUndefined();
    expect(site.requests).toHaveLength(0);
  });
});
