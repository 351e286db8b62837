// A request that arrives while the server closes (the jobs are told to stop first, which may
// take half the shutdown grace, and the server listens meanwhile) is served with
// Connection: close, instead of the bare 503 Fastify would send (no Retry-After, not the
// catalog's shape, none of the headers every answer carries).

import { expect, it } from 'vitest';
import { testApp } from '../../test/helpers/app.js';

it('serves a request that arrives while the server closes, telling its client to go, never a bare 503', async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let entered!: () => void;
  const closing = new Promise<void>((r) => (entered = r));
  // Stands for the jobs that are still stopping: the close waits on it while the server listens.
  const t = await testApp({}, { beforeReady: (app) => app.addHook('preClose', async () => (entered(), await gate)) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const closed = t.app.close();
  await closing;
  try {
    const r = await fetch(`${base}/health/live`, { headers: { origin: 'https://a.example' } });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: 'ok' });
    expect(r.headers.get('connection')).toBe('close');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  } finally {
    release();
    await closed;
  }
});
