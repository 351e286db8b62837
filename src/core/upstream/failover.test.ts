import { describe, expect, it } from 'vitest';
import { AllProvidersFailed, UpstreamError, toApiError, type FailureKind } from './errors.js';
import { failover, fanOut } from './failover.js';
import { ProviderHealth, type Provider } from './provider.js';

/** A provider scripted for a test: answers, fails with a kind, or waits. */
function scripted(name: string, behaviour: { value?: string; fail?: FailureKind; delayMs?: number; retryAfterMs?: number }) {
  let calls = 0;
  const p: Provider<string, string> & { calls: () => number } = {
    name,
    calls: () => calls,
    async run(input, ctx) {
      calls++;
      if (behaviour.delayMs) {
        await new Promise<void>((resolve, reject) => {
          const t = setTimeout(resolve, behaviour.delayMs);
          ctx.signal.addEventListener('abort', () => {
            clearTimeout(t);
            reject(new UpstreamError(name, 'timeout', 'aborted'));
          });
        });
      }
      if (behaviour.fail) throw new UpstreamError(name, behaviour.fail, `${name} failed`, { retryAfterMs: behaviour.retryAfterMs });
      return `${behaviour.value ?? name}:${input}`;
    },
  };
  return p;
}

/**
 * A provider that never answers and ignores its signal, as a hung upstream: a call that waited
 * for it would never return (the suite's timeout only ends such a hang). `release` lets it go
 * after the test has its answer, and `pending` says whether it still hangs.
 */
function hanging(name: string) {
  let calls = 0;
  let pending = false;
  let release!: () => void;
  const p: Provider<string, string> & { calls: () => number; pending: () => boolean; release: () => void } = {
    name,
    calls: () => calls,
    pending: () => pending,
    release: () => release?.(),
    async run(input) {
      calls++;
      pending = true;
      await new Promise<void>((r) => (release = r));
      pending = false;
      return `${name}:${input}`;
    },
  };
  return p;
}

/** The provider, with a promise that resolves once its first run has settled. */
function watched<P extends Provider<string, string>>(p: P): P & { settled: Promise<void> } {
  let settle!: () => void;
  const settled = new Promise<void>((r) => (settle = r));
  return {
    ...p,
    settled,
    run: (input, ctx) => p.run(input, ctx).finally(settle),
  };
}

