// How routes become tools and how a call becomes a route request, on hand-made API documents
// and answers (the whole app over MCP is test/mcp.test.ts).

import { describe, expect, it } from 'vitest';
import { queryOf, routeUrl } from './call.js';
import { resultJson, toResult } from './result.js';
import type { Answer } from './run.js';
import { SIZING_PARAMETERS } from './sizing.js';
import { inputSchemaOf, toolName, toolsFromDocument, type ApiDocument } from './tools.js';

const doc: ApiDocument = {
  paths: {
    '/': { get: { summary: 'listing', tags: ['Service'] } },
    '/health/ready': { get: { summary: 'ready', tags: ['Service'] } },
    '/ifsc': {
      get: {
        summary: 'Branch of an IFSC',
        tags: ['IFSC'],
        parameters: [{ in: 'query', name: 'code', required: true, description: 'an IFSC', schema: { type: 'string', pattern: '^[A-Z]{4}0[A-Z0-9]{6}$' } }],
      },
    },
    '/ifsc/{code}': {
      get: { summary: 'Branch of an IFSC', tags: ['IFSC'], parameters: [{ in: 'path', name: 'code', required: true, schema: { type: 'string' } }] },
    },
    '/v1/search': { get: { summary: 'Alias of /search', tags: ['Web search'] } },
    '/r/{*}': { get: { summary: 'a page read like /fetch, its URL in the path', tags: ['Web fetch'] } },
    '/s/{*}': { get: { summary: 'a search like /search, its query in the path', tags: ['Web search'] } },
    '/lab/forex': { get: { summary: 'Experimental: as /forex with base and to only', tags: ['Exchange rates'] } },
    '/search': {
      get: {
        summary: 'Metasearch',
        tags: ['Web search'],
        parameters: [
          { in: 'query', name: 'deep', description: '1 reads the top pages, 0 only lists them', schema: { enum: ['0', '1'], default: '0' } },
          { in: 'query', name: 'old', description: 'no longer read', schema: { type: 'string', deprecated: true } },
        ],
        responses: {
          '200': { content: { 'application/json': { schema: { anyOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'object' }] } } } },
        },
      },
    },
    '/liquor-img/{file}': {
      get: { summary: 'label card', tags: ['Liquor prices'], parameters: [{ in: 'path', name: 'file', required: true, schema: { type: 'string' } }] },
    },
    '/fuel/history': {
      get: {
        summary: 'Price history',
        description: 'Newest first.',
        tags: ['Fuel prices'],
        parameters: [
          { in: 'query', name: 'days', required: false, description: 'days of history', schema: { type: 'integer', minimum: 1, maximum: 90, default: 7 } },
          { in: 'header', name: 'x-api-key', required: false, schema: { type: 'string' } },
        ],
        responses: { '200': { content: { 'application/json': { schema: { type: 'object', properties: { days: { type: 'integer' } } } } } } },
      },
    },
  },
};

