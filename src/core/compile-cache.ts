// Node's module compile cache (Node 22.1+): the V8 code of every module this process loads is
// kept on disk and read back by the next start, instead of parsing and compiling the same few
// megabytes of JavaScript again (the largest single cost of a start: docs/decisions/start-up.md).
// Called by the entry points before they import anything else, since an ES module graph is
// compiled before any of it runs. Node keys each entry by its own version and checks the source's
// hash, so a new Node or a rebuilt file never reads a stale entry.

import { constants, enableCompileCache, flushCompileCache } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Turns the cache on: in `.compile-cache` beside the compiled code (the build removes it with the
 * rest of dist/), or in Node's default folder under the system's temporary directory where that is
 * not writable (a container whose code belongs to root). NODE_COMPILE_CACHE, when set, is Node's
 * own and wins. Never fails a start: without a cache the process starts as before, only slower.
 */
export function useCompileCache(entryUrl: string): void {
  // From source (tsx: tests, `npm run dev`) the code changes between starts: no cache in src/.
  if (entryUrl.endsWith('.ts')) return;
  try {
    const first = enableCompileCache(join(dirname(fileURLToPath(entryUrl)), '.compile-cache'));
    if (first.status === constants.compileCacheStatus.FAILED) enableCompileCache();
  } catch {
    // An older Node without the API, or a folder that cannot be made: start without a cache.
  }
}

/** How long after a start its compile cache is written: the writing costs as much CPU as the start saves. */
const SAVE_AFTER_MS = 5_000;

/**
 * Writes what has been compiled so far, a few seconds after the start rather than at it: Node
 * writes the cache when the process exits, which a server killed by its supervisor (SIGKILL)
 * never does, and writing it costs more than a second of CPU on a 2-core machine that the first
 * answers should not wait behind. The timer does not keep the process alive.
 */
export function saveCompileCacheSoon(): void {
  setTimeout(() => {
    try {
      flushCompileCache();
    } catch {
      // Nothing to write to, or a disk that refuses: the next start compiles again.
    }
  }, SAVE_AFTER_MS).unref();
}
