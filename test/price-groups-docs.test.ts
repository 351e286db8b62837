import { describe, expect, it } from 'vitest';
import { testApp } from './helpers/app.js';
import { fuelModule } from '../src/modules/fuel/index.js';
import { commoditiesModule } from '../src/modules/commodities/index.js';

describe('fuel and commodities in the listing and the API description', () => {
  it('lists every endpoint with an example, and documents them in OpenAPI', async () => {
    const b = await testApp({}, { modules: [fuelModule, commoditiesModule] });
    try {
      const landing = (await b.app.inject({ url: '/', headers: { accept: 'application/json' } })).json() as {
        groups: { name: string; endpoints: { path: string; example?: string }[] }[];
      };
      const paths = landing.groups.flatMap((g) => g.endpoints.map((e) => e.path));
      for (const p of [
        '/fuel',
        '/fuel/cities',
        '/fuel/search',
        '/fuel/history',
        '/fuel/latest',
        '/fuel/status',
        '/commodities',
        '/commodities/cities',
        '/commodities/search',
        '/commodities/history',
        '/commodities/latest',
      ]) {
        expect(paths).toContain(p);
      }
      expect(landing.groups.flatMap((g) => g.endpoints).every((e) => !e.path.startsWith('/fuel') || e.example)).toBe(true);
      const openapi = await b.app.inject({ url: '/openapi.json' });
      expect(openapi.statusCode).toBe(200);
      expect(Object.keys((openapi.json() as { paths: object }).paths)).toContain('/commodities/history');
    } finally {
      await b.close();
    }
  });
});
