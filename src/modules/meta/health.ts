// The state of each dependency, for /health. Required: the database, and Redis when it
// is configured (the cache, rate limits and locks live there). Any of them down → 503.
// Upstreams are listed too (last success, last failure kind, consecutive failures, from the
// providerHealth registry every module reports to), but never make the service unhealthy:
// a failing upstream is failed over, suspended or answered stale, not a reason to restart.

import type { AppContext } from '../../core/module.js';
import { loadsReport } from '../../core/not-ready.js';
import type { BrowserTierReport, Ports } from '../../core/ports.js';
import { VERSION } from '../../core/version.js';
import { raceAbort } from '../../core/async.js';
import { RawJson } from '../../core/http/raw-json.js';
import type { HealthResponse } from './schemas.js';
import { summarise, summaryText } from '../../core/upstream/index.js';

const startedAt = new Date();

async function timed(check: () => Promise<boolean>): Promise<{ up: boolean; latency_ms: number }> {
  const t = performance.now();
  // A hung dependency must not hang the probe: give each check 2 s.
  const up = await raceAbort(check(), AbortSignal.timeout(2000), () => new Error('no answer in 2 s')).catch(() => false);
  return { up, latency_ms: Math.round((performance.now() - t) * 10) / 10 };
}

/**
 * The browser, when a module runs one: never required (an instance without its browser still
 * serves everything else), but a person must see a browser tier that is away.
 */
async function browserTier(ports: Ports | undefined): Promise<(BrowserTierReport & { status: 'up' | 'idle' | 'down'; required: false }) | undefined> {
  if (!ports?.has('browserTier')) return undefined;
  const report = await ports.get('browserTier').status();
  return { status: report.connected ? 'up' : report.reachable ? 'idle' : 'down', ...report, required: false };
}

export interface HealthAnswer {
  healthy: boolean;
  raw: RawJson;
}

/** How long one dependency check answers for: probes arriving together share it. */
export const HEALTH_CHECK_MS = 1000;

/**
 * Checks the dependencies at most once per HEALTH_CHECK_MS, and once at a time: a load
 * balancer or a probe storm never multiplies into database and Redis pings. The report says
 * when the check ran (`checked_at`), so a reader knows its age (at most a second).
 */
export class HealthChecker {
  private last?: { at: number; report: Awaited<ReturnType<typeof healthReport>> };
  private running?: Promise<Awaited<ReturnType<typeof healthReport>>>;
  /** The kept text of each shape: the full report, and the summary anyone may read. */
  private readonly texts: { full?: KeptText; summary?: KeptText } = {};
  constructor(
    private readonly ctx: AppContext,
    private readonly maxAgeMs = HEALTH_CHECK_MS,
    /** The app's ports: the browser tier is reported when a module provides it. */
    private readonly ports?: Ports,
  ) {
    // A load that ends changes the report at once: the next /health checks anew rather than
    // serving, for up to HEALTH_CHECK_MS, a report that still calls it waiting or loading.
    ctx.loads.onEnd(() => {
      this.last = undefined;
      this.generation++;
    });
  }
  /** Counts load ends: a check begun before one is answered but not kept. */
  private generation = 0;

  async report() {
    return this.fresh() ?? this.check();
  }

  /** The last report while it is fresh (its uptime brought up to date), else undefined. */
  private fresh() {
    if (!this.last || Date.now() - this.last.at >= this.maxAgeMs) return undefined;
    this.last.report.body.uptime_s = Math.round(process.uptime());
    return this.last.report;
  }

  private check() {
    const generation = this.generation;
    return (this.running ??= healthReport(this.ctx, this.ports).then(
      (report) => {
        if (generation === this.generation) this.last = { at: Date.now(), report };
        this.running = undefined;
        return report;
      },
      (err) => {
        this.running = undefined;
        throw err;
      },
    ));
  }

  /** The answer to send (the full report or the summary), once a check has run if the last one is not fresh. */
  async answer(full = true): Promise<HealthAnswer> {
    return this.textOf(await this.report(), full);
  }

