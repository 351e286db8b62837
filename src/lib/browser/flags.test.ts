// The switches of a browser tier: what the README tells an operator to start one with is what
// `npm run browser-server` and the tests start theirs with.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserTierArgs, chromiumArgs } from './flags.js';

describe('browser switches', () => {
  it('give a browser tier what the launched browser has, less the proxy itself', () => {
    const tier = browserTierArgs(['jankari-1', '10.0.0.5']);
    expect(tier[0]).toBe('--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE jankari-1 , EXCLUDE 10.0.0.5');
    const local = chromiumArgs(3128);
    expect(local.filter((a) => !a.startsWith('--proxy-') && !a.startsWith('--host-resolver-rules'))).toEqual(tier.slice(1));
    // Without a proxy host, no resolver rule: it would shut the proxy out too.
    expect(browserTierArgs([]).some((a) => a.startsWith('--host-resolver-rules'))).toBe(false);
  });

  it('are all listed in the README for operators of a browser tier', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    for (const arg of browserTierArgs(['<proxy host of each instance>'])) expect(readme).toContain(arg);
  });
});
