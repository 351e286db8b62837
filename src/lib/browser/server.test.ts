// Our own browser tier (`npm run browser-server`, the compose profile's browser service) with a
// real Chromium (JANKARI_TEST_CHROMIUM): the pool renders through it with the token the
// instances send, and a connection without that token gets no browser.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from '../../../test/helpers/env.js';
import { BrowserUnavailableError } from './errors.js';
import { BrowserPool } from './pool.js';
import { startTierServer, type TierServer } from './server.js';

describe.runIf(CHROMIUM)('the browser tier server', () => {
  let tier: TierServer;
  let site: Server;
  let page = '';

  beforeAll(async () => {
    site = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Through the tier</title><p>hi</p>'));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    page = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    tier = await startTierServer({ executablePath: CHROMIUM!, host: '127.0.0.1', port: 0, proxyHosts: ['127.0.0.1'], token: 'tier-token' });
  });
  afterAll(async () => {
    await tier?.close();
    site?.close();
  });

  const pool = (token?: string) =>
    new BrowserPool({
      executablePath: '/nonexistent/chromium',
      remote: { kind: 'playwright', wsEndpoint: tier.endpoint, token },
      contexts: 1,
      timeoutMs: 10_000,
      allowHosts: ['127.0.0.1'],
    });

  it('answers its health check', async () => {
    const res = await fetch(`${tier.endpoint.replace('ws:', 'http:')}health`);
    expect(res.status).toBe(200);
  });

  it('serves a pool that sends its token', async () => {
    const p = pool('tier-token');
    try {
      expect((await p.render(new URL(page))).title).toBe('Through the tier');
    } finally {
      await p.close();
    }
  });

  it.each([undefined, 'wrong'])('gives no browser to a connection with token %s: a 503 with Retry-After', async (token) => {
    const p = pool(token);
    try {
      const err = await p.render(new URL(page)).catch((e) => e);
      expect(err).toBeInstanceOf(BrowserUnavailableError);
      expect(err.message).toMatch(/BROWSER_WS_ENDPOINT=ws:\/\/127\.0\.0\.1:\d+ did not answer: .*401/);
      expect(err.message).not.toContain('tier-token');
      expect(err.opts.retryAfterS).toBe(5);
    } finally {
      await p.close();
    }
  });
});