  /**
   * The answer now, without waiting, while the last report is fresh (nearly every probe): the
   * route then answers in the same turn. An async handler's await costs a request some 7 µs of
   * CPU (a bare Fastify route sending /health's bytes: 61 µs a request synchronous, 69 async).
   */
  freshAnswer(full = true): HealthAnswer | undefined {
    const report = this.fresh();
    return report && this.textOf(report, full);
  }

  /**
   * The report (or its summary) as JSON text with its ETag, serialized once per report, shape
   * and uptime second: probes polling /health then cost no serializing or hashing (5 KB with
   * the upstream list).
   */
  private textOf(report: Awaited<ReturnType<typeof healthReport>>, full: boolean): HealthAnswer {
    const uptime = report.body.uptime_s;
    const shape = full ? 'full' : 'summary';
    let kept = this.texts[shape];
    if (kept?.report !== report || kept.uptime !== uptime) {
      kept = this.texts[shape] = { report, uptime, raw: RawJson.withEtag(JSON.stringify(full ? report.body : summaryOf(report.body))) };
    }
    return { healthy: report.healthy, raw: kept.raw };
  }
}

interface KeptText {
  report: object;
  uptime: number;
  raw: RawJson;
}

/**
 * The report anyone may read: every dependency's state (the cache's reason is in our own words,
 * breaker-store.ts) and every job's schedule, without the upstream list or the jobs' last
 * errors, whose text may come from a library or an upstream.
 */
export function summaryOf(body: HealthResponse): HealthResponse {
  const { upstreams: _upstreams, ...rest } = body;
  const { scheduler, browser } = body.dependencies;
  // The browser's address names a path or an internal host: the operator's to read.
  const { address: _address, ...tier } = browser ?? {};
  return {
    ...rest,
    dependencies: {
      ...body.dependencies,
      scheduler: { ...scheduler, jobs: scheduler.jobs.map(({ last_error: _error, ...job }) => job) },
      ...(browser ? { browser: tier as typeof browser } : {}),
    },
  };
}

export async function healthReport(ctx: AppContext, ports?: Ports): Promise<{ healthy: boolean; body: HealthResponse }> {
  const [db, cache, browser] = await Promise.all([timed(() => ctx.db.ping()), timed(() => ctx.cache.store.ping()), browserTier(ports)]);
  const jobs = ctx.scheduler.status();
  // A shared cache that is away but covered by the in-process fallback is degraded, not down.
  const degraded = ctx.cache.store.degradedReason?.();
  const cacheStatus = cache.up ? 'up' : degraded ? 'degraded' : 'down';
  const healthy = db.up && cacheStatus !== 'down';
  const upstreams = ctx.providerHealth.list();
  const counts = summarise(upstreams);
  return {
    healthy,
    body: {
      status: healthy ? 'ok' : 'error',
      // Upstreams never make the service unhealthy (a dead upstream must not take an instance out
      // of rotation), but a person reading /health must see at once when none of them answers.
      message: [
        !db.up && 'the database is not answering (DATABASE_URL)',
        cacheStatus === 'down' && 'the cache is not answering (REDIS_URL)',
        summaryText(counts),
      ]
        .filter(Boolean)
        .join('; '),
      upstream_summary: counts,
      version: VERSION,
      uptime_s: Math.round(process.uptime()),
      started_at: startedAt.toISOString(),
      checked_at: new Date().toISOString(),
      dependencies: {
        database: { status: db.up ? 'up' : 'down', kind: ctx.db.dialect, latency_ms: db.latency_ms, required: true },
        cache: {
          status: cacheStatus,
          kind: ctx.cache.store.kind,
          latency_ms: cache.latency_ms,
          required: true,
          ...(degraded && cacheStatus === 'degraded' ? { reason: degraded } : {}),
        },
        scheduler: {
          status: ctx.scheduler.enabled ? 'enabled' : 'disabled',
          lock: ctx.lock.kind,
          jobs: jobs.map((j) => ({ name: j.name, running: j.running, last_end: j.last_end, last_error: j.last_error, next_run: j.next_run })),
          required: false,
        },
        ...(browser ? { browser } : {}),
      },
      loads: loadsReport(ctx),
      upstreams,
    },
  };
}
