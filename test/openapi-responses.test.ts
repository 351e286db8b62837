// Issue #20, "response schemas everywhere": every operation of /openapi.json documents its
// success answer, with a schema for each media type it can answer in (JSON, TOON text, HTML,
// images), so a client generator gets a type for every answer and not an empty "Default Response".

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from './helpers/app.js';

type Response = { description?: string; content?: Record<string, { schema?: Record<string, unknown> }> };
type Doc = { paths: Record<string, Record<string, { responses?: Record<string, Response> }>> };

describe('/openapi.json success answers', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let doc: Doc;
  beforeAll(async () => {
    t = await testApp();
    doc = (await t.app.inject('/openapi.json')).json() as Doc;
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })));

  it('document a 2xx answer with a schema for each media type, on every operation', () => {
    const missing = operations().flatMap(({ name, op }) => {
      const ok = Object.entries(op.responses ?? {}).filter(([status]) => /^2/.test(status));
      if (ok.length === 0) return [`${name}: no 2xx answer`];
      return ok.flatMap(([status, r]) => {
        const types = Object.entries(r.content ?? {});
        if (types.length === 0) return [`${name} ${status}: no content`];
        return types.filter(([, m]) => !m.schema || Object.keys(m.schema).length === 0).map(([type]) => `${name} ${status} ${type}: no schema`);
      });
    });
    expect(missing).toEqual([]);
    expect(operations().length).toBeGreaterThan(60);
  });
});
