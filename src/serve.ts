// The server as `npm start` runs it (entry: server.ts): config, app, listen, graceful close.

import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import { saveCompileCacheSoon } from './core/compile-cache.js';
import { DatabaseNotReady, waitForDatabase } from './core/db/index.js';

/** How long after listening the MCP tool set is built (see below). */
const MCP_TOOLS_AFTER_MS = 1_000;

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`jankari: ${err.message}`);
    process.exit(1);
  }
  throw err;
}

// A database that is not up yet is waited for (one line per try), not a stack trace.
try {
  await waitForDatabase(config.DATABASE_URL, { timeoutMs: config.DATABASE_START_TIMEOUT_MS, say: (line) => console.error(`jankari: ${line}`) });
} catch (err) {
  console.error(
    `jankari: ${err instanceof DatabaseNotReady ? err.message : `the database could not be opened: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`}`,
  );
  process.exit(1);
}

const { app, startLoads, mcpTools } = await buildApp(config);

// On SIGTERM/SIGINT: stop accepting, let in-flight requests finish (up to the grace), close pools.
closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an uncaught error');
  else app.log.info({ signal }, 'closing');
  await app.close();
});

try {
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (err) {
  app.log.fatal({ err }, 'could not listen');
  process.exit(1);
}
saveCompileCacheSoon();
// Data loads run once the port answers, in the background, each reporting its state
// (/health/ready lists those still loading); a route whose data is not there answers 503.
void startLoads();
// The MCP tool set (the API document, every tool's schema) is built in the start-up phase too:
// a second of the event loop on a busy host, paid once here rather than by the first POST /mcp
// while other requests wait (bench:hostile, docs/decisions/mcp-batch-budget.md). Not once the
// loads end (a load that fetches from an upstream it cannot reach may not end for a long while),
// and not at once: the first requests after listen (a health check) are answered first
// (docs/decisions/start-up.md).
if (config.MCP_ENABLED) {
  setTimeout(() => {
    try {
      mcpTools();
    } catch (err) {
      app.log.error({ err }, 'the MCP tool set could not be built; POST /mcp will try again');
    }
  }, MCP_TOOLS_AFTER_MS).unref();
}
