// /mcp as an MCP client sees it: the SDK's own Client over Streamable HTTP against the whole app
// listening on 127.0.0.1 (every upstream pointed at a closed port, forex at a fake), and the
// same tools over stdio from `npm run mcp`'s entry. Each tool result is checked against the
// HTTP answer of the same request.

import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { openapiPath } from '../src/core/http/openapi.js';
import { toResult } from '../src/mcp/result.js';
import { HistoryQuery } from '../src/modules/fuel/schemas.js';
import { ProductParams } from '../src/modules/liquor/schemas.js';
import { NumerologyQuerySchema } from '../src/modules/numerology/schemas.js';
import { testApp } from './helpers/app.js';
import { fakeUpstream, type FakeUpstream } from './helpers/fake-upstream.js';
import { offlineUpstreams, ROOT } from './helpers/server-process.js';
import { argsOf } from './helpers/mcp-examples.js';

type Served = Awaited<ReturnType<typeof testApp>> & { base: string };
type Listing = {
  groups: { title: string; endpoints: { path: string; example?: string; params: { name: string; required: boolean; default?: unknown }[] }[] }[];
};

const frankfurter = JSON.parse(readFileSync(new URL('../src/modules/forex/fixtures/frankfurter-latest-usd.json', import.meta.url), 'utf8'));

