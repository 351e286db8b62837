// `npm run soak`: one instance on PostgreSQL and Redis under mixed traffic over every endpoint
// (50 connections, SOAK_SECONDS, 600 by default), every upstream pointed at one fake that fails
// 20% of its calls (hangs, resets, 500s, garbage). It passes when no answer is an unexpected 5xx
// (only 502/503/504 are: the upstreams' fault or data not loaded), every answer is JSON (images
// from the image routes aside), every request is answered, and the server's RSS grows less than
// 10% after warm-up. Exit 0 = pass, 1 = fail, 2 = PostgreSQL or Redis not reachable.
//
// Settings (environment): SOAK_SECONDS, SOAK_CONNECTIONS (50), SOAK_CHAOS (0.2), SOAK_RSS_LIMIT
// (10, percent), SOAK_PG_URL / JANKARI_TEST_PG, SOAK_REDIS_URL / JANKARI_TEST_REDIS.

import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startServer, type ServerProcess } from '../test/helpers/server-process.js';
import { chaosUpstream, type ChaosUpstream } from './lib/soak-upstream.js';
import { upstreamEnv } from '../test/helpers/fixture-upstream.js';
import { trafficFrom, type Kind, type Traffic } from './lib/soak-paths.js';
import { deleteRedisKeys, preload, servicesFromEnv, soakDatabase, unreachable } from './lib/soak-services.js';
import { Judge } from './lib/soak-judge.js';
import { RssSampler } from './lib/soak-rss.js';

const num = (name: string, dflt: number, min = 1) => {
  const v = Number(process.env[name] ?? dflt);
  if (!Number.isFinite(v) || v < min) throw new Error(`${name} must be a number from ${min}`);
  return v;
};
const SECONDS = num('SOAK_SECONDS', 600);
const CONNECTIONS = num('SOAK_CONNECTIONS', 50);
const CHAOS = Math.min(1, num('SOAK_CHAOS', 0.2, 0));
const RSS_LIMIT = num('SOAK_RSS_LIMIT', 10) / 100;
// The longest the service may take to answer one request: its slowest budget (a /crawl's 30 s)
// and a margin. A request unanswered after this is a failure, not a slow success.
const REQUEST_TIMEOUT_S = 45;

const t0 = Date.now();
const at = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;
const services = servicesFromEnv(process.env);
const why = await unreachable(services);
if (why) {
  console.error(`soak: ${why}\nsoak: start PostgreSQL and Redis (CI does), or point SOAK_PG_URL / SOAK_REDIS_URL at them.`);
  process.exit(2);
}

const cleanups: (() => Promise<unknown>)[] = [];
async function cleanup() {
  for (const c of cleanups.reverse()) await c().catch((err) => console.error(`soak: cleanup: ${(err as Error).message}`));
  cleanups.length = 0;
}
// The whole run stops by itself: the load, then at most this long for set-up and clean-up.
const hardStop = setTimeout(
  () => {
    console.error(`soak: still running ${SECONDS + 240} s after the start; stopping`);
    void cleanup().finally(() => process.exit(1));
  },
  (SECONDS + 240) * 1000,
);
hardStop.unref();
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void cleanup().finally(() => process.exit(1)));

/** The instance's settings: the fake for every upstream, the run's database and Redis prefix. */
function serverEnv(up: ChaosUpstream, databaseUrl: string, prefix: string): Record<string, string> {
  return {
    ...upstreamEnv(up.origin),
    DATABASE_URL: databaseUrl,
    REDIS_URL: services.redis,
    CACHE_PREFIX: prefix,
    RATE_LIMIT_MAX: '0',
    SCHEDULER_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    // The fetcher may reach the fake site on 127.0.0.1 (and nothing else private).
    FETCH_ALLOW_HOSTS: '127.0.0.1',
    // The loads take the fixtures, which are small by design.
    TRAIN_STATIONS_MIN_ROWS: '1',
    IFSC_DATASET_MIN_ROWS: '1',
  };
}

/** The traffic: autocannon, each request's path from the mix, each answer to the judge. */
function load(base: string, traffic: Traffic, judge: Judge): Promise<autocannon.Result> {
  return autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: REQUEST_TIMEOUT_S,
    requests: [
      {
        method: 'GET',
        // One request in flight per connection: the context carries its path to its answer.
        setupRequest: (req, context) => {
          const { path, kind, endpoint } = traffic.next();
          Object.assign(context, { path, kind, endpoint });
          return { ...req, path };
        },
        onResponse: (status, body, context, headers) => {
          const c = context as { path: string; kind: Kind; endpoint: string };
          judge.answer({ path: c.path, endpoint: c.endpoint, kind: c.kind, status, body, headers: headers as Record<string, string> });
        },
      },
    ],
  });
}

let exitCode = 1;
try {
  const up = await chaosUpstream(CHAOS);
  cleanups.push(() => up.close());
  const db = await soakDatabase(services);
  cleanups.push(() => db.drop());
  const prefix = `jsoak:${randomBytes(4).toString('hex')}:`;
  cleanups.push(() => deleteRedisKeys(services.redis, prefix).then((n) => console.log(`soak: deleted ${n} Redis keys under ${prefix}`)));
  const env = serverEnv(up, db.url, prefix);

  console.log(
    `soak: ${SECONDS} s, ${CONNECTIONS} connections, ${Math.round(CHAOS * 100)}% of upstream calls fail; database ${new URL(db.url).pathname.slice(1)}, Redis prefix ${prefix}`,
  );
  for (const line of await preload(env, db.url, `${up.origin}/RDAP`)) console.log(`soak: preload: ${line}`);

  console.log(`soak: data loaded at ${at()}; starting the server`);
  const server: ServerProcess = startServer(env);
  cleanups.push(async () => {
    server.child.kill('SIGTERM');
    const gone = await Promise.race([server.exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 15_000))]);
    if (!gone) server.child.kill('SIGKILL');
  });
  await server.ready(90_000);
  const index = await (await fetch(`${server.base}/`)).json();
  const traffic = trafficFrom(index as Parameters<typeof trafficFrom>[0], up.origin);
  console.log(`soak: server ready at ${at()}, pid ${server.child.pid}; ${traffic.endpoints.length} endpoints from GET /`);

  up.setChaos(true);
  const judge = new Judge();
  const rss = new RssSampler(server.child.pid!, 2000);
  rss.start();
  const result = await load(server.base, traffic, judge);
  rss.stop();
  up.setChaos(false);
  console.log(`soak: load ended at ${at()}`);

  const alive =
    server.child.exitCode === null &&
    (await fetch(`${server.base}/health/live`).then(
      (r) => r.status,
      () => 0,
    )) === 200;
  const rssVerdict = rss.verdict(0.2, RSS_LIMIT);
  const failures = judge.report(result, server.output(), up.counts, REQUEST_TIMEOUT_S);
  rss.print(rssVerdict);
  if (!alive) failures.push('the server did not answer /health/live after the run (crashed or hung)');
  if (!rssVerdict.ok) failures.push(rssVerdict.reason);
  if (failures.length) {
    const logFile = join(tmpdir(), `jankari-soak-${prefix.split(':')[1]}.log`);
    writeFileSync(logFile, server.output());
    console.log(`\nthe server's whole log: ${logFile}`);
    console.log(`\nsoak: FAIL\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  } else {
    console.log('\nsoak: PASS');
    exitCode = 0;
  }
} catch (err) {
  console.error(`soak: could not run: ${(err as Error).stack ?? err}`);
} finally {
  await cleanup();
  clearTimeout(hardStop);
}
process.exit(exitCode);
