// Loading the app must not slow V8's string builtins for the whole process. Once any object
// inherits from String.prototype (ioredis 6 declares `class VerbatimString extends String`),
// V8 stops inlining charCodeAt, slice, indexOf… on every plain string: charCodeAt became 13×
// slower, slice and indexOf 1.5×, in every module (parsers, numerology, the TOON encoder).
// ioredis is held at 5.x, which has no such class; this catches the next dependency that does.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const PROBE = `
  const text = 'x'.repeat(30000);
  function scan(t) { let h = 0; for (let i = 0; i < t.length; i++) h = (h * 31 + t.charCodeAt(i)) | 0; return h; }
  function best() {
    let min = Infinity;
    for (let r = 0; r < 40; r++) { const t = performance.now(); for (let i = 0; i < 20; i++) scan(text); min = Math.min(min, performance.now() - t); }
    return min;
  }
  const before = best();
  await import(${JSON.stringify(new URL('../src/app.ts', import.meta.url).pathname)});
  await import(${JSON.stringify(new URL('../src/modules.ts', import.meta.url).pathname)});
  const after = best();
  console.log(JSON.stringify({ before, after }));
`;

describe('string builtins after the app is loaded', () => {
  it('scan a string as fast as before the app and its dependencies were loaded', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const { before, after } = JSON.parse(run.stdout.trim().split('\n').pop()!) as { before: number; after: number };
    // The slowdown this guards against is 13×; the best of 40 rounds keeps noise far below 3×.
    expect(after / before).toBeLessThan(3);
  });
});
