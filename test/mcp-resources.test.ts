// MCP resources as a client that browses them sees them: the SDK's Client over Streamable HTTP
// against the whole app on 127.0.0.1 (every upstream at a closed port). Each route resource is
// checked against the HTTP answer of the same request; the chart tool's answer links to its
// drawing; toolsets narrow the resources as they narrow the tools.

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, ResourceLink } from '@modelcontextprotocol/sdk/types.js';
import { BUDGET_ERROR_CODE } from '../src/mcp/budget.js';
import { testApp } from './helpers/app.js';
import { offlineUpstreams } from './helpers/server-process.js';

const BIRTH = { year: '1990', month: '5', day: '15', hour: '10', min: '30', latitude: '28.61', longitude: '77.21', tz: '+05:30' };

describe('MCP resources over HTTP', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let base: string;
  let client: Client;
  const connect = async (query = '') => {
    const c = new Client({ name: 'resources-test', version: '1.0.0' });
    await c.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp${query}`)));
    return c;
  };
  const textOf = async (c: Client, uri: string) => {
    const { contents } = await c.readResource({ uri });
    expect(contents).toHaveLength(1);
    expect(contents[0].uri).toBe(uri);
    return (contents[0] as { text: string }).text;
  };
  const http = async (path: string) => (await fetch(`${base}${path}`)).json();

  beforeAll(async () => {
    t = await testApp(offlineUpstreams());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    client = await connect();
  });
  afterAll(async () => {
    await client?.close();
    await t?.close();
  });

  it('lists the API document, the toolsets and the long reference lists, and templates for a month and a chart', async () => {
    expect(client.getServerCapabilities()?.resources).toBeDefined();
    const uris = (await client.listResources()).resources.map((r) => r.uri);
    expect(uris).toEqual(
      expect.arrayContaining(['jankari://openapi.json', 'jankari://toolsets', 'jankari://ifsc/banks', 'jankari://fuel/cities', 'jankari://liquor/brands']),
    );
    const templates = (await client.listResourceTemplates()).resourceTemplates.map((r) => r.uriTemplate);
    expect(templates).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^jankari:\/\/panchang\/month\/\{year\}\/\{month\}\{\?city,.*lang.*\}$/),
        expect.stringMatching(/^jankari:\/\/astro\/chart\{\?latitude,.*format.*\}$/),
        expect.stringMatching(/^jankari:\/\/commodities\/cities\/\{metal\}$/),
      ]),
    );
    // Neither sizing parameter: a resource is read whole.
    expect(templates.join()).not.toMatch(/detail|cursor/);
  });

  it("reads the app's own OpenAPI document and the toolsets with their tools", async () => {
    const doc = JSON.parse(await textOf(client, 'jankari://openapi.json')) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/panchang/month', '/astro/chart', '/ifsc/banks']));
    const { toolsets } = JSON.parse(await textOf(client, 'jankari://toolsets')) as { toolsets: Record<string, string[]> };
    expect(toolsets.astro).toEqual(expect.arrayContaining(['astro', 'astro_chart']));
    // lab is not offered by default: named, with no tools.
    expect(toolsets.lab).toEqual([]);
  });

  it('reads a reference list whole, the same as its HTTP answer, where the tool gives a first page', async () => {
    const banks = await textOf(client, 'jankari://ifsc/banks');
    expect(JSON.parse(banks)).toEqual(await http('/ifsc/banks'));
    const tool = (await client.callTool({ name: 'ifsc_banks', arguments: {} })) as CallToolResult;
    expect(banks.length).toBeGreaterThan((tool.content[0] as { text: string }).text.length * 5);
    expect(JSON.parse(await textOf(client, 'jankari://commodities/cities/silver'))).toEqual(await http('/commodities/cities?metal=silver'));
  });

  it("reads a month's panchang from its template, as the route answers it (and as iCalendar)", async () => {
    const json = await textOf(client, 'jankari://panchang/month/2026/3?city=delhi');
    // The second asking of the same month comes from the cache, and says so.
    expect(JSON.parse(json)).toEqual({ ...(await http('/panchang/month?year=2026&month=3&city=delhi')), cached: expect.any(Boolean) });
    const { contents } = await client.readResource({ uri: 'jankari://panchang/month/2026/3?city=delhi&format=ics' });
    expect(contents[0].mimeType).toBe('text/calendar');
    expect((contents[0] as { text: string }).text).toMatch(/^BEGIN:VCALENDAR/);
  });

  it("links a chart tool's answer to its drawing, which reads as the same SVG, and as PNG bytes", async () => {
    const r = (await client.callTool({ name: 'astro_chart', arguments: BIRTH })) as CallToolResult;
    const link = r.content.find((c) => c.type === 'resource_link') as ResourceLink;
    expect(link).toMatchObject({ name: 'birth-chart', mimeType: 'image/svg+xml' });
    const svg = await textOf(client, link.uri);
    expect(svg).toMatch(/^<svg|^<\?xml/);
    expect(svg).toBe((r.content[0] as { text: string }).text);
    const png = await client.callTool({ name: 'astro_chart', arguments: { ...BIRTH, format: 'png' } });
    const pngLink = (png.content as CallToolResult['content']).find((c) => c.type === 'resource_link') as ResourceLink;
    expect(pngLink.mimeType).toBe('image/png');
    const { contents } = await client.readResource({ uri: pngLink.uri });
    expect(contents[0].mimeType).toBe('image/png');
    expect(
      Buffer.from((contents[0] as { blob: string }).blob, 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it('refuses a resource that does not exist, a parameter its template does not take, and a route refusal, naming each', async () => {
    await expect(client.readResource({ uri: 'jankari://nowhere' })).rejects.toThrow(/no resource jankari:\/\/nowhere/);
    await expect(client.readResource({ uri: 'jankari://panchang/month/2026/3?colour=red' })).rejects.toThrow(/colour is no parameter of panchang-month/);
    await expect(client.readResource({ uri: 'jankari://fuel/cities?x=1' })).rejects.toThrow(/x is no parameter of fuel-locations/);
    await expect(client.readResource({ uri: 'jankari://panchang/month/2026/13?city=delhi' })).rejects.toThrow(/month/);
  });

  it("lists and reads only the resources of a client's toolsets", async () => {
    const some = await connect('?toolsets=panchang');
    try {
      const uris = (await some.listResources()).resources.map((r) => r.uri);
      expect(uris).toEqual(['jankari://openapi.json', 'jankari://toolsets']);
      expect((await some.listResourceTemplates()).resourceTemplates.map((r) => r.name)).toEqual(['panchang-month']);
      await expect(some.readResource({ uri: 'jankari://ifsc/banks' })).rejects.toThrow(/no resource/);
    } finally {
      await some.close();
    }
  });
});

describe("resource reads in one POST's batch budget", () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ ...offlineUpstreams(), MCP_BATCH_OUTPUT_BYTES: '1000000', MCP_BATCH_TIME_MS: '600000' });
  });
  afterAll(() => t?.close());

  it('answers the reads past the output budget with the JSON-RPC error naming it, as it does calls', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      payload: Array.from({ length: 10 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'resources/read', params: { uri: 'jankari://ifsc/banks' } })),
    });
    const answers = res.json() as { id: number; result?: unknown; error?: { code: number; message: string } }[];
    expect(answers).toHaveLength(10);
    // Every bank is about 260 KB: three or four fit in 1 MB.
    const answered = answers.filter((a) => a.result);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.length).toBeLessThan(5);
    for (const a of answers.filter((x) => x.error)) expect(a.error).toMatchObject({ code: BUDGET_ERROR_CODE, message: expect.stringMatching(/output|bytes/i) });
    expect(res.rawPayload.length).toBeLessThan(1_100_000);
  });
});
