// Where the pool's browser comes from: a Chromium launched here (BROWSER_PATH, the embedded
// default), or a browser tier reached over the network, a Playwright browser server
// (BROWSER_WS_ENDPOINT, `chromium.connect`) or a Chrome DevTools endpoint such as Browserless
// (BROWSER_CDP_URL, `connectOverCDP`). A launched browser is given the guarded proxy on its
// command line; a remote one cannot be given launch flags, so the pool gives each of its
// contexts the proxy instead (pool.ts). See docs/decisions/browser-tier.md.

import { connect as tcpConnect } from 'node:net';
import type { Browser } from 'playwright-core';
import { assertExecutable, BrowserUnavailableError } from './errors.js';
import { chromiumArgs } from './flags.js';

export type BrowserTier =
  | { kind: 'local'; executablePath: string }
  /** A Playwright browser server; `token` is sent as its `token` query parameter (Browserless's form). */
  | { kind: 'playwright'; wsEndpoint: string; token?: string }
  | { kind: 'cdp'; url: string };

/** How long a request waits after the tier failed to answer before asking again (Retry-After). */
export const TIER_RETRY_AFTER_S = 5;
const LAUNCH_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 10_000;

/** The tier's address for messages and /health: scheme, host and port only (a path or query may hold its secret). */
export function tierAddress(tier: BrowserTier): string {
  if (tier.kind === 'local') return tier.executablePath;
  const u = new URL(tier.kind === 'playwright' ? tier.wsEndpoint : tier.url);
  return `${u.protocol}//${u.host}`;
}

/** The launched browser (behind the proxy on proxyPort), or a connection to the remote one. */
export async function openBrowser(tier: BrowserTier, proxyPort: number): Promise<Browser> {
  if (tier.kind === 'local') await assertExecutable(tier.executablePath);
  // Imported on first use: playwright-core is the largest library the service loads (a third
  // of the process's start-up CPU), and most instances never start a browser.
  const { chromium } = await import('playwright-core');
  try {
    if (tier.kind === 'local') {
      return await chromium.launch({
        executablePath: tier.executablePath,
        args: chromiumArgs(proxyPort),
        headless: true,
        chromiumSandbox: false,
        timeout: LAUNCH_TIMEOUT_MS,
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
    }
    if (tier.kind === 'playwright') {
      const endpoint = new URL(tier.wsEndpoint);
      if (tier.token) endpoint.searchParams.set('token', tier.token);
      return await chromium.connect(endpoint.href, { timeout: CONNECT_TIMEOUT_MS });
    }
    return await chromium.connectOverCDP(tier.url, { timeout: CONNECT_TIMEOUT_MS });
  } catch (err) {
    const why = (err as Error).message.split('\n')[0];
    if (tier.kind === 'local') throw new BrowserUnavailableError(`the browser at BROWSER_PATH=${tier.executablePath} did not start: ${why}`);
    throw tierDown(tier, `did not answer: ${why}`);
  }
}

/** The error of a browser tier that is away: 503 with Retry-After. */
export function tierDown(tier: BrowserTier, what: string): BrowserUnavailableError {
  const setting = tier.kind === 'playwright' ? 'BROWSER_WS_ENDPOINT' : tier.kind === 'cdp' ? 'BROWSER_CDP_URL' : 'BROWSER_PATH';
  return new BrowserUnavailableError(`the browser at ${setting}=${tierAddress(tier)} ${what}`, {
    retryAfterS: TIER_RETRY_AFTER_S,
    hint: tier.kind === 'local' ? 'the next request starts the browser again' : 'the browser tier is away; the next request connects again',
  });
}

/** Whether the tier could serve now: the binary is there, or the remote address takes a TCP connection. */
export async function tierReachable(tier: BrowserTier, timeoutMs: number): Promise<boolean> {
  if (tier.kind === 'local')
    return assertExecutable(tier.executablePath).then(
      () => true,
      () => false,
    );
  const u = new URL(tier.kind === 'playwright' ? tier.wsEndpoint : tier.url);
  const secure = u.protocol === 'wss:' || u.protocol === 'https:';
  const port = Number(u.port || (secure ? 443 : 80));
  return new Promise<boolean>((resolve) => {
    const socket = tcpConnect({ host: u.hostname.replace(/^\[|\]$/g, ''), port, timeout: timeoutMs });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}
