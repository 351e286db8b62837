// Loading the app must not slow V8's string builtins for the whole process. Once any object
// inherits from String.prototype (ioredis 6 declares `class VerbatimString extends String`),
// V8 turns String.prototype into a dictionary-mode object, and optimised code can no longer
// treat its methods as constants: charCodeAt became 13× slower, slice and indexOf 1.5×, in
// every module (parsers, numerology, the TOON encoder). ioredis is held at 5.x, which has no
// such class; this catches the next dependency that does.
//
// What is checked is that cause, not a speed: whether String.prototype still has fast
// properties (V8's own %HasFastProperties) before and after the app and its modules load.
// The speed itself is measured by `npm run bench:string-builtins`.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const PROBE = `
  // Built from a string: the %-syntax is V8's (with --allow-natives-syntax), not the language's.
  const fast = new Function('return %HasFastProperties(String.prototype)');
  const before = fast();
  await import(${JSON.stringify(new URL('../src/app.ts', import.meta.url).pathname)});
  await import(${JSON.stringify(new URL('../src/modules.ts', import.meta.url).pathname)});
  const after = fast();
  console.log(JSON.stringify({ before, after }));
`;

describe('string builtins after the app is loaded', () => {
  it('String.prototype keeps fast properties once the app and its dependencies are loaded', () => {
    const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', PROBE], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const { before, after } = JSON.parse(run.stdout.trim().split('\n').pop()!) as { before: boolean; after: boolean };
    // Fast to begin with, or the check would say nothing about what loading did.
    expect(before).toBe(true);
    expect(after).toBe(true);
  });
});
