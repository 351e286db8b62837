// The process entry as an operator runs it: an invalid setting stops it with a message
// naming the setting; a valid one serves /health and closes cleanly on SIGTERM.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const tsx = join(root, 'node_modules/.bin/tsx');

function start(env: Record<string, string>) {
  const child = spawn(tsx, ['src/server.ts'], { cwd: root, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, exited, output: () => out };
}

describe('server process', () => {
  it('stops at start on an invalid setting, naming it', async () => {
    const p = start({ PORT: 'eighty' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('invalid setting PORT');
  }, 30_000);

  it('serves /health on an embedded SQLite file and exits 0 on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jankari-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const p = start({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${dir}/nested/j.db`, SCHEDULER_ENABLED: 'false' });
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.status, () => 0);
    }
    expect(status).toBe(200);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  }, 40_000);
});
