import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { turnBatched } from './log-stream.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('log lines batched per event-loop turn', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'jankari-log-'));
    file = join(dir, 'out.log');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the lines of a turn together when the turn ends, in order', async () => {
    const sink = turnBatched(file);
    await nextTurn(); // sonic-boom opens a path asynchronously
    sink.write('one\n');
    sink.write('two\n');
    expect(readFileSync(file, 'utf8')).toBe('');
    await nextTurn();
    expect(readFileSync(file, 'utf8')).toBe('one\ntwo\n');
    sink.write('three\n');
    await nextTurn();
    expect(readFileSync(file, 'utf8')).toBe('one\ntwo\nthree\n');
  });

  it('writes early once a turn piles up more than its batch, losing nothing', async () => {
    const sink = turnBatched(file);
    await nextTurn();
    const line = `${'x'.repeat(99)}\n`;
    for (let i = 0; i < 100; i++) sink.write(line); // 10 KB in one turn
    const early = readFileSync(file, 'utf8').length;
    expect(early).toBeGreaterThan(8000);
    expect(early).toBeLessThan(10_000);
    await nextTurn();
    expect(readFileSync(file, 'utf8')).toBe(line.repeat(100));
  });

  it('writes what is pending when asked to flush', async () => {
    const sink = turnBatched(file);
    await nextTurn();
    sink.write('pending\n');
    sink.flushSync();
    expect(readFileSync(file, 'utf8')).toBe('pending\n');
  });

  it('loses no line when the process exits in the middle of a turn', () => {
    // A child process that logs through the app's stdout sink and exits before its turn ends.
    const code = `
      import { stdoutLines } from ${JSON.stringify(new URL('./log-stream.ts', import.meta.url).pathname)};
      const out = stdoutLines();
      for (let i = 0; i < 3; i++) out.write('line ' + i + '\\n');
      process.exit(0);
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('line 0\nline 1\nline 2\n');
  });
});
