import { describe, expect, it } from 'vitest';
import { prettyLine, prettySink, wantsPretty } from './log-pretty.js';

describe('pretty log lines', () => {
  it('writes a JSON line as time, level, message and the other keys', () => {
    const line = JSON.stringify({
      level: 40,
      time: Date.UTC(2026, 11, 6, 4, 5, 6, 789),
      pid: 1,
      hostname: 'h',
      msg: 'fuel-crawl failed to load',
      load: 'fuel-crawl',
      error: 'no network',
    });
    expect(prettyLine(line)).toBe('04:05:06.789 WARN  fuel-crawl failed to load load=fuel-crawl error="no network"\n');
  });

  it('passes a line that is not JSON through unchanged', () => {
    expect(prettyLine('not json\n')).toBe('not json\n');
  });

  it('writes through to the sink it wraps', () => {
    const got: string[] = [];
    const sink = prettySink({ write: (l) => got.push(l), flushSync: () => undefined });
    sink.write(JSON.stringify({ level: 30, time: 0, msg: 'hi' }));
    expect(got).toEqual(['00:00:00.000 INFO  hi\n']);
  });

  it('is pretty when asked, or on a terminal with auto; JSON for pipes and containers', () => {
    expect([wantsPretty('pretty', false), wantsPretty('auto', true), wantsPretty('auto', false), wantsPretty('json', true)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
