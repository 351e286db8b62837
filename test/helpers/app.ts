// Builds the whole app in process for a test, from environment-style settings, with the
// test defaults: in-memory SQLite, silent logs, no scheduler, no rate limit.

import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config.js';
import { buildApp, type BuildOptions } from '../../src/app.js';
import { withService } from '../../src/modules.js';

export const TEST_DEFAULTS: Record<string, string> = {
  DATABASE_URL: 'sqlite::memory:',
  LOG_LEVEL: 'silent',
  SCHEDULER_ENABLED: 'false',
  RATE_LIMIT_MAX: '0',
};

export interface TestAppOptions extends BuildOptions {
  /** Runs on the built app before it is ready (hooks added then apply to every route). */
  beforeReady?: (app: FastifyInstance) => void;
}

export async function testApp(env: Record<string, string> = {}, opts: TestAppOptions = {}) {
  const { beforeReady, ...build } = opts;
  const config = loadConfig({ ...TEST_DEFAULTS, ...env });
  // A chosen list of groups still gets the service group (/, /health).
  const modules = build.modules ? withService(build.modules) : undefined;
  const built = await buildApp(config, { logLevel: env.LOG_LEVEL ?? 'silent', ...build, modules });
  beforeReady?.(built.app);
  await built.app.ready();
  // The fixture world is fully loaded before a test asks anything (a test of the loading
  // state builds its app with buildApp and starts the loads itself).
  await built.startLoads();
  return { ...built, config, close: () => built.app.close() };
}