async function serve(env: Record<string, string>): Promise<Served> {
  // Every toolset, the lab's too, so that every GET route has its tool.
  const t = await testApp({ ...offlineUpstreams(), MCP_TOOLSETS: 'all', ...env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...t, base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

async function connect(base: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'jankari-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
  return client;
}

const call = (client: Client, name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
const textOf = (r: CallToolResult) => (r.content[0] as { type: 'text'; text: string }).text;
/** The JSON of a success: its text, the one copy (src/mcp/result.ts). */
const jsonOf = (r: CallToolResult) => JSON.parse(textOf(r)) as Record<string, unknown>;
/** The listed tool that runs a route (`/ifsc/:code` has none: `ifsc` runs `/ifsc`). */
const toolOf = (t: Served, tools: Tool[], path: string) => {
  const bound = t.mcpTools().tools.find((x) => x.path === openapiPath(path));
  return bound && tools.find((x) => x.name === bound.name);
};
/** The error body of a tool error: a tool with an output schema gives it as a second text block, others as structured content. */
const errorOf = (r: CallToolResult) => r.structuredContent;
/** A TypeBox property as plain JSON Schema (TypeBox marks its objects with symbols). */
const plain = (schema: unknown) => JSON.parse(JSON.stringify(schema));
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
/** One JSON-RPC POST to /mcp, as a client would send it. */
const post = async (base: string, message: unknown) =>
  (await fetch(`${base}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: JSON.stringify(message) })).json() as Promise<Record<string, unknown>>;

describe('POST /mcp (stateless Streamable HTTP)', () => {
  let fx: FakeUpstream;
  let t: Served;
  let client: Client;
  let tools: Tool[];

  beforeAll(async () => {
    fx = await fakeUpstream({ 'GET /latest': { body: frankfurter } });
    t = await serve({ FOREX_FRANKFURTER_URL: fx.url });
    client = await connect(t.base);
    tools = (await client.listTools()).tools;
  });
  afterAll(async () => {
    await client?.close();
    await t?.close();
    await fx?.close();
  });

  it('lists one tool per GET route of every group, with the parameters the landing listing shows', async () => {
    const listing = (await (await fetch(`${t.base}/`, { headers: { accept: 'application/json' } })).json()) as Listing;
    const groups = listing.groups.filter((g) => g.title !== 'Service');
    expect(groups.length).toBeGreaterThan(15);
    expect(new Set(t.mcpTools().tools.map((x) => x.group))).toEqual(new Set(groups.map((g) => g.title)));
    // One tool per capability (issue 38): a route that only takes its parameter in the path, and
    // the lab routes that repeat another from the same source, are no tools of their own; nor are
    // /r/ and /s/, /fetch and /search in Jina Reader's form.
    const notTools = ['/ifsc/:code', '/pincode/:pin', '/lab/forex', '/lab/crypto', '/r/:url', '/s/:q'];
    const doc = t.app.swagger() as { paths: Record<string, { get: { parameters?: { name: string; schema?: { deprecated?: boolean } }[] } }> };
    for (const g of groups) {
      for (const e of g.endpoints.filter((x) => !x.path.startsWith('/v1/'))) {
        const tool = toolOf(t, tools, e.path);
        expect(Boolean(tool), e.path).toBe(!notTools.includes(e.path));
        if (!tool) continue;
        // One name per parameter: the aliases a route also takes are no tool parameters (src/mcp/aliases.ts).
        const aliases = t.mcpTools().byName.get(tool.name)!.aliases;
        // A deprecated parameter (fuel's commodity, kept over HTTP for older clients) is no tool parameter.
        const deprecated = (doc.paths[openapiPath(e.path)].get.parameters ?? []).filter((p) => p.schema?.deprecated).map((p) => p.name);
        expect(
          Object.keys(tool.inputSchema.properties ?? {})
            .filter((n) => n !== 'detail' && n !== 'cursor')
            .sort(),
          e.path,
        ).toEqual(
          e.params
            .map((p) => p.name)
            .filter((n) => !deprecated.includes(n) && !(n in aliases))
            .sort(),
        );
        expect([...(tool!.inputSchema.required ?? [])].sort(), e.path).toEqual(
          e.params
            .filter((p) => p.required)
            .map((p) => aliases[p.name] ?? p.name)
            .sort(),
        );
      }
    }
    expect(tools.map((x) => x.name)).toEqual(
      expect.arrayContaining([
        'fuel_history',
        'liquor_product',
        'commodities',
        'train_live',
        'astro',
        'astro_match',
        'panchang',
        'gst',
        'ip',
        'weather',
        'aqi',
        'forex',
        'crypto',
        'domain',
        'numerology',
        'ifsc',
        'pincode',
        'vehicle',
        'qr',
        'qr_upi',
        'search',
        'fetch',
        'crawl',
        'map',
      ]),
    );
    for (const name of ['health', 'ifsc_by_code', 'pincode_by_pin', 'lab_forex', 'lab_crypto']) expect(tools.map((x) => x.name)).not.toContain(name);
  });

  it("gives each tool its route's own JSON Schema and summary, in words for a model", () => {
    const byName = (n: string) => tools.find((x) => x.name === n)!;
    // Each parameter with its route's type and description (bounds and patterns are the route's
    // to check: src/mcp/aliases.ts), plus detail (and cursor where an answer pages).
    const same = (name: string, schema: { properties: Record<string, unknown>; required?: string[] }, rewrites: Record<string, string> = {}) => {
      const listed = byName(name).inputSchema;
      const route = plain(schema) as { properties: Record<string, { type?: string; description?: string }>; required?: string[] };
      expect(
        Object.keys(listed.properties ?? {}).filter((n) => n !== 'detail' && n !== 'cursor'),
        name,
      ).toEqual(Object.keys(route.properties));
      // An enum whose words only listed its values (petrol or diesel) keeps the values alone.
      for (const [n, p] of Object.entries(route.properties))
        expect(listed.properties![n], `${name}.${n}`).toMatchObject(
          (listed.properties![n] as { enum?: unknown }).enum ? {} : { ...(p.type ? { type: p.type } : {}), description: rewrites[n] ?? p.description },
        );
      expect(listed.required ?? [], name).toEqual(route.required ?? []);
    };
    // The one rewrite: "+ for spaces" is URL syntax, which a JSON argument does not need.
    same('fuel_history', HistoryQuery, { city: 'a city or state name; case-insensitive' });
    same('liquor_product', ProductParams);
    same('numerology', NumerologyQuerySchema);
    // The summary, then when to choose the tool (src/mcp/describe.ts).
    expect(byName('fuel_history').description).toBe("Price history of one fuel in one location, newest first (1–90 days). Today's alone: fuel.");
    expect(byName('numerology').annotations).toMatchObject({ readOnlyHint: true });
  });

  it('answers a pure tool with the same JSON as the HTTP route, as structured content and as text', async () => {
    const http = await (await fetch(`${t.base}/numerology?name=Asha%20Rani&dob=01-02-1990&gender=F`)).json();
    const r = await call(client, 'numerology', { name: 'Asha Rani', dob: '01-02-1990', gender: 'F' });
    expect(r.isError).toBeFalsy();
    expect(jsonOf(r)).toEqual(http);
    expect(JSON.parse(textOf(r))).toEqual(http);
    const v = await call(client, 'vehicle', { number: 'KA01AB1234' });
    expect(jsonOf(v)).toEqual(await (await fetch(`${t.base}/vehicle?number=KA01AB1234`)).json());
    expect(jsonOf(v)).toMatchObject({ status: 'ok' });
  });

  it('runs a tool that reads an upstream through the route, cache and all', async () => {
    const r = await call(client, 'forex', { base: 'usd', to: 'INR,EUR', amount: 100 });
    expect(r.isError).toBeFalsy();
    expect(jsonOf(r)).toMatchObject({
      status: 'ok',
      base: 'USD',
      converted: { INR: 8439 },
      source: 'frankfurter (ECB reference rates)',
      cached: false,
    });
    expect(fx.requests.at(-1)!.url).toBe('/latest?from=USD&to=INR%2CEUR');
    // The HTTP route answers the same request from the cache the tool call filled.
    expect(await (await fetch(`${t.base}/forex?base=usd&to=INR,EUR&amount=100`)).json()).toMatchObject({
      rates: (jsonOf(r) as { rates: unknown }).rates,
      cached: true,
    });
  });

  it("refuses invalid input as a tool error with the HTTP API's message", async () => {
    const http = await fetch(`${t.base}/numerology?name=Asha&dob=31-02-1990`);
    expect(http.status).toBe(400);
    const body = (await http.json()) as { message: string };
    const r = await call(client, 'numerology', { name: 'Asha', dob: '31-02-1990' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe(body.message);
    expect(r.structuredContent).toMatchObject({ code: 'INVALID_PARAMETER', param: 'dob' });
    const range = await call(client, 'fuel_history', { city: 'Delhi', days: 500 });
    expect(textOf(range)).toBe('days must be an integer from 1 to 90');
    const noPath = await call(client, 'liquor_product', {});
    expect(noPath.isError).toBe(true);
    expect(errorOf(noPath)).toMatchObject({ code: 'INVALID_PARAMETER', param: 'id' });
    expect(textOf(noPath)).toMatch(/^id is required/);
  });

  it('answers many concurrent tool calls, each with its own answer', async () => {
    const inputs = Array.from({ length: 30 }, (_, i) => ({
      name: `Asha Rani ${String.fromCharCode(65 + i)}`,
      dob: `${String(1 + (i % 28)).padStart(2, '0')}-03-1990`,
      gender: i % 2 ? 'M' : 'F',
    }));
    const results = await Promise.all(inputs.map((x) => call(client, 'numerology', x)));
    for (const [i, x] of inputs.entries()) {
      const http = await (await fetch(`${t.base}/numerology?name=${encodeURIComponent(x.name)}&dob=${x.dob}&gender=${x.gender}`)).json();
      // Some of the names are refused (letters past Z): their error body is the HTTP answer.
      expect(results[i].isError ? errorOf(results[i]) : jsonOf(results[i])).toEqual(http);
    }
  });

  it('answers a plain tools/call directly with the result the SDK gives the same call', async () => {
    const params = { name: 'numerology', arguments: { name: 'Asha Rani', dob: '01-02-1990', gender: 'F' } };
    const direct = await post(t.base, { jsonrpc: '2.0', id: 'a-1', method: 'tools/call', params });
    // With _meta, or in a batch, the call is left to the SDK's own server.
    const viaSdk = await post(t.base, { jsonrpc: '2.0', id: 'a-1', method: 'tools/call', params: { ...params, _meta: { progressToken: 7 } } });
    const batch = (await post(t.base, [{ jsonrpc: '2.0', id: 'a-1', method: 'tools/call', params }])) as unknown as Record<string, unknown>[];
    expect(direct).toEqual({ jsonrpc: '2.0', id: 'a-1', result: viaSdk.result });
    // A batch of one is answered as one response, as the SDK answers it.
    expect(batch).toEqual(direct);
    // What the SDK refuses is still refused, by the SDK, as a JSON-RPC error (not a tool result).
    for (const bad of [{ ...params, arguments: [] }, { ...params, name: 'no_such_tool' }, { name: 7 }]) {
      const r = await post(t.base, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: bad });
      expect(r, JSON.stringify(bad)).toMatchObject({ jsonrpc: '2.0', id: 2, error: { code: expect.any(Number) } });
      expect(r).not.toHaveProperty('result');
    }
    expect(await post(t.base, { jsonrpc: '2.0', id: 3.5, method: 'tools/call', params })).toMatchObject({ error: { code: -32700 } });
  });

  it('counts a tool call under its route in /metrics, as the GET is counted', async () => {
    const count = async () =>
      Number(
        /jankari_http_requests_total\{route="\/vehicle",method="GET",status="200"\} (\d+)/.exec(await (await fetch(`${t.base}/metrics`)).text())?.[1] ?? 0,
      );
    const before = await count();
    await call(client, 'vehicle', { number: 'KA01AB1234' });
    await fetch(`${t.base}/vehicle?number=KA01AB1234`);
    expect(await count()).toBe(before + 2);
  });

  it('answers every tool with its example as the GET of the example answers, on twin apps', async () => {
    // Upstream failures change what the next request meets (a provider is suspended, a cache
    // fills), so the GETs go to one new app and the tool calls to its twin, in the same order.
    const [http, mcp] = await Promise.all([serve({ FOREX_FRANKFURTER_URL: fx.url }), serve({ FOREX_FRANKFURTER_URL: fx.url })]);
    const mcpClient = await connect(mcp.base);
    try {
      await mcpClient.listTools();
      const listing = (await (await fetch(`${http.base}/`, { headers: { accept: 'application/json' } })).json()) as Listing;
      let compared = 0;
      for (const g of listing.groups) {
        for (const e of g.endpoints) {
          const tool = toolOf(http, tools, e.path);
          if (!tool || !e.example) continue;
          const res = await fetch(`${http.base}${e.example}`);
          const viaHttp = toResult({ status: res.status, type: res.headers.get('content-type') ?? '', body: Buffer.from(await res.arrayBuffer()) });
          // detail full: the route's whole answer, unless it is over the budget of one answer
          // (src/mcp/sizing.ts), when it is cut and says so.
          const called = await call(mcpClient, tool.name, { ...argsOf(openapiPath(e.path), e.example), detail: 'full' });
          // A chart's answer also links to its drawing as a resource (test/mcp-resources.test.ts).
          const r = { ...called, content: called.content.filter((c) => c.type !== 'resource_link') };
          if (r.content.length === 1 || r.isError) expect(r, e.example).toEqual(viaHttp);
          else {
            expect((r.content[1] as { text: string }).text, e.example).toMatch(/^Cut to fit 96 KB/);
            expect(Buffer.byteLength(JSON.stringify(viaHttp)), e.example).toBeGreaterThan(80_000);
          }
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(40);
    } finally {
      await mcpClient.close();
      await Promise.all([http.close(), mcp.close()]);
    }
  });

  it('answers an unknown tool with a protocol error naming it', async () => {
    await expect(call(client, 'no_such_tool', {})).rejects.toThrow(/no tool named no_such_tool/);
  });

  it('returns a PNG QR code as image content', async () => {
    const r = await call(client, 'qr', { text: 'https://example.org', format: 'png' });
    const img = r.content[0] as { type: string; data: string; mimeType: string };
    expect(img).toMatchObject({ type: 'image', mimeType: 'image/png' });
    expect(Buffer.from(img.data, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  it('answers 405 with Allow: POST to GET and DELETE, and allows a browser preflight of the POST', async () => {
    for (const method of ['GET', 'DELETE']) {
      const r = await fetch(`${t.base}/mcp`, { method });
      expect(r.status, method).toBe(405);
      expect(r.headers.get('allow')).toBe('POST, OPTIONS');
      expect(((await r.json()) as { code: string }).code).toBe('METHOD_NOT_ALLOWED');
    }
    const pre = await fetch(`${t.base}/mcp`, {
      method: 'OPTIONS',
      headers: { origin: 'https://x.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, mcp-protocol-version' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(pre.headers.get('access-control-allow-headers')).toBe('content-type, mcp-protocol-version');
    // Only /mcp takes a POST: the rest of the API stays read-only.
    expect((await fetch(`${t.base}/numerology`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status).toBe(405);
  });

  it('reads a gzip-compressed request body (the one route that reads a body inflates it)', async () => {
    const body = gzipSync(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }));
    const r = await fetch(`${t.base}/mcp`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', accept: 'application/json, text/event-stream' },
    });
    expect(r.status).toBe(200);
    const answer = (await r.json()) as { id: number; result: { tools: unknown[] } };
    expect(answer.id).toBe(7);
    expect(answer.result.tools.length).toBe(tools.length);
  });
});

describe('POST /mcp when API_KEYS is set', () => {
  let t: Served;
  beforeAll(async () => {
    t = await serve({ API_KEYS: 'k-one,k-two' });
  });
  afterAll(async () => t?.close());

  it('lists tools without a key and runs unkeyed tools, but a web tool needs a key as its route does', async () => {
    const anon = await connect(t.base);
    try {
      expect((await anon.listTools()).tools.length).toBeGreaterThan(40);
      expect((await call(anon, 'vehicle', { number: 'KA01AB1234' })).isError).toBeFalsy();
      const refused = await call(anon, 'fetch', { url: 'https://example.org/' });
      const http = (await (await fetch(`${t.base}/fetch?url=https://example.org/`)).json()) as { error: string };
      expect(refused.isError).toBe(true);
      expect(errorOf(refused)).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      expect(textOf(refused)).toBe(http.error);
    } finally {
      await anon.close();
    }
  });

  it("passes the caller's x-api-key or bearer token on, so the route runs (and its SSRF guard still refuses a private address)", async () => {
    for (const headers of [{ 'x-api-key': 'k-one' }, { authorization: 'Bearer k-two' }] as Record<string, string>[]) {
      const keyed = await connect(t.base, headers);
      try {
        const r = await call(keyed, 'fetch', { url: 'http://127.0.0.1:9/' });
        const http = (await (await fetch(`${t.base}/fetch?url=${encodeURIComponent('http://127.0.0.1:9/')}`, { headers })).json()) as {
          error: string;
          code: string;
        };
        expect(http.code).toBe('BLOCKED_URL');
        expect(r.isError).toBe(true);
        expect(errorOf(r)).toMatchObject({ code: 'BLOCKED_URL' });
        // The route's message, then its hint (the setting that would allow the address).
        expect(textOf(r).split('\n')).toEqual([http.error, expect.stringMatching(/^hint: .*FETCH_ALLOW_HOSTS$/)]);
      } finally {
        await keyed.close();
      }
    }
    const wrong = await connect(t.base, { 'x-api-key': 'nope' });
    try {
      expect(textOf(await call(wrong, 'fetch', { url: 'https://example.org/' }))).toBe('the API key is not valid');
    } finally {
      await wrong.close();
    }
  });
});

describe('the rate limit and MCP', () => {
  let t: Served;
  beforeAll(async () => {
    t = await serve({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_MS: '60000', TRUST_PROXY: 'true' });
  });
  afterAll(async () => t?.close());

  it('counts a tool call once, against the same client as its HTTP requests (the address the app trusts)', async () => {
    const a = { 'x-forwarded-for': '203.0.113.9' };
    const mcpA = await connect(t.base, a);
    const mcpB = await connect(t.base, { 'x-forwarded-for': '198.51.100.7' });
    try {
      // listing and initializing are not counted; one HTTP request and one tool call use up A's two.
      expect((await fetch(`${t.base}/vehicle?number=KA01AB1234`, { headers: a })).status).toBe(200);
      expect((await call(mcpA, 'vehicle', { number: 'KA01AB1234' })).isError).toBeFalsy();
      const limited = await call(mcpA, 'vehicle', { number: 'KA01AB1234' });
      expect(limited.isError).toBe(true);
      expect(errorOf(limited)).toMatchObject({ code: 'RATE_LIMITED' });
      expect((await fetch(`${t.base}/vehicle?number=KA01AB1234`, { headers: a })).status).toBe(429);
      expect((await call(mcpB, 'vehicle', { number: 'KA01AB1234' })).isError).toBeFalsy();
    } finally {
      await mcpA.close();
      await mcpB.close();
    }
  });
});

describe('MCP_ENABLED=false', () => {
  it('serves no /mcp: POST is refused like any other, GET is not found', async () => {
    const t = await testApp({ MCP_ENABLED: 'false' }, { modules: [] });
    try {
      const post = await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      });
      expect(post.statusCode).toBe(405);
      expect(post.headers.allow).toBe('GET, HEAD, OPTIONS');
      expect((await t.app.inject('/mcp')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('npm run mcp (stdio)', () => {
  it('lists the same tools and answers a call over stdin and stdout', async () => {
    const client = new Client({ name: 'jankari-test', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'src/mcp-stdio.ts'],
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...offlineUpstreams(),
        DATABASE_URL: 'sqlite::memory:',
        SCHEDULER_ENABLED: 'false',
        LOG_LEVEL: 'warn',
      },
      stderr: 'pipe',
    });
    // The child loads the whole app through tsx before it answers; on a loaded machine that takes
    // longer than the SDK's 60 s default for a request, so each request waits minutes (a hang guard).
    const patient = { timeout: 240_000 };
    await client.connect(transport, patient);
    try {
      const names = (await client.listTools(undefined, patient)).tools.map((x) => x.name);
      expect(names).toEqual(expect.arrayContaining(['numerology', 'vehicle', 'fuel_history', 'qr']));
      const r = (await client.callTool({ name: 'vehicle', arguments: { number: 'KA01AB1234' } }, undefined, patient)) as CallToolResult;
      expect(jsonOf(r)).toMatchObject({ status: 'ok' });
    } finally {
      await client.close();
    }
  });
});

/** Each GET route's hook counts by phase, read from Fastify's printed route tree (`/liquor` + `/brands`, `/liquor` + `-img/:file`). */
function hookCounts(tree: string): Map<string, Record<string, number>> {
  const byPath = new Map<string, Record<string, number>>();
  const parents: string[] = [];
  let current: Record<string, number> | undefined;
  for (const line of tree.split('\n')) {
    const node = /^(.*?)[├└]── (.+) \(GET\)$/.exec(line);
    if (node) {
      const depth = node[1].length / 4;
      const path = (depth === 0 ? '' : parents[depth - 1]) + node[2];
      parents[depth] = path;
      byPath.set(path, (current = {}));
      continue;
    }
    const hooks = /• \((\w+)\) (\[.*\])/.exec(line);
    if (hooks && current) current[hooks[1]] = (JSON.parse(hooks[2]) as string[]).length;
  }
  return byPath;
}

describe('the hooks a GET passes through', () => {
  it('are, on every tool route, the ones a tool call accounts for (src/mcp/run.ts), with every optional one switched on', async () => {
    // A tripwire: a hook added to every route, or to a module's routes, is a rule a tool call
    // may have to apply too. Each tool route has these:
    // onRequest: response headers, the key rule (applied), the load guard (passed by the MCP
    //   request), the rate limit (applied);
    // onSend: ETag and compression (one hook), RateLimit headers, closing (HTTP bytes only)
    //   (no preParsing: only POST /mcp inflates a compressed body);
    // preHandler and preSerialization: the query names the route ignored, as a header and a
    //   `warnings` field (a tool call ignores them too, unnamed; a misspelt one is refused by the
    //   validator, which a tool call runs: src/core/http/param-names.ts);
    // onResponse: metrics and the request log (both written for the tool call).
    // If this fails, see whether the new hook is a rule, apply it in src/mcp/run.ts, then update the counts.
    const t = await testApp(
      { ...offlineUpstreams(), API_KEYS: 'k', RATE_LIMIT_MAX: '5', MAX_EVENT_LOOP_DELAY_MS: '1000', METRICS_ENABLED: 'true', LOG_LEVEL: 'info' },
      { logStream: { write: () => undefined } },
    );
    try {
      const counts = hookCounts(t.app.printRoutes({ includeHooks: true, commonPrefix: false, method: 'GET' }));
      const routes = [...t.mcpTools().byName.values()].map((tool) => tool.route.url);
      expect(routes.length).toBeGreaterThan(40);
      for (const url of routes) expect(counts.get(url), url).toEqual({ onRequest: 4, preHandler: 1, preSerialization: 1, onSend: 3, onResponse: 2 });
    } finally {
      await t.close();
    }
  });
});
