// First start with no network: each catch-up that cannot reach its upstream is one warn line
// naming the host, without a stack trace; nothing is logged at error level (that is for bugs).
// Every upstream points at a refused port on 127.0.0.1.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../src/modules.js';
import { testApp } from './helpers/app.js';
import { offlineUpstreams } from './helpers/server-process.js';

interface Line {
  level: number;
  msg: string;
  job?: string;
  err?: unknown;
}

describe('first start offline', () => {
  const lines: Line[] = [];
  let t: Awaited<ReturnType<typeof testApp>>;

  beforeAll(async () => {
    // The IP data set is local and slow to open; it has nothing to do with the network.
    const modules = MODULES.filter((m) => m.name !== 'ip');
    t = await testApp(
      { ...offlineUpstreams(), SCHEDULER_ENABLED: 'true', LOG_LEVEL: 'warn' },
      { modules, logLevel: 'warn', logStream: { write: (s: string) => lines.push(JSON.parse(s)) }, now: () => new Date() },
    );
    // Wait until every catch-up has ended or failed once and waits for its next try.
    const until = Date.now() + 240_000;
    const settled = () => t.ctx.loads.list().every((l) => l.state !== 'waiting' && (l.state !== 'loading' || t.ctx.scheduler.retryAt(l.name) !== undefined));
    while (!settled() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  });
  afterAll(() => t?.close());

  it('writes no error-level line and no stack trace for failures the network causes', () => {
    const failed = lines.filter((l) => l.job);
    expect(failed.length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    for (const l of lines) expect(JSON.stringify(l)).not.toMatch(/"stack"|\\n\s+at /);
  });

  it('writes one warn line per failed job, naming the host it could not reach', () => {
    const failed = lines.filter((l) => l.job && l.level === 40);
    const perJob = new Map<string, number>();
    for (const l of failed) perJob.set(l.job!, (perJob.get(l.job!) ?? 0) + 1);
    for (const [job, n] of perJob) expect(n, job).toBe(1);
    // …and no second line about the same failure from inside the job.
    expect(lines.filter((l) => l.level === 40 && !l.job).map((l) => l.msg)).toEqual([]);
    expect(failed.some((l) => /127\.0\.0\.1:9/.test(l.msg))).toBe(true);
    // Never a provider id written as if it were a host.
    for (const l of failed) expect(l.msg).not.toMatch(/goodreturns-fuel could not be/);
  });
});
