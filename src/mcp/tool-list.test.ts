// tools/list read as a model reads it before choosing a tool: through the SDK's client, over an
// in-memory transport to the whole app's MCP server. A model sees names, descriptions and
// schemas only, so each must say what it means without the HTTP API beside it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { testApp } from '../../test/helpers/app.js';
import { createMcpServer } from './server.js';

type Schema = { type?: unknown; enum?: unknown[]; description?: string; anyOf?: Schema[] };

/** Every text a model reads of a tool: its description and each parameter's. */
const textsOf = (tool: Tool) => [tool.description ?? '', ...Object.values(tool.inputSchema.properties ?? {}).map((p) => (p as Schema).description ?? '')];

describe('tools/list, read as a model reads it', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let client: Client;
  let tools: Tool[];
  let bytes: number;

  beforeAll(async () => {
    t = await testApp();
    const [near, far] = InMemoryTransport.createLinkedPair();
    const server = createMcpServer(t.mcpTools(), () => ({ id: 'list', ip: '127.0.0.1', headers: {}, log: t.app.log, protocol: 'http', host: 'localhost' }));
    await server.connect(far);
    client = new Client({ name: 'tool-list-test', version: '1.0.0' });
    await client.connect(near);
    const listed = await client.listTools();
    tools = listed.tools;
    bytes = Buffer.byteLength(JSON.stringify(listed));
    const withoutOutput = Buffer.byteLength(JSON.stringify({ tools: tools.map(({ outputSchema: _, ...rest }) => rest) }));
    // The figures docs/decisions/mcp.md quotes.
    console.log(`tools/list: ${tools.length} tools, ${bytes} bytes (${withoutOutput} without output schemas)`);
  });
  afterAll(async () => {
    await client?.close();
    await t?.close();
  });

  it('offers each capability once: unique names and unique descriptions, no path twin', () => {
    const names = tools.map((x) => x.name);
    expect(new Set(names).size).toBe(names.length);
    const descriptions = tools.map((x) => x.description);
    expect(descriptions.filter((d, i) => descriptions.indexOf(d) !== i)).toEqual([]);
    expect(names).not.toContain('ifsc_by_code');
    expect(names).not.toContain('pincode_by_pin');
    expect(names).not.toContain('lab_forex');
    expect(names).not.toContain('lab_crypto');
    // The other doors to fetch and search (Jina Reader's /r/ and /s/, Firecrawl's API) are no tools of their own.
    expect(names.filter((n) => /^(r|s|firecrawl)(_|$)/.test(n))).toEqual([]);
    expect(tools.filter((x) => x.name === 'fetch' || x.name === 'search')).toHaveLength(2);
    expect(names).toEqual(expect.arrayContaining(['ifsc', 'pincode', 'forex', 'crypto', 'lab_pincode']));
  });

  it('describes every tool and every parameter, without HTML or HTTP query syntax', () => {
    for (const tool of tools) {
      expect(tool.description, tool.name).toMatch(/\w{3}/);
      for (const [name, p] of Object.entries(tool.inputSchema.properties ?? {})) expect((p as Schema).description, `${tool.name}.${name}`).toMatch(/\S\S/);
      for (const text of textsOf(tool)) {
        expect(text, tool.name).not.toMatch(/<\/?[a-z][^>]*>/i);
        expect(text, tool.name).not.toMatch(/\?\w+=/);
        expect(text, tool.name).not.toMatch(/\b\w+=\w/);
        expect(text, tool.name).not.toMatch(/\+ for spaces/);
        // A route by its path (/liquor/brands) rather than by the tool that answers it.
        expect(text, tool.name).not.toMatch(/(^|[\s(])\/[a-z]+(\/|\b)/);
      }
    }
  });

  it('says that search searches the web', () => {
    expect(tools.find((x) => x.name === 'search')!.description).toMatch(/web search/i);
  });

  it('types every on/off parameter as a boolean, not as the strings "0" and "1"', () => {
    const flags: string[] = [];
    for (const tool of tools) {
      for (const [name, p] of Object.entries(tool.inputSchema.properties ?? {})) {
        const schema = p as Schema;
        expect(schema.enum ?? [], `${tool.name}.${name}`).not.toEqual(expect.arrayContaining(['0', '1']));
        if (schema.type === 'boolean') flags.push(`${tool.name}.${name}`);
      }
    }
    expect(flags).toEqual(expect.arrayContaining(['search.deep', 'search.news', 'fetch.main', 'crawl.same_host', 'screenshot.full_page']));
  });

  it('offers no parameter the route no longer reads (fuel has no commodity)', () => {
    expect(Object.keys(tools.find((x) => x.name === 'fuel')!.inputSchema.properties ?? {})).not.toContain('commodity');
  });

  it('offers the calendar’s lang, calendar and region parameters on the panchang tools, as the routes read them', () => {
    const params = (title: string) => Object.keys(tools.find((x) => x.title!.endsWith(`: GET ${title}`))!.inputSchema.properties ?? {});
    expect(params('/panchang')).toEqual(expect.arrayContaining(['lang', 'calendar']));
    expect(params('/panchang/month')).toEqual(expect.arrayContaining(['lang', 'calendar', 'region']));
    expect(params('/panchang/festivals')).toEqual(expect.arrayContaining(['lang', 'region']));
  });

  it('declares an output schema for every tool whose answer is always a JSON object', () => {
    const doc = t.app.swagger() as { paths: Record<string, { get?: { responses?: Record<string, { content?: Record<string, unknown> }> } }> };
    for (const tool of tools) {
      const path = tool.title!.split(': GET ')[1];
      const content = Object.keys(doc.paths[path].get?.responses?.['200']?.content ?? {});
      const jsonOnly = content.length === 1 && content[0] === 'application/json';
      expect(tool.outputSchema?.type, tool.name).toBe(jsonOnly ? 'object' : undefined);
    }
    const declared = tools.filter((x) => x.outputSchema).length;
    // The few without: images, TOON or iCalendar answers (/astro, /astro/chart, /panchang/month, /panchang/festivals, …).
    expect(declared).toBeGreaterThan(tools.length - 10);
  });

  it('keeps the list within a size a model can afford (and prints it)', () => {
    // Guards against a tool list that grows by accident (an example or a schema copied into
    // every tool): 56 tools were 51 KB without output schemas before issue 38, 141 KB with the
    // answers' full schemas, 93 KB with the schemas cut for a model (src/mcp/output-schema.ts);
    // then 106 KB for 54 tools once the panchang gained its calendar and muhurtas (5.4 KB of
    // output schema) and /fetch and /crawl the reader controls (issues 35 and 36); then about
    // 113 KB with /astro/yogas and /astro/doshas (issue 47, two tools of about 3.5 KB each); then
    // 119.3 KB with /astro/dashas, 123 KB with /astro/transits (issue 47, about 4 KB each: the birth
    // fields every astro tool repeats are 2.3 KB of it).
    expect(bytes).toBeLessThan(123_500);
  });
});
