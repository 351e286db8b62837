// The ifsc module's public face: /ifsc/* from the `ifsc` package's code list (offline), branch
// details imported from Razorpay's data set at start when empty and weekly, and Razorpay's
// API for codes the import lacks.

import type { JankariModule, JobSpec } from '../../core/module.js';
import { IfscDirectory } from './directory.js';
import { importBranches } from './importer.js';
import { ifscMigrations } from './migrations.js';
import { BranchRepository } from './repository.js';
import { ifscRoutes } from './routes.js';
import { IFSC_IMPORT_JOB, IfscService } from './service.js';

export { IFSC_IMPORT_JOB };

export const ifscModule: JankariModule = {
  name: 'ifsc',
  title: 'IFSC',
  description:
    "Bank and branch of an IFSC: validated offline against RBI's list, branch details from Razorpay's data set (public domain) with its API as fallback; bank list and branch search.",
  migrations: ifscMigrations,
  create(ctx) {
    const directory = new IfscDirectory();
    const repo = new BranchRepository(ctx.db);
    const service = new IfscService(ctx, directory, repo);
    const importJob: JobSpec = {
      name: IFSC_IMPORT_JOB,
      // Sundays at 03:20 IST: Razorpay publishes about monthly; weekly keeps the lag short.
      schedule: '20 3 * * 0',
      maxMs: 30 * 60_000,
      onDemand: true,
      takesFile: "a copy of Razorpay's IFSC.csv (the data set's release asset)",
      // At start only when nothing is stored: the weekly run keeps it fresh.
      catchUp: { needed: async () => !(await repo.loaded()) },
      async run(run) {
        const stored = await importBranches(ctx, directory, repo, run.signal, run.file);
        service.branchesReplaced();
        return { ok: true, lines: [`${IFSC_IMPORT_JOB}: stored ${stored} branches`] };
      },
    };
    return {
      routes: (app) => ifscRoutes(app, service),
      jobs: [importJob],
    };
  },
};
