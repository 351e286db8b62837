// Makes each module for this app and wires what it declares: one migrator run over every
// module's migrations, its jobs into the scheduler, its routes in a scope of their own (so the
// route catalog knows which group a route belongs to), and the ports modules offer each other.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { RouteCatalog } from '../core/http/catalog.js';
import type { AppContext, JankariModule, JobSpec, ModuleInstance } from '../core/module.js';
import { Ports } from '../core/ports.js';
import { ReportedFailure } from '../core/upstream/index.js';

export type Instances = ReadonlyMap<JankariModule<ModuleInstance>, ModuleInstance>;

/** Schedules a declared job; a run whose report says not ok is a failed run. */
export function scheduleJob(ctx: AppContext, job: JobSpec): void {
  const fn = async (signal: AbortSignal) => {
    const report = await job.run({ signal });
    if (!report.ok) throw new ReportedFailure(report.lines[0] ?? `${job.name} failed`);
  };
  ctx.scheduler.add(job.name, job.schedule, fn, job.maxMs === undefined ? {} : { maxMs: job.maxMs });
}

/** Every module's instance for this context, created before anything touches the database. */
export function createInstances(ctx: AppContext, modules: readonly JankariModule<ModuleInstance>[], ports: Ports): Instances {
  return new Map(modules.map((m) => [m, m.create(ctx, ports)] as const));
}

export async function registerModules(app: FastifyInstance, ctx: AppContext, modules: readonly JankariModule<ModuleInstance>[]): Promise<Instances> {
  const catalog = new RouteCatalog();
  const ports = new Ports();
  ports.provide('routeListing', catalog);
  const instances = createInstances(ctx, modules, ports);
  // One migrator run: the migrator checks that all applied migrations are still known, so
  // running module by module would see the others as missing.
  await ctx.db.migrate(Object.assign({}, ...modules.map((m) => m.migrations ?? {})));
  for (const [mod, instance] of instances) {
    for (const job of instance.jobs ?? []) scheduleJob(ctx, job);
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        catalog.add(mod, route);
        // The group names the route's tag in the API documents.
        route.config = { ...route.config, group: mod.title };
      });
      await instance.routes(scope.withTypeProvider<TypeBoxTypeProvider>());
    });
  }
  return instances;
}
