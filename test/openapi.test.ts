// The OpenAPI document as a client generator reads it: a parameter with a default is optional
// (a generated client must not force callers to pass `limit`), for every route of the service.

import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '../src/core/errors.js';
import { testApp } from './helpers/app.js';

describe('OpenAPI parameters', () => {
  it('marks no parameter with a default as required, on any route', async () => {
    const t = await testApp();
    try {
      const doc = (await t.app.inject('/openapi.json')).json() as {
        paths: Record<string, { get?: { parameters?: { name: string; required?: boolean; schema?: { default?: unknown } }[] } }>;
      };
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

type ErrorResponse = { content: Record<string, { examples?: Record<string, { value: { code?: string } }> }> };
type Op = { operationId?: string; tags?: string[]; security?: Record<string, string[]>[]; responses?: Record<string, unknown> };
type Doc = { servers?: { url: string }[]; paths: Record<string, Record<string, Op>> };

async function documentOf(env: Record<string, string>): Promise<{ text: string; doc: Doc }> {
  const t = await testApp(env);
  try {
    const text = (await t.app.inject('/openapi.json')).body;
    return { text, doc: JSON.parse(text) as Doc };
  } finally {
    await t.close();
  }
}

describe('OpenAPI document as a linter and a client generator read it', () => {
  it.each([
    ['without API keys', {}],
    ['with API keys', { API_KEYS: 'k1' }],
  ])("has no error or warning in Redocly's recommended rules (%s)", async (_label, env) => {
    const { lintFromString, createConfig } = await import('@redocly/openapi-core');
    const { text } = await documentOf(env);
    const problems = await lintFromString({
      source: text,
      absoluteRef: 'openapi.json',
      config: await createConfig({
        extends: ['recommended'],
        // The health probes answer 200 or their own 503 and nothing else (no parameters, never
        // rate limited): the document lists only the errors an operation was seen answering.
        rules: { 'operation-4xx-response': 'off' },
      }),
    });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`)).toEqual([]);
  });

  it('gives every operation a unique operationId, its group as tag, and the error answers of the catalog', async () => {
    const { doc } = await documentOf({});
    const ops = Object.entries(doc.paths).flatMap(([path, item]) => Object.values(item).map((op) => ({ path, op })));
    expect(ops.length).toBeGreaterThan(40);
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/fuel/history'].get.operationId).toBe('getFuelHistory');
    expect(doc.paths['/fuel/history'].get.tags).toEqual(['Fuel prices']);
    for (const { path, op } of ops) {
      expect(op.tags?.length, path).toBe(1);
      expect(Object.keys(op.responses ?? {}), path).toEqual(expect.arrayContaining(['200']));
    }
    // every error answer documented is one the operation was seen giving, with that real body:
    // its code is the catalog's code for that status, never a placeholder
    const errors = ops.flatMap(({ path, op }) =>
      Object.entries(op.responses ?? {})
        .filter(([status]) => Number(status) >= 400)
        .map(([status, r]) => ({ path, status, examples: Object.values((r as ErrorResponse).content['application/json'].examples ?? {}) })),
    );
    // Firecrawl's POST doors have no example URL to break; their errors are documented unexampled.
    const unexampled = errors.filter((e) => e.examples.length === 0 && !e.path.startsWith('/firecrawl/')).map((e) => `${e.path} ${e.status}`);
    expect(unexampled).toEqual([]);
    const wrong = errors.flatMap((e) =>
      e.examples.filter((x) => String(ERROR_STATUS[x.value.code as ErrorCode]) !== e.status || x.value.code === undefined).map(() => `${e.path} ${e.status}`),
    );
    expect(wrong).toEqual([]);
    expect(JSON.stringify(doc)).not.toContain('additionalProp1');
    const statuses = new Set(errors.map((e) => e.status));
    expect([...statuses].sort()).toEqual(['400', '404', '422', '429', '501', '502', '503', '504']);
    // A place without fuel prices (a state, or a town of the place vocabulary): NOT_FOUND naming its parameter.
    expect(doc.paths['/fuel'].get.responses!['404']).toMatchObject({
      content: { 'application/json': { examples: { NOT_FOUND: { value: { code: 'NOT_FOUND', param: expect.stringMatching(/^(city|state)$/) } } } } },
    });
    // the web endpoints answer errors in their own shape
    expect(JSON.stringify(doc.paths['/fetch'].get.responses!['400'])).toContain('#/components/schemas/WebError');
    expect(JSON.stringify(doc.paths['/fuel'].get.responses!['400'])).toContain('#/components/schemas/Error');
    expect(doc.servers).toEqual([{ url: '/' }]);
    // Firecrawl's operations answer what of its API is not offered here with 501; no other operation does.
    for (const path of ['/firecrawl/v2/scrape', '/firecrawl/v2/map', '/firecrawl/v2/search']) {
      const answer = doc.paths[path].post.responses!['501'] as { description: string; content: unknown };
      expect(answer.description, path).toMatch(/^An operation or option of Firecrawl's API that this server does not offer \(NOT_SUPPORTED/);
      expect(JSON.stringify(answer.content), path).toContain('#/components/schemas/WebError');
    }
    expect(
      ops
        .filter((o) => o.op.responses?.['501'])
        .map((o) => o.path)
        .sort(),
    ).toEqual(['/firecrawl/v2/map', '/firecrawl/v2/scrape', '/firecrawl/v2/search']);
  });

  it('declares a key on the keyed routes only when this server requires one', async () => {
    const open = (await documentOf({})).doc;
    expect(open.paths['/search'].get.security).toEqual([{}]);
    const keyed = (await documentOf({ API_KEYS: 'k1', PUBLIC_BASE_URL: 'https://api.example.org' })).doc;
    expect(keyed.paths['/search'].get.security).toEqual([{ apiKey: [] }, { bearer: [] }]);
    expect(keyed.paths['/search'].get.responses).toHaveProperty('401');
    expect(keyed.paths['/fuel'].get.security).toEqual([{}]);
    expect(keyed.servers).toEqual([{ url: 'https://api.example.org' }]);
  });
});
