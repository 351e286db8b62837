// The OpenAPI document as a client generator reads it: a parameter with a default is optional
// (a generated client must not force callers to pass `limit`), for every route of the service.

import { describe, expect, it } from 'vitest';
import { testApp } from './helpers/app.js';

describe('OpenAPI parameters', () => {
  it('marks no parameter with a default as required, on any route', async () => {
    const t = await testApp();
    try {
      const doc = (await t.app.inject('/openapi.json')).json() as { paths: Record<string, { get?: { parameters?: { name: string; required?: boolean; schema?: { default?: unknown } }[] } }> };
      const wrong = Object.entries(doc.paths).flatMap(([path, item]) =>
        (item.get?.parameters ?? []).filter((p) => p.required && p.schema?.default !== undefined).map((p) => `${path} ${p.name}`),
      );
      expect(wrong).toEqual([]);
      // and the defaults are still there for clients to read
      const search = doc.paths['/search'].get!.parameters!;
      expect(search.find((p) => p.name === 'limit')).toMatchObject({ required: false, schema: { default: 10 } });
    } finally {
      await t.close();
    }
  });
});
