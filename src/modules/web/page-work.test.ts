// A page's reading runs in the work pool (src/core/work), not on the event loop: while one is
// read the server answers others, and a page over the time budget is a 422 naming the budget.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { fakeUpstream, type FakeUpstream } from '../../../test/helpers/fake-upstream.js';

// An ordinary article, only long: seconds of main-content search on any machine.
const longArticle = (parts: number) =>
  `<html><head><title>Long</title></head><body><article>${Array.from(
    { length: parts },
    (_, i) => `<h2>Part ${i}</h2><p>${'Words of an ordinary long article, repeated. '.repeat(20)}<a href="/p/${i}">link ${i}</a></p>`,
  ).join('')}</article></body></html>`;
const html = (body: string) => ({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body });

describe('page work off the event loop', () => {
  let site: FakeUpstream;
  beforeAll(async () => {
    site = await fakeUpstream({ 'GET /long': html(longArticle(300)), 'GET /huge': html(longArticle(3000)) });
  });
  afterAll(async () => {
    await site.close();
  });

  it('answers /health/live while a long page is being read, and then the page', async () => {
    const t = await testApp({ FETCH_ALLOW_HOSTS: '127.0.0.1', WORK_TIMEOUT_MS: '120000' });
    try {
      const order: string[] = [];
      const reading = t.app.inject({ url: `/fetch?url=${encodeURIComponent(`${site.url}/long`)}&no_cache=1` }).then((r) => {
        order.push('page');
        return r;
      });
      // Asked after the page: on the event loop it would wait for the whole reading.
      await new Promise((r) => setTimeout(r, 50));
      const live = await t.app.inject({ url: '/health/live' });
      order.push('live');
      const page = await reading;
      expect(live.statusCode).toBe(200);
      expect(order).toEqual(['live', 'page']);
      expect(page.statusCode).toBe(200);
      expect(page.json().content).toMatch(/^## Part 0/);
      expect(page.json().words).toBeGreaterThan(300 * 140);
    } finally {
      await t.close();
    }
  });

  it('answers 422 PAGE_TOO_COMPLEX naming the time budget when the reading runs over it', async () => {
    const t = await testApp({ FETCH_ALLOW_HOSTS: '127.0.0.1', WORK_TIMEOUT_MS: '100' });
    try {
      const r = await t.app.inject({ url: `/fetch?url=${encodeURIComponent(`${site.url}/huge`)}&no_cache=1` });
      expect(r.statusCode).toBe(422);
      expect(r.json()).toMatchObject({ success: false, code: 'PAGE_TOO_COMPLEX', limit: 'time_ms', max: 100 });
      expect(r.json().error).toMatch(/longer than its budget of 100 ms/);
    } finally {
      await t.close();
    }
  });
});
