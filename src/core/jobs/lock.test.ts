import { afterAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/helpers/db.js';
import { PG_URL, REDIS_URL } from '../../../test/helpers/env.js';
import { testRedis } from '../../../test/helpers/redis.js';
import { MemoryLock, PostgresLock, RedisLock, type Lock } from './lock.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

/** Two lock handles as two instances would hold them. */
const LOCKS: [string, () => Promise<[Lock, Lock]>][] = [
  ['memory', async () => { const l = new MemoryLock(); return [l, l]; }],
  ...(REDIS_URL
    ? ([['redis', async () => {
        const a = testRedis();
        const b = testRedis();
        cleanups.push(a.cleanup, b.cleanup);
        return [new RedisLock(a.redis, a.prefix), new RedisLock(b.redis, a.prefix)];
      }]] as [string, () => Promise<[Lock, Lock]>][])
    : []),
  ...(PG_URL
    ? ([['postgres', async () => {
        const pgDialect = DIALECTS.find((d) => d.name === 'postgres')!;
        const one = await pgDialect.open();
        const { openDatabase } = await import('../db/index.js');
        const two = openDatabase(one.url, { poolMax: 2 });
        cleanups.push(async () => { await two.close(); await one.drop(); });
        return [new PostgresLock(one.db), new PostgresLock(two.db)];
      }]] as [string, () => Promise<[Lock, Lock]>][])
    : []),
];

describe.each(LOCKS)('%s lock', (_name, make) => {
  it('lets only one runner in at a time, across instances', async () => {
    const [a, b] = await make();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = a.run('crawl', 10_000, async () => {
      await held;
      return 'first';
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(await b.run('crawl', 10_000, async () => 'second')).toEqual({ ran: false });
    release();
    expect(await first).toEqual({ ran: true, value: 'first' });
    expect(await b.run('crawl', 10_000, async () => 'second')).toEqual({ ran: true, value: 'second' });
  });

  it('releases the lock when the job throws', async () => {
    const [a, b] = await make();
    await expect(a.run('job', 10_000, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await b.run('job', 10_000, async () => 1)).toEqual({ ran: true, value: 1 });
  });

  it('keeps different names independent', async () => {
    const [a, b] = await make();
    let release!: () => void;
    const first = a.run('one', 10_000, () => new Promise<void>((r) => (release = r)));
    await new Promise((r) => setTimeout(r, 20));
    expect(await b.run('two', 10_000, async () => 2)).toEqual({ ran: true, value: 2 });
    release();
    await first;
  });
});

describe.runIf(REDIS_URL)('redis lock expiry', () => {
  it('expires a lock whose holder died, and the late holder does not release the new one', async () => {
    const r = testRedis();
    cleanups.push(r.cleanup);
    const lock = new RedisLock(r.redis, r.prefix);
    const slow = lock.run('exp', 100, () => new Promise((res) => setTimeout(res, 300)));
    await new Promise((res) => setTimeout(res, 150));
    let release!: () => void;
    const second = lock.run('exp', 10_000, () => new Promise<void>((res) => (release = res)));
    await slow;
    await new Promise((res) => setTimeout(res, 20));
    // The first holder finished after its lock expired: the second one's lock must survive.
    expect(await r.redis.get(`${r.prefix}lock:exp`)).not.toBeNull();
    release();
    expect((await second).ran).toBe(true);
  });
});
