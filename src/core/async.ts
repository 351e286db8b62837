// Small promise helpers every layer needs, kept once here.

/**
 * Settles with `p`, or rejects with `reason()` as soon as `signal` aborts, whichever comes first.
 * `p` itself is not cancelled: callers pass the same signal to the work when it can stop.
 */
export function raceAbort<T>(p: Promise<T>, signal: AbortSignal, reason: () => Error): Promise<T> {
  if (signal.aborted) {
    // Nobody waits for `p` now; its own failure, when it comes, must not surface as unhandled.
    p.catch(() => undefined);
    return Promise.reject(reason());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(reason());
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

/** Settles with `p`, or rejects with `reason()` once `ms` have passed; `p` itself is not cancelled. */
export function within<T>(p: Promise<T>, ms: number, reason: () => Error): Promise<T> {
  return raceAbort(p, AbortSignal.timeout(Math.max(1, ms)), reason);
}

/** Maps `items` through `fn` with at most `limit` calls at a time, keeping the order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(0, Math.min(limit, items.length)) }, worker));
  return out;
}
