// Every tool called with its route's listing example as a model would call it, through the SDK's
// client: the list and each answer within the budgets of docs/decisions/mcp-sizing.md, detail
// full reaching the whole answer, and toolsets narrowing the list over HTTP.

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer } from '../src/mcp/sdk-server.js';
import { testApp } from './helpers/app.js';
import { exampleCalls } from './helpers/mcp-examples.js';
import { offlineUpstreams } from './helpers/server-process.js';

const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v));
const textOf = (r: CallToolResult, i = 0) => (r.content[i] as { text: string }).text;

describe('MCP answers sized for a model', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let client: Client;

  beforeAll(async () => {
    t = await testApp({ ...offlineUpstreams(), MCP_TOOLSETS: 'all' });
    const [near, far] = InMemoryTransport.createLinkedPair();
    await createMcpServer(t.mcpTools(), () => ({ id: 'sizing', ip: '127.0.0.1', headers: {}, log: t.app.log, protocol: 'http', host: 'localhost' })).connect(
      far,
    );
    client = new Client({ name: 'sizing-test', version: '1.0.0' });
    await client.connect(near);
  });
  afterAll(async () => {
    await client?.close();
    await t?.close();
  });

  it('answers every example within 16 KB by default (a birth chart within 8 KB), and within 100 KB with detail full', async () => {
    const calls = await exampleCalls(t.app, t.mcpTools());
    expect(calls.length).toBeGreaterThan(40);
    for (const [name, args] of calls) {
      const brief = (await client.callTool({ name, arguments: args })) as CallToolResult;
      expect(bytes(brief), name).toBeLessThanOrEqual(name === 'astro' ? 8_000 : 16_000);
      const full = (await client.callTool({ name, arguments: { ...args, detail: 'full' } })) as CallToolResult;
      expect(bytes(full), name).toBeLessThanOrEqual(100_000);
      // JSON is sent once: as text, never again as structured content.
      if (!brief.isError) expect(brief.structuredContent, name).toBeUndefined();
    }
  });

  it('gives a birth chart by default as placements, lagna, dasha and the birth panchanga, and every module with detail full', async () => {
    const birth = { latitude: 28.61, longitude: 77.21, year: 1990, month: 5, day: 15, hour: 10, min: 30 };
    const brief = JSON.parse(textOf((await client.callTool({ name: 'astro', arguments: birth })) as CallToolResult)) as { chart: Record<string, unknown> };
    expect(Object.keys(brief.chart ?? brief).join(',')).toMatch(/graha|lagna|dasha|panchanga/);
    const full = (await client.callTool({ name: 'astro', arguments: { ...birth, detail: 'full' } })) as CallToolResult;
    expect(bytes(full)).toBeGreaterThan(bytes(brief) * 5);
    // A module by name reaches what the brief answer leaves out.
    const varga = textOf((await client.callTool({ name: 'astro', arguments: { ...birth, needs: 'd9' } })) as CallToolResult);
    expect(varga).toMatch(/"d9"|"D9"/);
  });

  it('pages a long list with a cursor that the note names, reaching the items past the first page', async () => {
    const first = (await client.callTool({ name: 'ifsc_banks', arguments: {} })) as CallToolResult;
    const note = textOf(first, 1);
    const next = /cursor (\d+) gives the next page/.exec(note);
    expect(next, note).not.toBeNull();
    const second = (await client.callTool({ name: 'ifsc_banks', arguments: { cursor: Number(next![1]) } })) as CallToolResult;
    expect(textOf(second, 1)).toMatch(new RegExp(`items ${Number(next![1]) + 1}–`));
    expect(textOf(second)).not.toBe(textOf(first));
  });

  it('refuses a detail or cursor it does not know, naming the parameter', async () => {
    const r = (await client.callTool({ name: 'numerology', arguments: { name: 'Asha', dob: '01-02-1990', detail: 'everything' } })) as CallToolResult;
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({ code: 'INVALID_PARAMETER', param: 'detail' });
  });
});

describe('toolsets over HTTP', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let base: string;

  beforeAll(async () => {
    t = await testApp({ ...offlineUpstreams(), MCP_TOOLSETS: 'astro,panchang,web' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  const listed = async (query: string) => {
    const client = new Client({ name: 'toolsets-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp${query}`)));
    try {
      return (await client.listTools()).tools.map((x) => x.name);
    } finally {
      await client.close();
    }
  };

  it("lists the deployment's toolsets, and a client's choice among them", async () => {
    const all = await listed('');
    expect(all).toEqual(expect.arrayContaining(['astro', 'panchang', 'fetch']));
    expect(all).not.toContain('fuel');
    const some = await listed('?toolsets=panchang');
    expect(some.sort()).toEqual(['panchang', 'panchang_festivals', 'panchang_month']);
  });

  it('refuses a toolset that does not exist or that the deployment does not offer, naming it', async () => {
    const post = (q: string) =>
      fetch(`${base}/mcp?toolsets=${q}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    const unknown = await post('astrology');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toMatch(/astrology is no toolset/);
    const notOffered = await post('prices');
    expect(((await notOffered.json()) as { error: { message: string } }).error.message).toMatch(/prices is not offered/);
  });

  it('does not call a tool of a toolset the client left out', async () => {
    const client = new Client({ name: 'toolsets-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp?toolsets=panchang`)));
    try {
      await expect(client.callTool({ name: 'astro', arguments: {} })).rejects.toThrow(/no tool named astro/);
    } finally {
      await client.close();
    }
  });
});
