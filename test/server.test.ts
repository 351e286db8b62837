// The process entry as an operator runs it: an invalid setting stops it with a message
// naming the setting; a valid one serves /health and closes cleanly on SIGTERM.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServer, connect } from 'node:net';
import { freePort, startServer as start } from './helpers/server-process.js';
import { PG_URL } from './helpers/env.js';

describe('server process', () => {
  it('stops at start on an invalid setting, naming it', async () => {
    const p = start({ PORT: 'eighty' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('invalid setting PORT');
  });

  it('serves /health on an embedded SQLite file and exits 0 on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jankari-'));
    const p = start({ DATABASE_URL: `sqlite:${dir}/nested/j.db`, SCHEDULER_ENABLED: 'false' });
    await p.ready();
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  });

  it('waits for a database that is not reachable, then exits 1 with one line saying why', async () => {
    const p = start({ DATABASE_URL: `postgres://postgres@127.0.0.1:${freePort()}/test`, DATABASE_START_TIMEOUT_MS: '1500', SCHEDULER_ENABLED: 'false' });
    expect(await p.exited).toBe(1);
    const out = p.output();
    expect(out).toMatch(/database not reachable yet \(ECONNREFUSED\); retrying in \d+ ms/);
    expect(out).toContain('the database did not answer within 2 s (ECONNREFUSED); check DATABASE_URL');
    expect(out).not.toMatch(/^\s+at /m);
  });

  it.runIf(PG_URL)('starts once a database that was down at first comes up', async () => {
    const pgUrl = new URL(PG_URL!);
    const port = freePort();
    const url = new URL(pgUrl);
    url.host = `127.0.0.1:${port}`;
    const p = start({ DATABASE_URL: url.toString(), DATABASE_START_TIMEOUT_MS: '30000', SCHEDULER_ENABLED: 'false' });
    // Once the server has been refused at least once, PostgreSQL "comes up": a proxy to the
    // real server starts listening on the port.
    // However long the process takes to start on a busy machine (a bound only against a hang).
    for (let i = 0; i < 4800 && !p.output().includes('database not reachable yet'); i++) await new Promise((r) => setTimeout(r, 50));
    const proxy = createServer((c) => {
      const up = connect(Number(pgUrl.port || 5432), pgUrl.hostname);
      c.pipe(up).pipe(c);
      c.on('error', () => up.destroy());
      up.on('error', () => c.destroy());
    });
    await new Promise<void>((r) => proxy.listen(port, '127.0.0.1', r));
    try {
      await p.ready();
      expect(p.output()).toMatch(/database reachable after \d+ tries/);
    } finally {
      p.child.kill('SIGTERM');
      await p.exited;
      proxy.close();
    }
  });
});
