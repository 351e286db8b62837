// The service as an operator runs it: a real process on a free port, for the tests that must
// see what an in-process app.inject cannot (a hung event loop, signals, the listening socket).

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { SETTINGS } from '../../src/config.js';
import { MOVING_SETTINGS } from './fixture-upstream.js';

export const ROOT = new URL('../..', import.meta.url).pathname;
// The TypeScript loader inside the one node process, not tsx's CLI: the CLI runs the server as
// a child of its own, which a test killing the CLI would leave behind, still running.
const FROM_SOURCE = [process.execPath, '--import', 'tsx', 'src/server.ts'];

/** Every upstream base URL pointed at a closed local port: nothing a test starts reaches the internet. */
export function offlineUpstreams(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const s of SETTINGS) {
    if (s.env.endsWith('_URL') && 'default' in s && /^https?:/.test(s.default)) env[s.env] = 'http://127.0.0.1:9';
  }
  for (const name of Object.keys(MOVING_SETTINGS)) env[name] = 'http://127.0.0.1:9';
  return env;
}

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
  base: string;
  /** Resolves once /health answers 200 (or rejects after the deadline). */
  ready(deadlineMs?: number): Promise<void>;
}

/**
 * A port for a server process to listen on, chosen here because the process is given it in its
 * environment. Below the kernel's ephemeral range: the ports listen(0) and outgoing connections
 * are handed come from that range, and a random pick inside it once collided with one of the
 * suite's own (EADDRINUSE). Not one a socket uses now either (other services on the machine).
 */
export function freePort(): number {
  const taken = portsInUse();
  const low = 10_000;
  const high = Math.max(low + 2_000, ephemeralLow());
  for (;;) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (!taken.has(port)) return port;
  }
}

/** The first port of the kernel's ephemeral range (Linux), 32768 where it cannot be read. */
function ephemeralLow(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

/** Local ports of every TCP socket now (Linux: /proc/net/tcp and tcp6); none where unreadable. */
function portsInUse(): Set<number> {
  const ports = new Set<number>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    // Each line after the header: "sl local_address:port remote_address:port st ...", hex.
    for (const line of text.split('\n').slice(1)) {
      const local = line.trim().split(/\s+/)[1];
      if (local) ports.add(parseInt(local.slice(local.lastIndexOf(':') + 1), 16));
    }
  }
  return ports;
}

/** Starts src/server.ts with the given settings (and a clean environment beside them). */
export function startServer(env: Record<string, string>, command: readonly string[] = FROM_SOURCE): ServerProcess {
  const port = env.PORT ?? String(freePort());
  const child = spawn(command[0], command.slice(1), {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: port, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const base = `http://127.0.0.1:${port}`;
  return {
    child,
    exited,
    output: () => out,
    base,
    async ready(deadlineMs = 240_000) {
      const until = Date.now() + deadlineMs;
      while (Date.now() < until) {
        const status = await fetch(`${base}/health`).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 200) return;
        if (child.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 150));
      }
      throw new Error(`the server did not serve /health:\n${out}`);
    },
  };
}
