// Libraries loaded on first use rather than at start. Loading every library the app can use took
// most of a start's CPU, though an answer to /health needs none of the image encoder, the DOM,
// the QR encoder or a client for a database or Redis this instance is not configured for
// (docs/decisions/start-up.md). What a library computes does not depend on when it was loaded:
// only the first call that needs it waits for the loading.

import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/**
 * A CommonJS package, required on the first call and the same object after: for a library whose
 * callers are synchronous. Give the type as `typeof import('name')` (a type-only import loads nothing).
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireHere(name) as T);
}

/** An ES module (or any async load), imported on the first call; a failed import is tried again by the next. */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((err: unknown) => {
      pending = undefined;
      throw err;
    }));
}
