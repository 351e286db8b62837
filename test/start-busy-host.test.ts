// The compiled server starts on a host whose cores and disk are busy: it listens and answers
// /health/live before its data loads end (they run after listen, each reporting its state),
// and it does not exit. Until this, the IP data was opened inside Fastify's onReady hook and its
// fixed 10 s timeout killed the process on a loaded machine (FST_ERR_HOOK_TIMEOUT). How fast it
// starts is measured by `npm run bench:start`; this test asserts the order of events, not speed.

import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { busyHost } from './helpers/busy.js';
import { offlineUpstreams, ROOT, startServer } from './helpers/server-process.js';

const run = promisify(execFile);

/** Polls `url` until `ok` holds for its answer; a deadline only so that a hang fails. */
async function until(url: string, ok: (status: number, body: string) => boolean): Promise<void> {
  const end = Date.now() + 240_000;
  while (Date.now() < end) {
    const got = await fetch(url).then(
      async (r) => [r.status, await r.text()] as const,
      () => [0, ''] as const,
    );
    if (ok(got[0], got[1])) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no answer as wanted from ${url}`);
}

describe('start on a busy host', () => {
  it('answers /health/live before its data loads end, with every core and the disk busy, and keeps running', async () => {
    await run(process.execPath, [join(ROOT, 'scripts/build-if-stale.mjs')], { cwd: ROOT });
    const busy = busyHost();
    const dir = mkdtempSync(join(tmpdir(), 'jankari-busy-'));
    // The scheduler on, as `npm start` runs: the catch-up loads (PIN and IFSC data, crawls
    // against upstreams that refuse) run too.
    const p = startServer({ ...offlineUpstreams(), DATABASE_URL: `sqlite:${dir}/j.db`, LOG_LEVEL: 'info' }, [process.execPath, 'dist/server.js']);
    const t0 = Date.now();
    try {
      await until(`${p.base}/health/live`, (s) => s === 200);
      const liveMs = Date.now() - t0;
      let readyBody = '';
      await until(`${p.base}/health/ready`, (s, body) => s === 200 && !JSON.parse((readyBody = body)).loading.includes('ip-data'));
      const loadedMs = Date.now() - t0;

      expect(p.child.exitCode).toBeNull();
      // The log line of the load's end may reach the pipe a moment after /health/ready says so.
      for (let i = 0; i < 2400 && !p.output().includes('"msg":"ip-data loaded"'); i++) await new Promise((r) => setTimeout(r, 50));
      const out = p.output();
      const listening = out.indexOf('Server listening');
      const ipLoaded = out.indexOf('"msg":"ip-data loaded"');
      expect(listening).toBeGreaterThanOrEqual(0);
      expect(ipLoaded).toBeGreaterThan(listening);
      expect(out).not.toContain('FST_ERR_HOOK_TIMEOUT');
      expect((await fetch(`${p.base}/ip?ip=8.8.8.8`)).status).toBe(200);
      // The timeline, for the record (the benchmark measures it properly).
      console.log(`busy host: /health/live after ${liveMs} ms, ip-data loaded after ${loadedMs} ms; ready: ${readyBody}`);
    } finally {
      await busy.stop();
      p.child.kill('SIGTERM');
      await p.exited;
    }
  });
});
