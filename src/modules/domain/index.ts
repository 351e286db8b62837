// The domain module's public face: the module object (routes, migrations, the daily
// bootstrap refresh).

import type { AppContext, JankariModule } from '../../core/module.js';
import { migrations } from './migrations.js';
import { domainRoutes } from './routes.js';
import { DomainService } from './service.js';

export const BOOTSTRAP_JOB = 'domain-rdap-bootstrap';

// One service per app (tests build several apps in one process).
const services = new WeakMap<AppContext, DomainService>();

export const domainModule: JankariModule = {
  name: 'domain',
  title: 'Domain lookup',
  description: 'Registration details or availability of a domain via RDAP (IANA bootstrap, registry, then registrar); cached 24 hours.',
  migrations,
  register(app, ctx) {
    const service = new DomainService(ctx);
    services.set(ctx, service);
    ctx.scheduler.add(BOOTSTRAP_JOB, ctx.config.RDAP_BOOTSTRAP_CRON, () => service.refreshBootstrap());
    domainRoutes(app, service);
  },
  async onReady(ctx) {
    // A fresh instance downloads the bootstrap at start when its stored copy is old or missing;
    // only instances that run jobs do (never tests, never with SCHEDULER_ENABLED=false).
    const service = services.get(ctx);
    if (!service || !ctx.scheduler.enabled) return;
    if (await service.bootstrapOutOfDate().catch(() => false)) void ctx.scheduler.runNow(BOOTSTRAP_JOB).catch(() => {});
  },
};
