import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { REDIS_URL } from '../../../test/helpers/env.js';
import { fuelModule } from './index.js';
import { fakeGoodreturns } from './fixtures/fake-servers.js';

describe.runIf(REDIS_URL)('fuel answers cached in Redis', () => {
  it('serves the second request from the shared cache, and a new crawl replaces it', async () => {
    const gr = await fakeGoodreturns();
    const prefix = `jt-${randomBytes(4).toString('hex')}:`;
    const b = await testApp(
      { REDIS_URL: REDIS_URL!, CACHE_PREFIX: prefix, FUEL_GOODRETURNS_URL: gr.url, FUEL_NDTV_URL: 'http://127.0.0.1:9', PRICES_VERSION_CHECK_MS: '0' },
      { modules: [fuelModule] },
    );
    try {
      expect((await b.instance(fuelModule).service.crawl()).stored).toBe(true);
      const first = (await b.app.inject({ url: '/fuel?state=kerala' })).json();
      const second = (await b.app.inject({ url: '/fuel?state=kerala' })).json();
      expect(first.cached).toBe(false);
      expect(second).toEqual({ ...first, cached: true });
      await new Promise((r) => setTimeout(r, 5)); // the next run finishes at a later instant
      expect((await b.instance(fuelModule).service.crawl()).stored).toBe(true);
      expect((await b.app.inject({ url: '/fuel?state=kerala' })).json().cached).toBe(false);
    } finally {
      await b.close();
      await gr.close();
    }
  });
});
