// npm run bench:start — how soon a new process answers, on a quiet host and on a busy one
// (every core spinning and the disk writing, test/helpers/busy.ts). Three processes are timed
// from spawn to their first 200, in turns, in the same run:
//   floor     a bare node:http server (what Node itself costs to start and answer)
//   jankari   the compiled server (dist/server.js), to /health/live
//   loaded    the same server, to the end of its largest data load (ip-data, in /health/ready)
// The ratios to the floor are what to compare between runs; the milliseconds depend on the host.

import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { busyHost } from '../test/helpers/busy.js';
import { freePort, offlineUpstreams, ROOT } from '../test/helpers/server-process.js';

const ROUNDS = Number(process.env.ROUNDS ?? 3);

async function poll(url: string, ok: (status: number, body: string) => boolean): Promise<void> {
  for (;;) {
    const [s, b] = await fetch(url).then(
      async (r) => [r.status, await r.text()] as const,
      () => [0, ''] as const,
    );
    if (ok(s, b)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function floor(): Promise<number> {
  const port = freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, ['-e', `require('node:http').createServer((q, s) => s.end('{"status":"ok"}')).listen(${port}, '127.0.0.1')`], {
    stdio: 'ignore',
  });
  await poll(`http://127.0.0.1:${port}/`, (s) => s === 200);
  const ms = performance.now() - t0;
  child.kill('SIGKILL');
  return ms;
}

async function jankari(): Promise<{ live: number; loaded: number }> {
  const port = freePort();
  const dir = mkdtempSync(join(tmpdir(), 'jankari-start-'));
  const t0 = performance.now();
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      ...offlineUpstreams(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${dir}/j.db`,
      LOG_LEVEL: 'warn',
      SCHEDULER_ENABLED: 'false',
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  await poll(`${base}/health/live`, (s) => s === 200);
  const live = performance.now() - t0;
  await poll(`${base}/health/ready`, (s, b) => s === 200 && !JSON.parse(b).loading.includes('ip-data'));
  const loaded = performance.now() - t0;
  child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  return { live, loaded };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(label: string): Promise<void> {
  const f: number[] = [];
  const live: number[] = [];
  const loaded: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    f.push(await floor());
    const j = await jankari();
    live.push(j.live);
    loaded.push(j.loaded);
  }
  const fl = median(f);
  const row = (name: string, xs: number[]) =>
    console.log(
      `  ${name.padEnd(26)} ${String(Math.round(median(xs))).padStart(7)} ms   ${(median(xs) / fl).toFixed(1).padStart(6)}× floor   (${xs.map((x) => Math.round(x)).join(', ')})`,
    );
  console.log(`${label} (median of ${ROUNDS})`);
  row('floor: bare node:http', f);
  row('jankari: /health/live', live);
  row('jankari: ip-data loaded', loaded);
}

execFileSync(process.execPath, [join(ROOT, 'scripts/build-if-stale.mjs')], { cwd: ROOT, stdio: 'inherit' });
await measure('quiet host');
const busy = busyHost();
try {
  await measure('busy host: every core spinning, the disk writing');
} finally {
  await busy.stop();
}
