// Ordered failover and parallel fan-out over providers, both under one deadline and both
// skipping suspended providers. Modules use these instead of hand-rolled loops.

import { AllProvidersFailed, UpstreamError, attemptOf, type Attempt } from './errors.js';
import { type ProviderHealth, asUpstreamError, type Provider } from './provider.js';
import { raceAbort } from '../async.js';

export interface RunOptions {
  /** Total budget for the whole call. */
  deadlineMs: number;
  /** Caller's cancellation. */
  signal?: AbortSignal;
}

export interface FailoverResult<O> {
  value: O;
  provider: string;
  attempts: Attempt[];
}

/**
 * Tries providers in order until one answers. Suspended providers are skipped; when all
 * are suspended, the one whose suspension ends first gets one try (a probe) rather than
 * failing without asking anyone. Each provider gets what is left of the budget.
 */
export async function failover<I, O>(
  group: string,
  providers: readonly Provider<I, O>[],
  input: I,
  health: ProviderHealth,
  opts: RunOptions,
): Promise<FailoverResult<O>> {
  const started = Date.now();
  const attempts: Attempt[] = [];
  let order = providers.filter((p) => !health.suspendedUntil(p.name));
  for (const p of providers) {
    const until = health.suspendedUntil(p.name);
    if (until) attempts.push(suspendedAttempt(p.name, until, health));
  }
  if (order.length === 0 && providers.length > 0) {
    order = [[...providers].sort((a, b) => health.suspendedUntil(a.name) - health.suspendedUntil(b.name))[0]];
    // The probed one is reported by what it does now, not twice.
    attempts.splice(
      attempts.findIndex((a) => a.provider === order[0].name),
      1,
    );
  }
  for (const p of order) {
    const left = opts.deadlineMs - (Date.now() - started);
    if (left <= 0 || opts.signal?.aborted) {
      attempts.push({ provider: p.name, kind: 'timeout', message: 'no time left in the budget' });
      continue;
    }
    const signal = opts.signal ? AbortSignal.any([opts.signal, AbortSignal.timeout(left)]) : AbortSignal.timeout(left);
    try {
      const value = await raceAbort(p.run(input, { signal, timeoutMs: left }), signal, () => timedOut(p.name, left));
      health.ok(p.name);
      return { value, provider: p.name, attempts };
    } catch (err) {
      const ue = asUpstreamError(p.name, err);
      // A run the caller called off (a job told to stop) says nothing about the provider.
      if (!opts.signal?.aborted) health.failed(p.name, ue);
      attempts.push(attemptOf(ue, health.suspendedUntil(p.name) || undefined, p.name));
    }
  }
  throw new AllProvidersFailed(group, attempts);
}

export interface FanOutOptions extends RunOptions {
  /**
   * When every provider asked was late and none answered, suspend none of them: all late at
   * once says more about this process (a stalled event loop, no network) than about them, and
   * suspending all would turn one bad second into minutes of failures. Blocks still suspend.
   */
  spareWhenAllLate?: boolean;
}

export interface FanOutResult<O> {
  results: { provider: string; value: O }[];
  failures: Attempt[];
}

/**
 * Asks every available provider at once and returns what arrived within the deadline;
 * late providers are aborted and reported as timeouts. Never waits past the deadline.
 */
export async function fanOut<I, O>(providers: readonly Provider<I, O>[], input: I, health: ProviderHealth, opts: FanOutOptions): Promise<FanOutResult<O>> {
  const failures: Attempt[] = [];
  const active = providers.filter((p) => {
    const until = health.suspendedUntil(p.name);
    if (until) failures.push(suspendedAttempt(p.name, until, health));
    return !until;
  });
  const deadline = AbortSignal.timeout(opts.deadlineMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, deadline]) : deadline;
  const settled = await Promise.allSettled(
    active.map((p) => raceAbort(p.run(input, { signal, timeoutMs: opts.deadlineMs }), signal, () => timedOut(p.name, opts.deadlineMs))),
  );
  const results: FanOutResult<O>['results'] = [];
  const failed: { name: string; ue: UpstreamError }[] = [];
  settled.forEach((s, i) => {
    const name = active[i].name;
    if (s.status === 'fulfilled') {
      health.ok(name);
      results.push({ provider: name, value: s.value });
    } else {
      const ue = asUpstreamError(name, s.reason);
      failed.push({ name, ue });
      failures.push(attemptOf(ue, undefined, name));
    }
  });
  const allLate = results.length === 0 && failures.length > 0 && failures.every((f) => f.kind === 'timeout');
  if (!(opts.spareWhenAllLate && allLate)) for (const f of failed) health.failed(f.name, f.ue);
  // Each failure says when its provider is asked again (the Retry-After of an answer made of them).
  for (const f of failures) f.retryAt ??= health.suspendedUntil(f.provider) || undefined;
  return { results, failures };
}

function suspendedAttempt(provider: string, until: number, health: ProviderHealth): Attempt {
  const { host, settings } = health.lastFailedHost(provider);
  return {
    provider,
    kind: 'suspended',
    // No time in the words: answers that differ only by a clock reading are not comparable; Retry-After says when.
    message: `${host ?? provider} failed recently; not asked again before the Retry-After time`,
    retryAt: until,
    ...(host ? { host } : {}),
    ...(settings?.length ? { settings } : {}),
  };
}

const timedOut = (name: string, ms: number) => new UpstreamError(name, 'timeout', `${name} did not answer within ${ms} ms`);
