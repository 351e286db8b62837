// Start and stop: once listening, the scheduler starts and each module's start hook runs; on
// close, running jobs are told to stop within the grace, their locks released, keep-alive
// clients told to go, then modules and the shared context closed.

import type { FastifyInstance } from 'fastify';
import { closeContext, REDIS_START_WAIT_MS, redisReady } from '../core/context.js';
import type { AppContext } from '../core/module.js';
import type { Instances } from './modules.js';

export function installLifecycle(app: FastifyInstance, ctx: AppContext, instances: Instances, ownsDb: boolean): void {
  app.addHook('onReady', async () => {
    // Bounded by the connect timeout: a Redis that is down must not keep the server from serving.
    if (ctx.redis) await redisReady(ctx.redis, REDIS_START_WAIT_MS);
    ctx.scheduler.start();
    for (const [mod, instance] of instances) {
      try {
        await instance.start?.();
      } catch (err) {
        app.log.error({ err, module: mod.name }, 'module start hook failed');
      }
    }
  });
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
}
