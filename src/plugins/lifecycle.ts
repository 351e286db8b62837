// Start and stop. Ready: Redis is waited for (bounded) and the scheduler starts; nothing slow
// runs in a Fastify hook, whose fixed timeout would kill the process on a busy host. Once the
// server listens, the caller starts the data loads (startLoads): each module's loads and the
// catch-up runs of its jobs, in the background, each reporting its state in ctx.loads. On
// close, running jobs are told to stop within the grace, their locks released, keep-alive
// clients told to go, then modules and the shared context closed.

import type { FastifyInstance } from 'fastify';
import { closeContext, REDIS_START_WAIT_MS, redisReady } from '../core/context.js';
import { LoadStopped } from '../core/loads.js';
import type { AppContext, JobSpec } from '../core/module.js';
import type { Instances } from './modules.js';

/** Starts every data load once; resolves when the module loads (not the catch-ups) have ended. */
export type StartLoads = () => Promise<void>;

export function installLifecycle(app: FastifyInstance, ctx: AppContext, instances: Instances, ownsDb: boolean): StartLoads {
  const loads = [...instances.values()].flatMap((i) => i.loads ?? []);
  const catchUps = ctx.scheduler.enabled ? [...instances.values()].flatMap((i) => (i.jobs ?? []).filter((j) => j.catchUp)) : [];
  // Listed as waiting from the start, so /health/ready names them before they begin.
  for (const l of loads) ctx.loads.declare(l.name, l.what);
  for (const j of catchUps) ctx.loads.declare(j.name, catchUpWhat(j));
  // The start timeline in the log: one line as each load ends (an expected failure, such as no
  // network, is a warning without a stack).
  ctx.loads.onEnd((s) => {
    if (s.state === 'ready') ctx.log.info({ load: s.name, took_ms: s.took_ms }, `${s.name} loaded`);
    // Shutting down before a catch-up succeeded is no failure, and no load either.
    else if (s.state === 'stopped') ctx.log.info({ load: s.name, took_ms: s.took_ms }, `${s.name} not loaded: the server stopped first`);
    else ctx.log.warn({ load: s.name, took_ms: s.took_ms, error: s.error }, `${s.name} failed to load`);
  });

  app.addHook('onReady', async () => {
    // Bounded by the connect timeout: a Redis that is down must not keep the server from serving.
    if (ctx.redis) await redisReady(ctx.redis, REDIS_START_WAIT_MS);
    ctx.scheduler.start();
  });

  let started: Promise<void> | undefined;
  const startLoads: StartLoads = () =>
    (started ??= (async () => {
      for (const job of catchUps) void ctx.loads.run({ name: job.name, what: catchUpWhat(job), run: () => catchUp(ctx, job) });
      await Promise.all(loads.map((l) => ctx.loads.run(l)));
    })());

  // server.close() drops only connections idle at that moment; a keep-alive connection
  // whose request finishes later would hold the process open. Tell those clients to go.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    // Jobs are told to stop and given half the grace to end; locks still held after that
    // are released while Redis and the database are still open, so the next scheduled run
    // on any instance is not skipped for want of a lock nobody holds.
    await ctx.scheduler.stop(Math.floor(ctx.config.SHUTDOWN_GRACE_MS / 2));
    await ctx.lock.close();
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    for (const instance of instances.values()) await instance.close?.();
    await closeContext(ctx, ownsDb);
  });
  return startLoads;
}

const catchUpWhat = (job: JobSpec) => `the start-up run of ${job.name} (its stored data is missing or out of date)`;

/**
 * A job's catch-up: runs while its data is missing or out of date. When another instance is
 * already running it, this one asks again after a lock lease: if that run succeeds the data is
 * current and nothing more happens; if its instance died, this one runs it.
 */
async function catchUp(ctx: AppContext, job: JobSpec): Promise<void> {
  const needed = () =>
    job.catchUp!.needed().catch((err: unknown) => {
      ctx.log.warn({ job: job.name, err: err instanceof Error ? err.message : String(err) }, 'could not tell whether stored data is current');
      return false;
    });
  const done = await ctx.scheduler.runWhileNeeded(job.name, needed, job.catchUp!.lockRetryMs ?? ctx.config.JOB_LOCK_LEASE_MS);
  if (!done) throw new LoadStopped(job.name);
}
