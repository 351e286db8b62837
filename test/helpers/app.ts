// Builds the whole app in process for a test, from environment-style settings, with the
// test defaults: in-memory SQLite, silent logs, no scheduler, no rate limit.

import { loadConfig } from '../../src/config.js';
import { buildApp, type BuildOptions } from '../../src/app.js';
import { withService } from '../../src/modules.js';

export const TEST_DEFAULTS: Record<string, string> = {
  DATABASE_URL: 'sqlite::memory:',
  LOG_LEVEL: 'silent',
  SCHEDULER_ENABLED: 'false',
  RATE_LIMIT_MAX: '0',
};

export async function testApp(env: Record<string, string> = {}, opts: BuildOptions = {}) {
  const config = loadConfig({ ...TEST_DEFAULTS, ...env });
  // A chosen list of groups still gets the service group (/, /health).
  const modules = opts.modules ? withService(opts.modules) : undefined;
  const built = await buildApp(config, { logLevel: env.LOG_LEVEL ?? 'silent', ...opts, modules });
  await built.app.ready();
  return { ...built, config, close: () => built.app.close() };
}
