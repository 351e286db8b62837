// Process entry: config, app, listen, graceful close.

import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';

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

const { app } = await buildApp(config);

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
