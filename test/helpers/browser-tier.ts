// Browser tiers for the browser tests: a real Playwright browser server (playwright-core's
// launchServer) and a real Chrome DevTools endpoint (Chromium with --remote-debugging-port),
// both on this machine's Chromium (JANKARI_TEST_CHROMIUM), started with the switches the README
// gives a browser tier (browserTierArgs). JANKARI_TEST_BROWSER_TIER picks the tier the browser
// suites run through: local (default: the pool launches Chromium), playwright or cdp.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserServer, chromium } from 'playwright-core';
import type { BrowserPoolOptions } from '../../src/lib/browser/index.js';
import { browserTierArgs } from '../../src/lib/browser/index.js';
import { testApp, type TestAppOptions } from './app.js';
import { BROWSER_TIER, CHROMIUM } from './env.js';

/** The test proxy's address as the browser reaches it (the instance and the tier share this machine). */
const PROXY_HOST = '127.0.0.1';

/** A Playwright browser server that can be stopped and started again on the same address. */
export class PlaywrightServer {
  private server?: BrowserServer;
  private port = 0;
  private readonly path = `/pw-${Math.random().toString(36).slice(2)}`;

  get endpoint(): string {
    return `ws://127.0.0.1:${this.port}${this.path}`;
  }

  async start(): Promise<this> {
    this.server = await chromium.launchServer({
      executablePath: CHROMIUM!,
      args: browserTierArgs([PROXY_HOST]),
      headless: true,
      port: this.port,
      host: '127.0.0.1',
      wsPath: this.path,
    });
    this.port = Number(new URL(this.server.wsEndpoint()).port);
    return this;
  }

  /** Its Chromium killed at once, as a crash or an out-of-memory kill would. */
  async kill(): Promise<void> {
    await this.server?.kill();
    this.server = undefined;
  }

  async stop(): Promise<void> {
    await this.server?.close();
    this.server = undefined;
  }
}

/** A Chromium serving the Chrome DevTools Protocol (what Browserless and `chrome --remote-debugging-port` offer); started again, on the same port. */
export class CdpBrowser {
  private child?: ChildProcess;
  private dir?: string;
  private port = 0;
  url = '';

  async start(): Promise<this> {
    this.dir = mkdtempSync(join(tmpdir(), 'jt-cdp-'));
    const child = spawn(
      CHROMIUM!,
      [
        ...browserTierArgs([PROXY_HOST]),
        '--remote-debugging-address=127.0.0.1',
        `--remote-debugging-port=${this.port}`,
        `--user-data-dir=${this.dir}`,
        'about:blank',
      ],
      // Its own process group: stop() kills the browser's helper processes with it.
      { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
    );
    this.child = child;
    const ws = await new Promise<string>((resolve, reject) => {
      let err = '';
      const timer = setTimeout(() => reject(new Error(`Chromium printed no DevTools address: ${err.slice(-500)}`)), 30_000);
      child.stderr!.on('data', (d: Buffer) => {
        err += d.toString();
        const m = /DevTools listening on (ws:\/\/\S+)/.exec(err);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${err.slice(-500)}`)));
    });
    // The http form, as Browserless and most CDP services are given: Playwright asks /json/version.
    this.url = `http://${new URL(ws).host}`;
    this.port = Number(new URL(ws).port);
    return this;
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // The whole group: killed alone, the main process left its zygote and renderers writing
      // the profile while it was removed (ENOTEMPTY under load, twice).
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
      await exited;
    }
    // A helper process may still be closing files for a moment after the group is killed: retry.
    if (this.dir) rmSync(this.dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}

/** The tier the browser suites run through, started; `settings` point an app at it, `pool` a BrowserPool. */
export interface TestBrowserTier {
  name: 'local' | 'playwright' | 'cdp';
  settings: Record<string, string>;
  pool: Pick<BrowserPoolOptions, 'executablePath' | 'remote'>;
  close(): Promise<void>;
}

export async function startBrowserTier(name = BROWSER_TIER): Promise<TestBrowserTier> {
  if (name === 'playwright') {
    const server = await new PlaywrightServer().start();
    return {
      name,
      settings: { BROWSER_WS_ENDPOINT: server.endpoint },
      pool: { executablePath: '/nonexistent/chromium', remote: { kind: 'playwright', wsEndpoint: server.endpoint } },
      close: () => server.stop(),
    };
  }
  if (name === 'cdp') {
    const browser = await new CdpBrowser().start();
    return {
      name,
      settings: { BROWSER_CDP_URL: browser.url },
      pool: { executablePath: '/nonexistent/chromium', remote: { kind: 'cdp', url: browser.url } },
      close: () => browser.stop(),
    };
  }
  return { name: 'local', settings: { BROWSER_PATH: CHROMIUM! }, pool: { executablePath: CHROMIUM! }, close: async () => {} };
}

/** testApp with its browser on the tier under test; its close() stops that tier too. */
export async function browserTestApp(env: Record<string, string>, opts: TestAppOptions = {}): Promise<Awaited<ReturnType<typeof testApp>>> {
  const tier = await startBrowserTier();
  const t = await testApp({ ...env, ...tier.settings }, opts);
  return {
    ...t,
    close: async () => {
      await t.close();
      await tier.close();
    },
  };
}
