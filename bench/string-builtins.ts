// How fast a plain string scan (charCodeAt in a loop) runs before and after the app and its
// modules are loaded, in one process: a dependency that makes an object inherit from
// String.prototype slowed it 13× (see test/string-builtins.test.ts, which checks the cause).
// Prints the best of 40 rounds each way and their ratio; about 1 is right, well above 1 is
// the slowdown back. A figure for people to read, never a pass/fail on a shared machine.

const text = 'x'.repeat(30_000);

function scan(t: string): number {
  let h = 0;
  for (let i = 0; i < t.length; i++) h = (h * 31 + t.charCodeAt(i)) | 0;
  return h;
}

/** The best of 40 rounds of 20 scans, in ms: the least disturbed by the rest of the machine. */
function best(): number {
  let min = Number.POSITIVE_INFINITY;
  for (let r = 0; r < 40; r++) {
    const t = performance.now();
    for (let i = 0; i < 20; i++) scan(text);
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

// A first pass unmeasured: the scan's first optimised code is slower than what V8 settles on.
best();
const before = best();
await import('../src/app.js');
await import('../src/modules.js');
const after = best();
console.log(
  `string scan (20 × 30,000 chars, best of 40): before the app ${before.toFixed(3)} ms, after ${after.toFixed(3)} ms, ratio ${(after / before).toFixed(2)}`,
);
