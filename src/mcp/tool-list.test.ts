// tools/list read as a model reads it before choosing a tool: through the SDK's client, over an
// in-memory transport to the whole app's MCP server. A model sees names, descriptions and
// schemas only, so each must say what it means without the HTTP API beside it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { testApp } from '../../test/helpers/app.js';
import { createMcpServer } from './sdk-server.js';
import { DEFAULT_TOOLSETS, TOOLSETS, toolsetOf } from './toolsets.js';

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
    // The figures docs/decisions/mcp-sizing.md quotes.
    console.log(`tools/list (all toolsets): ${tools.length} tools, ${bytes} bytes`);
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
      // An enum that says itself (svg or png; detail's brief or full) and the cursor an answer names need no words;
      // nor a parameter the description sends to another tool of the list that takes it ("Undescribed parameters: as in astro").
      const elsewhere = /Undescribed parameters: as in (\w+)\.$/.exec(tool.description ?? '')?.[1];
      const other = tools.find((x) => x.name === elsewhere);
      if (elsewhere) expect(other, `${tool.name} sends to ${elsewhere}`).toBeDefined();
      // A partner's parameters said once ("girl_ parameters: as boy_."): the partner's of the same name carries the words.
      const partners = [...(tool.description ?? '').matchAll(/(\w+_) parameters: as (\w+_)\./g)];
      const props = tool.inputSchema.properties ?? {};
      for (const [name, p] of Object.entries(props)) {
        if ((p as Schema).enum || name === 'cursor') continue;
        const partner = partners.find(([, mine]) => name.startsWith(mine));
        if (partner && (p as Schema).description === undefined) expect(props, `${tool.name}.${name}`).toHaveProperty(name.replace(partner[1], partner[2]));
        else if (other && (p as Schema).description === undefined)
          expect(Object.keys(other.inputSchema.properties ?? {}), `${tool.name}.${name}`).toContain(name);
        else expect((p as Schema).description, `${tool.name}.${name}`).toMatch(/\S\S/);
      }
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

  it('says when to choose a tool over its neighbours of the same group, naming the neighbour where one answers nearby', () => {
    const said = (name: string) => tools.find((x) => x.name === name)!.description ?? '';
    expect(said('fuel')).toMatch(/fuel_history/);
    expect(said('fetch')).toMatch(/crawl/);
    expect(said('fetch')).toMatch(/map/);
    expect(said('panchang')).toMatch(/panchang_month/);
    expect(said('astro')).toMatch(/astro_chart/);
    expect(said('ifsc')).toMatch(/ifsc_search/);
    expect(said('weather')).toMatch(/aqi/);
    expect(said('forex')).toMatch(/crypto/);
    // Every tool of a group with more than one tool says something beyond the route's summary.
    const groups = new Map<string, string[]>();
    for (const bound of t.mcpTools().select(DEFAULT_TOOLSETS).tools) groups.set(bound.group, [...(groups.get(bound.group) ?? []), bound.name]);
    const without = [...groups.values()]
      .filter((names) => names.length > 1)
      .flat()
      .filter((name) => !/\.\s+\S[^.]*\.(\s|$)/.test(said(name)));
    expect(without).toEqual([]);
  });

  it('says a parameter once per list: a later tool refers to the first, without its enum again', () => {
    const props = (name: string) => tools.find((x) => x.name === name)!.inputSchema.properties as Record<string, Schema>;
    expect(props('astro').ayanamsa.enum).toContain('lahiri');
    expect(props('astro_chart').ayanamsa.enum).toBeUndefined();
    expect(tools.find((x) => x.name === 'astro_chart')!.description).toMatch(/Undescribed parameters: as in astro\.$/);
    // The eleven girl_ fields repeat the boy_ ones: said once in the description.
    expect(props('astro_match').girl_year.description).toBeUndefined();
    expect(tools.find((x) => x.name === 'astro_match')!.description).toMatch(/ girl_ parameters: as boy_\./);
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
    const params = (name: string) => Object.keys(tools.find((x) => x.name === name)!.inputSchema.properties ?? {});
    expect(params('panchang')).toEqual(expect.arrayContaining(['lang', 'calendar']));
    expect(params('panchang_month')).toEqual(expect.arrayContaining(['lang', 'calendar', 'region']));
    expect(params('panchang_festivals')).toEqual(expect.arrayContaining(['lang', 'region']));
  });

  it('declares no output schema, and annotates every tool as read-only and idempotent, open-world unless it only reads local data', () => {
    for (const tool of tools) {
      expect(tool.outputSchema, tool.name).toBeUndefined();
      expect(tool.annotations, tool.name).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    }
    const local = tools.filter((x) => x.annotations?.openWorldHint === false).map((x) => x.name);
    expect(local).toEqual(expect.arrayContaining(['astro', 'panchang', 'numerology', 'qr', 'vehicle']));
    expect(local).not.toContain('search');
    expect(local).not.toContain('fuel');
  });

  it('puts every tool in a toolset', () => {
    for (const tool of t.mcpTools().tools) expect(toolsetOf(tool), tool.name).toBeDefined();
  });

  it('takes one name per parameter: no alias (lat beside latitude), no a_/b_ naming of match, no daylight shift beside tz', () => {
    const names = (name: string) => Object.keys(tools.find((x) => x.name === name)!.inputSchema.properties ?? {});
    expect(names('astro')).toEqual(expect.arrayContaining(['latitude', 'longitude', 'tz']));
    expect(names('astro')).not.toEqual(expect.arrayContaining(['lat']));
    for (const gone of ['lat', 'lon', 'dst_hour', 'dst_min']) expect(names('astro'), gone).not.toContain(gone);
    for (const gone of ['a_year', 'b_role', 'boy_dst_hour', 'boy_lat']) expect(names('astro_match'), gone).not.toContain(gone);
    expect(names('weather')).toContain('lon');
    for (const gone of ['lan', 'lng']) expect(names('weather'), gone).not.toContain(gone);
    expect(names('domain')).toContain('name');
    for (const gone of ['domain', 'q']) expect(names('domain'), gone).not.toContain(gone);
  });

  it('keeps the default list within 40 KB, and each toolset smaller (and prints them)', () => {
    const size = (toolsets: ReadonlySet<string>) => Buffer.byteLength(JSON.stringify({ tools: t.mcpTools().select(toolsets).listed }));
    const byDefault = size(DEFAULT_TOOLSETS);
    console.log(`tools/list (default toolsets): ${byDefault} bytes`);
    // 40.0 KB for the 53 default tools when sized (issue 45); 43.4 KB once /astro/dashas and
    // /astro/transits joined (issue 47); 39.2 KB once the words were said once per list.
    expect(byDefault).toBeLessThanOrEqual(40_000);
    // astro, the largest: 13.4 KB for its eight tools, 11.0 KB with the birth data said once.
    for (const one of TOOLSETS) expect(size(new Set([one])), one).toBeLessThan(12_000);
    // Guards against a tool list that grows by accident (an example or a schema copied into
    // every tool): 56 tools were 51 KB without output schemas before issue 38, 141 KB with the
    // answers' full schemas, 93 KB with the schemas cut for a model (src/mcp/output-schema.ts);
    // then 106 KB for 54 tools once the panchang gained its calendar and muhurtas (5.4 KB of
    // output schema) and /fetch and /crawl the reader controls (issues 35 and 36); then about
    // 113 KB with /astro/yogas and /astro/doshas (issue 47, two tools of about 3.5 KB each); 42 KB
    // for all 56 tools and 40 KB for the default toolsets once sized for a model (issue 45);
    // 46.8 KB for 59 tools once /astro/strengths joined (issue 47).
    expect(bytes).toBeLessThan(47_500);
  });
});