describe('tools from the API document', () => {
  it('names a tool by the words of its path, without path parameters', () => {
    expect(toolName('/fuel/history')).toBe('fuel_history');
    expect(toolName('/liquor/product/{id}')).toBe('liquor_product');
    expect(toolName('/liquor-img/{file}')).toBe('liquor_img');
    expect(toolName('/lab/weather')).toBe('lab_weather');
  });

  it('makes one tool per GET route, leaving out the service routes, the /v1/ aliases, /r/ and /s/, and the lab twins', () => {
    const tools = toolsFromDocument(doc);
    expect(tools.map((t) => t.name)).toEqual(['ifsc', 'search', 'liquor_img', 'fuel_history']);
    expect(tools[2]).toMatchObject({ path: '/liquor-img/{file}', pathParams: ['file'], group: 'Liquor prices' });
  });

  it('makes a route that only takes a parameter in its path instead of the query no tool of its own', () => {
    expect(toolsFromDocument(doc).find((t) => t.name === 'ifsc')).toMatchObject({ path: '/ifsc', pathParams: [] });
    const other = { get: { parameters: [{ in: 'path', name: 'page', required: true, schema: { type: 'integer' } }] } };
    expect(() => toolsFromDocument({ paths: { '/ifsc': doc.paths!['/ifsc'], '/ifsc/{page}': other } })).toThrow(/two routes would be the MCP tool ifsc/);
  });

  it('takes a 0|1 flag as a boolean with the same default, and leaves a deprecated parameter out', () => {
    const search = toolsFromDocument(doc).find((t) => t.name === 'search')!;
    expect(search.inputSchema).toEqual({
      type: 'object',
      properties: { deep: { type: 'boolean', description: 'true reads the top pages; false only lists them' }, detail: SIZING_PARAMETERS.detail },
    });
    expect(search.flags).toEqual(['deep']);
  });

  it('declares no output schema, gives every tool detail, and a cursor to a tool whose answer holds a list or text', () => {
    for (const tool of toolsFromDocument(doc)) {
      expect(tool, tool.name).not.toHaveProperty('outputSchema');
      expect(tool.inputSchema.properties.detail, tool.name).toEqual(SIZING_PARAMETERS.detail);
    }
    const list = {
      get: { responses: { '200': { content: { 'application/json': { schema: { type: 'object', properties: { items: { type: 'array' } } } } } } } },
    };
    const text = { get: { responses: { '200': { content: { 'text/plain': { schema: { type: 'string' } } } } } } };
    const fields = {
      get: { responses: { '200': { content: { 'application/json': { schema: { type: 'object', properties: { a: { type: 'string' } } } } } } } },
    };
    const tools = toolsFromDocument({ paths: { '/list': list, '/text': text, '/fields': fields } });
    expect(tools.map((t) => 'cursor' in t.inputSchema.properties)).toEqual([true, true, false]);
  });

  it('keeps one name per parameter: an alias is left out, its words dropped from the name kept, required mapped to it', () => {
    const place = {
      get: {
        parameters: [
          { in: 'query', name: 'latitude', required: true, description: 'degrees north (lat is the same)', schema: { type: 'number' } },
          { in: 'query', name: 'lat', description: 'alias of latitude', schema: { type: 'number' } },
          { in: 'query', name: 'lon', description: 'longitude (lon; lon, lan and lng are the same parameter)', schema: { type: 'number' } },
          { in: 'query', name: 'lng', description: 'longitude (lng; lon, lan and lng are the same parameter)', schema: { type: 'number' } },
          {
            in: 'query',
            name: 'format',
            schema: {
              anyOf: [
                { type: 'string', enum: ['json'] },
                { type: 'string', enum: ['toon'] },
              ],
              default: 'json',
            },
          },
        ],
      },
    };
    const [tool] = toolsFromDocument({ paths: { '/place': place } });
    const { detail: _, ...own } = tool.inputSchema.properties;
    expect(own).toEqual({
      latitude: { type: 'number', description: 'degrees north' },
      lon: { type: 'number', description: 'longitude' },
      format: { enum: ['json', 'toon'], default: 'json' },
    });
    expect(tool.inputSchema.required).toEqual(['latitude']);
    expect(tool.aliases).toEqual({ lat: 'latitude', lng: 'lon' });
  });

  it('folds query and path parameters back into one object schema, descriptions included, headers left out', () => {
    expect(inputSchemaOf(doc.paths!['/fuel/history'].get.parameters!)).toEqual({
      type: 'object',
      // Bounds and patterns are the route's to check (its 400 names the rule): src/mcp/aliases.ts.
      properties: { days: { type: 'integer', default: 7, description: 'days of history' } },
    });
    expect(toolsFromDocument(doc)[0].inputSchema).toEqual({
      type: 'object',
      properties: { code: { type: 'string', description: 'an IFSC' }, detail: SIZING_PARAMETERS.detail },
      required: ['code'],
    });
  });

  it("describes a tool by the route's summary and, when it has one, its description, then when to choose it", () => {
    expect(toolsFromDocument(doc).find((t) => t.name === 'fuel_history')!.description).toBe("Price history\n\nNewest first. Today's alone: fuel.");
  });

  it('refuses two routes that would be the same tool', () => {
    expect(() => toolsFromDocument({ paths: { '/a-b': { get: {} }, '/a_b': { get: {} } } })).toThrow(/two routes would be the MCP tool a_b/);
  });
});

