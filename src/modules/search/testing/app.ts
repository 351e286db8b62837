// Test support, imported by tests only: an app serving search (and whatever other modules a
// test adds) against fake engines, torn down after each test.

import { afterEach } from 'vitest';
import type { JankariModule } from '../../../core/module.js';
import { testApp } from '../../../../test/helpers/app.js';
import { searchModule } from '../index.js';
import { fakeEngines } from './fake-engines.js';

/** Registers the teardown hook; returns the cleanup list and the setup function. */
export function searchApps(extraModules: readonly JankariModule[] = []) {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });
  async function setup(engines: Parameters<typeof fakeEngines>[0], env: Record<string, string> = {}) {
    const fakes = await fakeEngines(engines);
    cleanups.push(fakes.close);
    // The deadline at its most: a search returns as soon as every engine has answered, so it costs
    // nothing, and an engine that answers is never listed late because the machine was busy.
    const t = await testApp({ SEARCH_DEADLINE_MS: '30000', ...fakes.env, ...env }, { modules: [searchModule, ...extraModules] });
    cleanups.push(t.close);
    const get = async (url: string, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({ url, headers });
      return { status: res.statusCode, body: res.json() };
    };
    return { ...t, fakes, get };
  }
  return { cleanups, setup };
}
