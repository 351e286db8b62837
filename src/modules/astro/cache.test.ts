// The chart cache through Redis (when JANKARI_TEST_REDIS is set): what is stored must survive JSON.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { REDIS_URL } from '../../../test/helpers/env.js';
import { astroModule } from './index.js';

describe.skipIf(!REDIS_URL)('chart cache in Redis', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(
      { REDIS_URL: REDIS_URL!, CACHE_PREFIX: `jankari-astro-test-${process.pid}-${Date.now()}:` },
      { modules: [astroModule], now: () => new Date('2026-11-21T12:00:00Z') },
    );
  });
  afterAll(() => t?.close());

  it('answers a repeated full chart from Redis with the same body', async () => {
    const url = '/astro?latitude=19.07&longitude=72.88&year=1985&month=3&day=9&hour=4&min=5&tz=%2B05:30';
    const a = (await t.app.inject({ url })).json();
    const b = (await t.app.inject({ url })).json();
    expect(a.cached).toBe(false);
    expect(b.cached).toBe(true);
    expect({ ...b, cached: false }).toEqual(a);
  });
});
