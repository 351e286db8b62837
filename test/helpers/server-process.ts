// The service as an operator runs it: a real process on a free port, for the tests that must
// see what an in-process app.inject cannot (a hung event loop, signals, the listening socket).

import { spawn, type ChildProcess } from 'node:child_process';
import { SETTINGS } from '../../src/config.js';

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

export const freePort = () => 20000 + Math.floor(Math.random() * 20000);

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
    async ready(deadlineMs = 30_000) {
      const until = Date.now() + deadlineMs;
      while (Date.now() < until) {
        const status = await fetch(`${base}/health`).then((r) => r.status, () => 0);
        if (status === 200) return;
        if (child.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 150));
      }
      throw new Error(`the server did not serve /health:\n${out}`);
    },
  };
}
