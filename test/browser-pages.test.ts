// The two HTML pages in a real browser (headless Chromium, when JANKARI_TEST_CHROMIUM names one;
// CI always does): they load and render with no console message, so the Content-Security-Policy
// the server sends blocks nothing the page needs.

import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from './helpers/app.js';
import { CHROMIUM } from './helpers/env.js';

const run = promisify(execFile);

/** Loads a page headless; returns the rendered DOM and the console lines Chromium logged. */
async function load(url: string): Promise<{ dom: string; console: string[] }> {
  const flags = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    // Without these, Chromium phones home at start and the closed network refuses it.
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--user-data-dir=${mkdtempSync(join(tmpdir(), 'jankari-chromium-'))}`,
    '--enable-logging=stderr',
    '--v=0',
    '--virtual-time-budget=5000',
    '--dump-dom',
    url,
  ];
  const { stdout, stderr } = await run(CHROMIUM!, flags, { timeout: 60_000, maxBuffer: 20 * 1024 * 1024 });
  return { dom: stdout, console: stderr.split('\n').filter((l) => /:CONSOLE/.test(l)) };
}

describe.runIf(CHROMIUM)('HTML pages in headless Chromium', () => {
  let base = '';
  let close: () => Promise<void>;
  beforeAll(async () => {
    const t = await testApp();
    close = t.close;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => close());

  it('renders the landing listing without a console message', async () => {
    const page = await load(`${base}/`);
    expect(page.dom).toContain('<h1>jankari</h1>');
    expect(page.console).toEqual([]);
  }, 90_000);

  it('renders the docs UI, operations listed, without a console message', async () => {
    const page = await load(`${base}/docs/`);
    expect(page.dom).toContain('opblock');
    expect(page.dom).toContain('/numerology');
    expect(page.console).toEqual([]);
  }, 90_000);
});
