// The server as `npm start` runs it (entry: server.ts): config, app, listen, graceful close.

import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import { saveCompileCacheSoon } from './core/compile-cache.js';
import { DatabaseNotReady, waitForDatabase } from './core/db/index.js';

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

const { app, startLoads } = await buildApp(config);

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
