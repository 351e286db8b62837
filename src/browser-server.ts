// `npm run browser-server -- [--listen host:port] [--proxy-hosts a,b]`: a browser tier for
// instances that set BROWSER_WS_ENDPOINT to it (the compose profile `browser-tier` runs it).
// Playwright's browser server on the Chromium at BROWSER_PATH, with the switches a browser
// tier needs; connections must carry BROWSER_WS_TOKEN when it is set. --proxy-hosts names the
// instances' proxies (their BROWSER_PROXY_ADVERTISE hosts), the only hosts the browser may
// resolve. The process exits when its browser does, for the supervisor to start it again.

import { ConfigError, loadConfig, parseHostPort } from './config.js';
import { startTierServer } from './lib/browser/server.js';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

try {
  const config = loadConfig();
  const listen = parseHostPort(option('listen') ?? '0.0.0.0:3000');
  if (!listen) throw new ConfigError('--listen', 'must be host:port');
  const proxyHosts = (option('proxy-hosts') ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  const server = await startTierServer({ executablePath: config.BROWSER_PATH, ...listen, proxyHosts, token: config.BROWSER_WS_TOKEN });
  console.log(`browser tier on ${server.endpoint} (Chromium at ${config.BROWSER_PATH}; proxies it may reach: ${proxyHosts.join(', ') || 'none named'})`);
  let stopping = false;
  const stop = () => {
    stopping = true;
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  await server.exited;
  if (!stopping) {
    console.error('the browser exited');
    process.exit(1);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