describe('failover', () => {
  it('answers from the first provider that succeeds, in order', async () => {
    const a = scripted('a', { fail: 'unavailable' });
    const b = scripted('b', {});
    const c = scripted('c', {});
    const r = await failover('g', [a, b, c], 'x', new ProviderHealth(), { deadlineMs: 1000 });
    expect(r.value).toBe('b:x');
    expect(r.provider).toBe('b');
    expect(r.attempts).toMatchObject([{ provider: 'a', kind: 'unavailable', message: 'a failed' }]);
    expect(c.calls()).toBe(0);
  });

  it('skips a suspended provider until its suspension ends', async () => {
    let now = 1_000_000;
    const health = new ProviderHealth({}, () => now);
    const a = scripted('a', { fail: 'blocked' });
    const b = scripted('b', {});
    await failover('g', [a, b], 'x', health, { deadlineMs: 1000 });
    expect(health.suspendedUntil('a')).toBe(now + 600_000);
    const r = await failover('g', [a, b], 'x', health, { deadlineMs: 1000 });
    expect(a.calls()).toBe(1);
    expect(r.attempts[0]).toMatchObject({ provider: 'a', kind: 'suspended' });
    now += 600_001;
    await failover('g', [a, b], 'x', health, { deadlineMs: 1000 });
    expect(a.calls()).toBe(2);
  });

  it.each([
    ['timeout', 30_000],
    ['rate_limited', 120_000],
    ['blocked', 600_000],
    ['not_found', 0],
  ] as const)('suspends for a time set by the failure kind (%s)', async (kind, ms) => {
    const now = 5_000;
    const health = new ProviderHealth({}, () => now);
    await expect(failover('g', [scripted('a', { fail: kind })], 'x', health, { deadlineMs: 1000 })).rejects.toBeInstanceOf(AllProvidersFailed);
    expect(health.suspendedUntil('a')).toBe(ms ? now + ms : 0);
  });

  it('doubles the suspension while a provider keeps failing', () => {
    let now = 0;
    const health = new ProviderHealth({ unavailable: 1000 }, () => now);
    const err = new UpstreamError('a', 'unavailable', 'x');
    health.failed('a', err);
    expect(health.suspendedUntil('a')).toBe(1000);
    now = 2000;
    health.failed('a', err);
    expect(health.suspendedUntil('a')).toBe(4000);
    health.ok('a');
    expect(health.suspendedUntil('a')).toBe(0);
  });

  it('honours Retry-After over its own suspension time', async () => {
    const health = new ProviderHealth({}, () => 0);
    await expect(failover('g', [scripted('a', { fail: 'rate_limited', retryAfterMs: 5000 })], 'x', health, { deadlineMs: 1000 })).rejects.toThrow();
    expect(health.suspendedUntil('a')).toBe(5000);
  });

  it('probes the provider that recovers first when all are suspended', async () => {
    const health = new ProviderHealth({}, () => 0);
    const a = scripted('a', {});
    const b = scripted('b', {});
    health.failed('a', new UpstreamError('a', 'blocked', 'x'));
    health.failed('b', new UpstreamError('b', 'timeout', 'x'));
    const r = await failover('g', [a, b], 'x', health, { deadlineMs: 1000 });
    expect(r.provider).toBe('b');
  });

  it('keeps every provider within one shared budget', async () => {
    // a hangs and ignores its signal: only the budget can end the call, and it ends while a still hangs.
    const a = hanging('a');
    const b = scripted('b', {});
    const err = await failover('g', [a, b], 'x', new ProviderHealth(), { deadlineMs: 300 }).catch((e) => e);
    expect(a.pending()).toBe(true);
    // a used the whole budget, so b was never asked.
    expect(err.attempts.map((x: { provider: string; kind: string }) => `${x.provider}:${x.kind}`)).toEqual(['a:timeout', 'b:timeout']);
    expect(b.calls()).toBe(0);
    a.release();
  });

  it('reports what every provider did when all fail', async () => {
    const err = await failover('trains', [scripted('a', { fail: 'timeout' }), scripted('b', { fail: 'blocked' })], 'x', new ProviderHealth(), {
      deadlineMs: 1000,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(AllProvidersFailed);
    expect(err.attempts.map((a: { provider: string; kind: string }) => `${a.provider}:${a.kind}`)).toEqual(['a:timeout', 'b:blocked']);
    const api = toApiError(err, 'train list');
    expect(api.statusCode).toBe(502);
    expect(api.extra.tried).toMatchObject([
      { provider: 'a', reason: 'timeout' },
      { provider: 'b', reason: 'blocked' },
    ]);
  });

  it.each([
    [['not_found', 'not_found'], 404],
    [['timeout', 'timeout'], 504],
    [['timeout', 'unavailable'], 502],
  ] as const)('maps failures %j to HTTP %i', async (kinds, status) => {
    const providers = kinds.map((k, i) => scripted(`p${i}`, { fail: k }));
    const err = await failover('g', providers, 'x', new ProviderHealth(), { deadlineMs: 1000 }).catch((e) => e);
    expect(toApiError(err, 'thing').statusCode).toBe(status);
  });
});

describe('fanOut', () => {
  it('asks every provider at once and keeps what arrives by the deadline', async () => {
    // Order, not speed: `late` answers 200 ms after `fast` has answered and `broken` has failed,
    // so a fan-out that returned when the first ones settled, or cut its deadline short, misses
    // it; `hang` never answers, so one that waited for every provider would never return. Late's
    // timer is set in the same turn of the event loop as the 1 s deadline's, so it fires first
    // however loaded the machine (timers fire in the order they fall due).
    const fast = watched(scripted('fast', {}));
    const broken = watched(scripted('broken', { fail: 'blocked' }));
    const hang = hanging('hang');
    const late: Provider<string, string> = {
      name: 'late',
      async run(input) {
        await Promise.allSettled([fast.settled, broken.settled]);
        await new Promise((r) => setTimeout(r, 200));
        return `late:${input}`;
      },
    };
    const r = await fanOut([fast, late, hang, broken], 'q', new ProviderHealth(), { deadlineMs: 1000 });
    expect(hang.pending()).toBe(true);
    expect(r.results).toEqual([
      { provider: 'fast', value: 'fast:q' },
      { provider: 'late', value: 'late:q' },
    ]);
    expect(r.failures.map((f) => `${f.provider}:${f.kind}`).sort()).toEqual(['broken:blocked', 'hang:timeout']);
    hang.release();
  });

  it('runs the providers together, not one after another', async () => {
    // Each provider answers only once all four have been asked: one after another, the first
    // would wait for the others until the deadline and nothing would arrive.
    let started = 0;
    let inFlight = 0;
    let most = 0;
    let allAsked!: () => void;
    const everyoneAsked = new Promise<void>((r) => (allAsked = r));
    const providers = ['a', 'b', 'c', 'd'].map(
      (n): Provider<string, string> => ({
        name: n,
        async run(input) {
          most = Math.max(most, ++inFlight);
          if (++started === 4) allAsked();
          await everyoneAsked;
          inFlight--;
          return `${n}:${input}`;
        },
      }),
    );
    const r = await fanOut(providers, 'q', new ProviderHealth(), { deadlineMs: 2000 });
    expect(r.results.map((x) => x.provider)).toEqual(['a', 'b', 'c', 'd']);
    expect(most).toBe(4);
  });

  it('does not ask suspended providers', async () => {
    const health = new ProviderHealth();
    const a = scripted('a', {});
    health.failed('a', new UpstreamError('a', 'blocked', 'x'));
    const r = await fanOut([a, scripted('b', {})], 'q', health, { deadlineMs: 500 });
    expect(a.calls()).toBe(0);
    expect(r.failures[0]).toMatchObject({ provider: 'a', kind: 'suspended' });
  });

  it('suspends nobody when every provider was late and asked to spare them, and does otherwise', async () => {
    const late = () => [scripted('a', { delayMs: 5_000 }), scripted('b', { delayMs: 5_000 })];
    const spared = new ProviderHealth();
    await fanOut(late(), 'q', spared, { deadlineMs: 50, spareWhenAllLate: true });
    expect(spared.suspendedUntil('a') + spared.suspendedUntil('b')).toBe(0);
    const plain = new ProviderHealth();
    await fanOut(late(), 'q', plain, { deadlineMs: 50 });
    expect(plain.suspendedUntil('a')).toBeGreaterThan(0);
    // One block among the late ones is not "all late": every failure counts.
    const mixed = new ProviderHealth();
    await fanOut([scripted('a', { delayMs: 5_000 }), scripted('c', { fail: 'blocked' })], 'q', mixed, { deadlineMs: 50, spareWhenAllLate: true });
    expect(mixed.suspendedUntil('a')).toBeGreaterThan(0);
    expect(mixed.suspendedUntil('c')).toBeGreaterThan(0);
  });
});
