// npm run bench:mcp-sizes: the bytes a model reads over MCP, with every
// upstream pointed at a closed port: tools/list (all toolsets, and each), and each tool's answer
// to its route's listing example, in its default and in detail full; the resources listed and
// each read. Figures for
// docs/decisions/mcp-sizing.md.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { testApp } from '../test/helpers/app.js';
import { offlineUpstreams } from '../test/helpers/server-process.js';
import { createMcpServer } from '../src/mcp/sdk-server.js';
import { exampleCalls } from '../test/helpers/mcp-examples.js';
import { DEFAULT_TOOLSETS, TOOLSETS } from '../src/mcp/toolsets.js';

const t = await testApp(offlineUpstreams());
const set = t.mcpTools();
const [near, far] = InMemoryTransport.createLinkedPair();
await createMcpServer(set, () => ({ id: 'bench', ip: '127.0.0.1', headers: {}, log: t.app.log, protocol: 'http', host: 'localhost' })).connect(far);
const client = new Client({ name: 'mcp-sizes', version: '1.0.0' });
await client.connect(near);
const listBytes = (toolsets: ReadonlySet<string>) => Buffer.byteLength(JSON.stringify({ tools: set.select(toolsets).listed }));
console.log(`tools/list, default toolsets: ${set.select(DEFAULT_TOOLSETS).listed.length} tools, ${listBytes(DEFAULT_TOOLSETS)} bytes`);
console.log(`tools/list, all: ${set.listed.length} tools, ${listBytes(new Set(TOOLSETS))} bytes`);
for (const t of TOOLSETS) console.log(`tools/list, ${t}: ${set.select(new Set([t])).listed.length} tools, ${listBytes(new Set([t]))} bytes`);
console.log('tool\tdefault bytes\tdetail full bytes');
for (const [name, args] of await exampleCalls(t.app, set)) {
  const r = await client.callTool({ name, arguments: args });
  const full = await client.callTool({ name, arguments: { ...args, detail: 'full' } }).catch(() => undefined);
  console.log(`${name}\t${Buffer.byteLength(JSON.stringify(r))}\t${full ? Buffer.byteLength(JSON.stringify(full)) : '-'}\t${r.isError ? 'error' : 'ok'}`);
}
// Resources cost nothing until read; a read is the whole answer (src/mcp/resources.ts).
const { resources } = await client.listResources();
const { resourceTemplates } = await client.listResourceTemplates();
console.log(
  `resources/list: ${resources.length} resources, ${Buffer.byteLength(JSON.stringify({ resources }))} bytes; templates: ${resourceTemplates.length}, ${Buffer.byteLength(JSON.stringify({ resourceTemplates }))} bytes`,
);
for (const { uri } of resources) {
  const read = await client.readResource({ uri }).catch((e: Error) => e);
  console.log(`${uri}	${read instanceof Error ? `error: ${read.message}` : Buffer.byteLength(JSON.stringify(read))}`);
}
await client.close();
await t.close();
