// `npm run mcp` (entry: mcp-stdio.ts): the MCP tools over stdio, for a desktop client that starts the server as a
// child process. The whole app is built as for `npm start` (modules, database, start-up loads,
// scheduler as configured) but listens on no port; tool calls run inside it as local requests
// from 127.0.0.1 carrying no key. stdout is the protocol's: logs go to stderr.

import closeWithGrace from 'close-with-grace';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import { saveCompileCacheSoon } from './core/compile-cache.js';
import { DatabaseNotReady, waitForDatabase } from './core/db/index.js';
import { randomUUID } from 'node:crypto';
import { createMcpServer } from './mcp/sdk-server.js';
import { toolsetsIn, unknownToolset } from './mcp/toolsets.js';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`jankari mcp: ${err.message}`);
    process.exit(1);
  }
  throw err;
}

try {
  await waitForDatabase(config.DATABASE_URL, { timeoutMs: config.DATABASE_START_TIMEOUT_MS, say: (line) => console.error(`jankari mcp: ${line}`) });
} catch (err) {
  console.error(
    `jankari mcp: ${err instanceof DatabaseNotReady ? err.message : `the database could not be opened: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`}`,
  );
  process.exit(1);
}

// --toolsets=astro,panchang picks the tools this client lists; else MCP_TOOLSETS, as over HTTP.
const toolsetsArg = process.argv.find((a) => a.startsWith('--toolsets='))?.slice('--toolsets='.length);
const toolsets = toolsetsIn(toolsetsArg ?? config.MCP_TOOLSETS);
if ('unknown' in toolsets) {
  console.error(`jankari mcp: ${toolsetsArg === undefined ? 'MCP_TOOLSETS' : '--toolsets'}: ${unknownToolset(toolsets.unknown)}`);
  process.exit(1);
}

const { app, mcpTools, startLoads } = await buildApp(config, { logStream: process.stderr });
await app.ready();
// The tools are read on the first tools/list or tools/call, not before the handshake (sdk-server.ts).
// Each call as a local request with no key, with an id of its own (as a request without x-request-id gets).
const server = createMcpServer(
  () => mcpTools().select(toolsets.toolsets),
  () => ({
    id: randomUUID(),
    ip: '127.0.0.1',
    headers: {},
    log: app.log,
    protocol: 'http',
    host: 'localhost:80',
  }),
);

let closing: Promise<void> | undefined;
const close = () =>
  (closing ??= (async () => {
    await server.close();
    await app.close();
  })());

// The client ends the session by closing our stdin (or by a signal).
process.stdin.once('end', () => void close().then(() => process.exit(0)));
closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS }, async ({ err }) => {
  if (err) app.log.error({ err }, 'closing after an uncaught error');
  await close();
});

await server.connect(new StdioServerTransport());
saveCompileCacheSoon();
// After the handshake can be answered: a client must not wait for data loads to start a session.
void startLoads();
