// The domain module's public face: the module object (routes, migrations, the daily
// bootstrap refresh).

import type { JankariModule, JobSpec } from '../../core/module.js';
import { migrations } from './migrations.js';
import { domainRoutes } from './routes.js';
import { DomainService } from './service.js';
import { domainProbes } from './probes.js';

export const BOOTSTRAP_JOB = 'domain-rdap-bootstrap';

export const domainModule: JankariModule = {
  name: 'domain',
  title: 'Domain lookup',
  description: 'Registration details or availability of a domain via RDAP (IANA bootstrap, registry, then registrar); cached 24 hours.',
  migrations,
  create(ctx) {
    const service = new DomainService(ctx);
    const refresh: JobSpec = {
      name: BOOTSTRAP_JOB,
      takesFile: "a copy of IANA's RDAP bootstrap file dns.json",
      schedule: ctx.config.RDAP_BOOTSTRAP_CRON,
      // A fresh instance downloads the bootstrap at start when its stored copy is old or missing.
      catchUp: { needed: () => service.bootstrapOutOfDate() },
      async run({ file }) {
        const r = await service.refreshBootstrap(file);
        return {
          ok: true,
          lines: [`${BOOTSTRAP_JOB}: ${r.updated ? 'updated' : 'unchanged'}, ${r.services} services (published ${r.publication ?? 'undated'})`],
        };
      },
    };
    return {
      routes: (app) => domainRoutes(app, service),
      probes: domainProbes(ctx),
      jobs: [refresh],
    };
  },
};
