// The astro module alone in an app for a test, on a fixed clock, and a GET that expects 200.

import { afterAll, beforeAll, expect } from 'vitest';
import { testApp } from './app.js';
import { astroModule } from '../../src/modules/astro/index.js';

/** Registers beforeAll/afterAll; `get` answers the JSON of a 200, `inject` the raw response. */
export function astroApp(now = '2026-11-21T12:00:00Z') {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    // Only this module: the test does not depend on the other modules' state.
    t = await testApp({}, { modules: [astroModule], now: () => new Date(now) });
  });
  afterAll(() => t.close());
  return {
    inject: (url: string) => t.app.inject({ url }),
    get: async (url: string) => {
      const r = await t.app.inject({ url });
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    },
  };
}
