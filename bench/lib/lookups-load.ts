// Child of bench/lookups: one first-start load, through the module's own loader, in a process
// of its own (started with --expose-gc), so the resident memory it adds and the peak it
// reaches are its own and not what an earlier load left. Prints one JSON line.
// argv[2]: {"load": "pincode"} or {"load": "ifsc", "url": <the CSV's URL>}, and "db": the SQLite file.

import pino from 'pino';
import { loadConfig } from '../../src/config.js';
import { createContext } from '../../src/core/context.js';
import { IfscDirectory } from '../../src/modules/ifsc/directory.js';
import { importBranches } from '../../src/modules/ifsc/importer.js';
import { ifscMigrations } from '../../src/modules/ifsc/migrations.js';
import { BranchRepository } from '../../src/modules/ifsc/repository.js';
import { loadOffices } from '../../src/modules/pincode/loader.js';
import { pincodeMigrations } from '../../src/modules/pincode/migrations.js';
import { OfficeRepository } from '../../src/modules/pincode/repository.js';

const spec = JSON.parse(process.argv[2] ?? '{}') as { load: 'pincode' | 'ifsc'; db: string; url?: string };
const gc = () => (globalThis as { gc?: () => void }).gc?.();

const config = loadConfig({
  DATABASE_URL: `sqlite:${spec.db}`,
  LOG_LEVEL: 'silent',
  SCHEDULER_ENABLED: 'false',
  IFSC_DATASET_MIN_ROWS: '1',
  ...(spec.url ? { IFSC_DATASET_URL: spec.url } : {}),
});
const ctx = createContext(config, pino({ level: 'silent' }));
await ctx.db.migrate({ ...ifscMigrations, ...pincodeMigrations });
const directory = new IfscDirectory();
directory.check('SBIN0000001'); // the code list is its own row of the table, loaded before

const load =
  spec.load === 'ifsc'
    ? () => importBranches(ctx, directory, new BranchRepository(ctx.db))
    : async () => (await loadOffices(ctx, new OfficeRepository(ctx.db), { force: true })).stored;

gc();
const before = process.memoryUsage().rss;
const peakBefore = process.resourceUsage().maxRSS * 1024;
const t = performance.now();
const rows = await load();
const ms = performance.now() - t;
gc();
const after = process.memoryUsage().rss;
const peak = process.resourceUsage().maxRSS * 1024;
console.log(JSON.stringify({ rows, ms, rssAdded: after - before, peakAdded: Math.max(0, peak - Math.max(peakBefore, before)) }));
await ctx.db.close();
process.exit(0);
