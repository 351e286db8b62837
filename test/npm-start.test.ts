// `npm start` as a supervisor or container runtime uses it: it runs the compiled server
// (building dist/ when it is missing or stale), and a SIGTERM sent to the process it
// started lets the request in flight finish, then closes the port and exits.

import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { offlineUpstreams, startServer } from './helpers/server-process.js';

// A slow SearXNG instance. Constructed, in the shape of SearXNG's documented JSON search API
// (docs.searxng.org/dev/search_api.html): one result.
const SLOW_MS = 1500;
let searx: Server;

afterAll(() => searx?.close());

describe('npm start', () => {
  it('serves compiled JavaScript and closes gracefully on SIGTERM to the npm process', async () => {
    searx = createServer((_req, res) => {
      setTimeout(() => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ results: [{ url: 'https://example.org/a', title: 'A result', content: 'Its snippet', publishedDate: null }] }));
      }, SLOW_MS);
    });
    await new Promise<void>((r) => searx.listen(0, '127.0.0.1', r));
    const dir = mkdtempSync(join(tmpdir(), 'jankari-npm-'));
    const p = startServer(
      {
        ...offlineUpstreams(),
        DATABASE_URL: `sqlite:${dir}/j.db`,
        SCHEDULER_ENABLED: 'false',
        LOG_LEVEL: 'info',
        SEARCH_ENGINES: 'mojeek',
        SEARXNG_URL: `http://127.0.0.1:${(searx.address() as { port: number }).port}`,
      },
      ['npm', 'start'],
    );
    await p.ready();
    const pidLine = /"pid":(\d+)/.exec(p.output());
    expect(Number(pidLine?.[1])).not.toBe(p.child.pid);

    const inFlight = fetch(`${p.base}/search?q=graceful`).then(async (r) => ({ status: r.status, body: (await r.json()) as { results: unknown[] } }));
    await new Promise((r) => setTimeout(r, 300));
    p.child.kill('SIGTERM');

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.body.results).toHaveLength(1);
    expect(await p.exited).toBe(0);
    const after = await fetch(`${p.base}/health`).then(
      () => 'answered',
      () => 'refused',
    );
    expect(after).toBe('refused');
    expect(p.output()).toContain('"signal":"SIGTERM"');
    expect(p.output()).toContain('dist/server.js');
  });
});
