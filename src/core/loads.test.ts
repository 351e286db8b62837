import { describe, expect, it } from 'vitest';
import { LoadStopped, Loads } from './loads.js';

const at = (iso: string) => () => new Date(iso);

describe('data loads', () => {
  it('lists a declared load as waiting, then loading, then ready with how long it took', async () => {
    const loads = new Loads(at('2026-11-25T06:30:00.000Z'));
    loads.declare('ip-data', 'the IP data');
    expect(loads.list()).toEqual([{ name: 'ip-data', what: 'the IP data', state: 'waiting', since: null, took_ms: null, error: null }]);
    let release!: () => void;
    const done = loads.run({ name: 'ip-data', what: 'the IP data', run: () => new Promise<void>((r) => (release = r)) });
    expect(loads.state('ip-data')).toBe('loading');
    expect(loads.pending()).toEqual(['ip-data']);
    release();
    await done;
    const [s] = loads.list();
    expect(s).toMatchObject({ state: 'ready', since: '2026-11-25T06:30:00.000Z', error: null });
    expect(s.took_ms).toBeGreaterThanOrEqual(0);
    expect(loads.pending()).toEqual([]);
  });

  it('records a failure as the state, never a rejection, and runs a failed load again when asked', async () => {
    const loads = new Loads();
    let tries = 0;
    const load = {
      name: 'x',
      what: 'the x table',
      run: async () =>
        void (
          ++tries === 1 &&
          (() => {
            throw new Error('file missing');
          })()
        ),
    };
    await expect(loads.run(load)).resolves.toBeUndefined();
    expect(loads.list()[0]).toMatchObject({ state: 'failed', error: 'file missing' });
    await loads.run(load);
    expect(loads.state('x')).toBe('ready');
    // A load that succeeded is not run again.
    await loads.run(load);
    expect(tries).toBe(2);
  });

  it('answers 503 with Retry-After, saying what loads since when, or why it failed', async () => {
    const loads = new Loads(at('2026-11-25T06:30:00.000Z'));
    void loads.run({ name: 'ip-data', what: 'the IP location data', run: () => new Promise<void>(() => {}) });
    const loading = loads.notReadyError('ip-data');
    expect(loading.statusCode).toBe(503);
    expect(loading.headers['retry-after']).toBe('5');
    expect(loading.message).toContain('the IP location data is loading since 2026-11-25T06:30:00.000Z');
    expect(loading.extra).toMatchObject({ state: 'loading', load: 'ip-data' });

    await loads.run({ name: 'pins', what: 'the PIN data', run: async () => Promise.reject(new Error('disk full')) });
    const failed = loads.notReadyError('pins');
    expect(failed.message).toContain('the PIN data could not be loaded (disk full)');
    expect(failed.extra).toMatchObject({ state: 'failed' });
  });

  it('tells each listener when a load ends', async () => {
    const loads = new Loads();
    const ended: string[] = [];
    loads.onEnd((s) => ended.push(`${s.name}:${s.state}`));
    await loads.run({ name: 'a', what: 'a', run: async () => {} });
    await loads.run({ name: 'b', what: 'b', run: async () => Promise.reject(new Error('no')) });
    await loads.run({ name: 'c', what: 'c', run: async () => Promise.reject(new LoadStopped('c')) });
    expect(ended).toEqual(['a:ready', 'b:failed', 'c:stopped']);
    expect(loads.list().find((l) => l.name === 'c')!.error).toBe('c: the server stopped before it loaded');
    expect(loads.pending()).toEqual([]);
  });
});
