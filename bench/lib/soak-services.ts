// The soak's backing services: a PostgreSQL database of its own (created and dropped), a Redis
// key prefix of its own (deleted after), and the data loads an operator would run before
// serving (`npm run crawl`), here against the fake upstream while it is calm.

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { ROOT } from '../../test/helpers/server-process.js';

const run = promisify(execFile);

function withUser(url: string): string {
  const u = new URL(url);
  if (!u.username) u.username = 'postgres';
  return u.toString();
}

export interface Services {
  pgAdmin: string;
  redis: string;
}

export function servicesFromEnv(env: NodeJS.ProcessEnv): Services {
  return {
    pgAdmin: withUser(env.SOAK_PG_URL || env.JANKARI_TEST_PG || 'postgres://postgres@127.0.0.1:5432/test'),
    redis: env.SOAK_REDIS_URL || env.JANKARI_TEST_REDIS || 'redis://127.0.0.1:6379',
  };
}

/** Why a service is unreachable, or undefined when both answer. */
export async function unreachable(s: Services): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: s.pgAdmin, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    return `PostgreSQL is not reachable at ${s.pgAdmin}: ${(err as Error).message}`;
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(s.redis, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  let cause = '';
  redis.on('error', (err: Error) => (cause ||= err.message));
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    return `Redis is not reachable at ${s.redis}: ${cause || (err as Error).message}`;
  } finally {
    redis.disconnect();
  }
  return undefined;
}

/** A fresh database for the run, dropped afterwards (shared test databases stay untouched). */
export async function soakDatabase(s: Services): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `jsoak_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: s.pgAdmin });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(s.pgAdmin);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: s.pgAdmin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Deletes every key under the run's prefix; returns how many there were. */
export async function deleteRedisKeys(url: string, prefix: string): Promise<number> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
  let n = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) n += await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return n;
}

/** Data loads that need no real upstream: PINs from the package, stations and IFSC from fixtures. */
const LOADS = ['pincode-load', 'train-stations', 'ifsc-import'];

/**
 * Loads data as an operator would before serving, so database reads are soaked too: the crawl
 * command (which also runs every migration), then an RDAP bootstrap file naming the fake
 * upstream for every TLD, so /domain asks nothing on the internet. Returns a line per step.
 */
export async function preload(env: Record<string, string>, dbUrl: string, rdapBase: string): Promise<string[]> {
  const lines: string[] = [];
  try {
    const r = await run(process.execPath, ['--import', 'tsx', 'src/crawl.ts', ...LOADS], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      timeout: 300_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    lines.push(...r.stdout.split('\n').filter((l) => /^\S+: (?!running)/.test(l)));
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    lines.push(`data loads failed (the endpoints that need them answer 503): ${(e.stderr || e.stdout || e.message).trim().split('\n').slice(-3).join(' | ')}`);
  }
  const shipped = JSON.parse(readFileSync(new URL('src/modules/domain/data/iana-rdap-dns.json', `file://${ROOT}`), 'utf8')) as {
    services: [string[], string[]][];
  };
  const file = {
    description: 'soak: every TLD at the fake upstream',
    publication: '2999-01-01T00:00:00Z',
    version: '1.0',
    services: shipped.services.map(([tlds]) => [tlds, [`${rdapBase}/`]]),
  };
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    await c.query('insert into domain_rdap_bootstrap (name, publication, source, fetched_at, body) values ($1, $2, $3, $4, $5)', [
      'dns',
      file.publication,
      rdapBase,
      new Date().toISOString(),
      JSON.stringify(file),
    ]);
    lines.push(`domain: RDAP bootstrap stored, ${file.services.length} services, all at the fake upstream`);
  } catch (err) {
    // Without it /domain would ask the real registries: the soak must not run then.
    throw new Error(`could not store the soak's RDAP bootstrap (did the domain module's table change?): ${(err as Error).message}`);
  } finally {
    await c.end();
  }
  return lines;
}
