// The liquor module's public face: /liquor/* and /liquor-img/* from state price lists that
// importers of official lists fill (Kerala's KSBC first), imported at start when nothing is
// stored and on LIQUOR_IMPORT_CRON; `npm run import -- liquor [--file list.pdf]` runs it now.

import type { JankariModule, JobSpec, ModuleInstance } from '../../core/module.js';
import { ProviderHealth } from '../../core/upstream/index.js';
import { importFromPath, importFromSource, outcomeLine, type ImportOutcome } from './importer.js';
import { keralaImporter } from './importers/kerala.js';
import type { StateImporter } from './importers/types.js';
import { liquorMigrations } from './migrations.js';
import { LiquorRepository } from './repository.js';
import { liquorRoutes } from './routes.js';
import { LIQUOR_IMPORT_JOB, LiquorService } from './service.js';

export { LIQUOR_IMPORT_JOB };
// A start-up import that finds the lock held retries this often while nothing is stored.
const START_RETRY_MS = 60_000;

export interface LiquorInstance extends ModuleInstance {
  /** Imports a list file from disk for a state (default kerala): the same gates and versioning as the job. */
  importFile(path: string, state?: string): Promise<ImportOutcome>;
}

export const liquorModule: JankariModule<LiquorInstance> = {
  name: 'liquor',
  title: 'Liquor prices',
  description:
    "Liquor catalog from state corporations' official price lists (Kerala: KSBC), by brand family and category, with price history across lists; no ratings or reviews are invented.",
  migrations: liquorMigrations,
  create(ctx) {
    const repo = new LiquorRepository(ctx.db);
    const importers: StateImporter[] = [keralaImporter(ctx.config.LIQUOR_KERALA_URL)];
    const health = ctx.providerHealth.track('liquor', new ProviderHealth());
    const service = new LiquorService(ctx, repo, importers);
    const importFile = async (path: string, state = 'kerala'): Promise<ImportOutcome> => {
      const importer = importers.find((i) => i.state === state);
      if (!importer) throw new Error(`no liquor importer for state "${state}" (known: ${importers.map((i) => i.state).join(', ')})`);
      const out = await importFromPath(ctx, repo, importer, path);
      service.forgetVersions();
      return out;
    };
    const job: JobSpec = {
      name: LIQUOR_IMPORT_JOB,
      schedule: ctx.config.LIQUOR_IMPORT_CRON,
      maxMs: 20 * 60_000,
      onDemand: true,
      takesFile: 'a state price list PDF (--state kerala by default)',
      // At start while nothing is stored; a start-up import that finds the lock held asks again sooner than a lease.
      catchUp: { needed: async () => !(await repo.loaded()), lockRetryMs: START_RETRY_MS },
      async run({ signal, progress, file, options }) {
        if (file) {
          const out = await importFile(file, options?.state);
          return { ok: out.stored || out.unchanged, lines: [outcomeLine(out)] };
        }
        const lines: string[] = [];
        let ok = true;
        for (const importer of importers) {
          progress?.(`liquor ${importer.state}: fetching the list from ${importer.authority}…`);
          try {
            const out = await importFromSource(ctx, repo, importer, health, signal);
            service.forgetVersions();
            lines.push(outcomeLine(out));
            ok &&= out.stored || out.unchanged;
          } catch (err) {
            ok = false;
            lines.push(`liquor ${importer.state}: FAILED — ${err instanceof Error ? err.message : String(err)}`);
          }
        }
        return { ok, lines };
      },
    };
    return {
      routes: (app) => liquorRoutes(app, service, ctx.config.PUBLIC_BASE_URL),
      jobs: [job],
      importFile,
    };
  },
};