describe('a tool call as a route request', () => {
  const [ifsc, search, img] = toolsFromDocument(doc);

  it('puts path arguments in the path (encoded) and the rest in the query, repeating arrays', () => {
    expect(routeUrl(img, { file: 'a b/1.webp' })).toEqual({ url: '/liquor-img/a%20b%2F1.webp' });
    expect(routeUrl(ifsc, { code: 'SBIN0000001', x: ['a', 'b'], n: 2, skip: null })).toEqual({ url: '/ifsc?code=SBIN0000001&x=a&x=b&n=2' });
    expect(routeUrl(img, {})).toEqual({ missing: 'file' });
  });

  it('gives the query object the GET would parse: text values, arrays as repeats, one item plain, nulls left out', () => {
    expect({ ...queryOf(ifsc, { code: 'SBIN0000001', x: ['a', 'b'], n: 2, on: true, one: ['z'], none: [], skip: null, o: { a: 1 } }) }).toEqual({
      code: 'SBIN0000001',
      x: ['a', 'b'],
      n: '2',
      on: 'true',
      one: 'z',
      o: '{"a":1}',
    });
    expect({ ...queryOf(img, { file: 'a_1.webp', more: 1 }) }).toEqual({ more: '1' });
  });

  it("sends a boolean flag as the route's 1 or 0, in the query object and the URL alike", () => {
    expect({ ...queryOf(search, { deep: true }) }).toEqual({ deep: '1' });
    expect({ ...queryOf(search, { deep: false }) }).toEqual({ deep: '0' });
    expect({ ...queryOf(search, { deep: '1' }) }).toEqual({ deep: '1' });
    expect(routeUrl(search, { deep: true })).toEqual({ url: '/search?deep=1' });
  });

  it('gives a JSON answer once, as text, and what sizing cut as a second text block', () => {
    const r = toResult({ status: 200, type: 'application/json; charset=utf-8', body: '{"status":"ok","n":1}' });
    expect(r).toEqual({ content: [{ type: 'text', text: '{"status":"ok","n":1}' }] });
    const cut = toResult({ status: 200, type: 'application/json', body: '{"n":[1]}', note: 'Cut to fit 16 KB.' });
    expect(cut).toEqual({
      content: [
        { type: 'text', text: '{"n":[1]}' },
        { type: 'text', text: 'Cut to fit 16 KB.' },
      ],
    });
  });

  it('turns an error answer of either envelope into a tool error carrying its message', () => {
    expect(
      toResult({ status: 404, type: 'application/json', body: Buffer.from('{"status":"error","code":"NOT_FOUND","message":"no such branch"}') }),
    ).toMatchObject({ isError: true, content: [{ type: 'text', text: 'no such branch' }], structuredContent: { code: 'NOT_FOUND' } });
    expect(toResult({ status: 401, type: 'application/json', body: '{"success":false,"error":"needs a key","code":"UNAUTHORIZED"}' })).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'needs a key' }],
    });
    expect(toResult({ status: 429, error: { status: 'error', code: 'RATE_LIMITED', message: 'too many' }, message: 'too many' })).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'too many' }],
      structuredContent: { status: 'error', code: 'RATE_LIMITED', message: 'too many' },
    });
  });

  it('gives raster images as image content and other answers (SVG, TOON) as text', () => {
    expect(toResult({ status: 200, type: 'image/webp', body: Buffer.from([1, 2, 3]) })).toEqual({
      content: [{ type: 'image', data: 'AQID', mimeType: 'image/webp' }],
    });
    expect(toResult({ status: 200, type: 'image/svg+xml', body: '<svg/>' })).toEqual({ content: [{ type: 'text', text: '<svg/>' }] });
    expect(toResult({ status: 200, type: 'text/plain; charset=utf-8', body: 'a: 1' })).toEqual({ content: [{ type: 'text', text: 'a: 1' }] });
  });

  it('writes the same result as JSON text', () => {
    const answers: Answer[] = [
      { status: 200, type: 'application/json; charset=utf-8', body: '{"status":"ok","name":"a \\"quoted\\" \\u2028 word","n":[1,2]}' },
      { status: 200, type: 'application/json', body: '[1,2]' },
      { status: 200, type: 'application/json', body: 'null' },
      { status: 404, type: 'application/json', body: '{"status":"error","code":"NOT_FOUND","message":"no"}' },
      { status: 400, error: { status: 'error', code: 'INVALID_PARAMETER', message: 'bad', param: 'x' }, message: 'bad' },
      { status: 200, type: 'image/png', body: Buffer.from([137, 80, 78, 71]) },
      { status: 200, type: 'text/plain', body: 'a: 1' },
      { status: 200, type: 'application/json', body: '{"n":[1]}', note: 'Cut to fit 16 KB.' },
    ];
    for (const a of answers) expect(JSON.parse(resultJson(a))).toEqual(toResult(a));
    expect(resultJson(answers[0])).not.toContain('structuredContent');
  });
});
