// `npm run crawl [-- job …]` (and `npm run import -- job --file <path>`): runs jobs now, outside
// the schedule, with their progress and a summary. The jobs are the ones modules declare as on-demand (price crawls, the station
// list, and data imports as they come); with no names, every on-demand job runs. With --file, any job that
// imports a file may be named (the coin list and the RDAP bootstrap too, which are not crawled on demand):
// that is how a machine without internet is seeded with every data set it would otherwise download. Each run
// goes through the same single-runner lock as the scheduled one, so it never overlaps one.

import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig } from './config.js';
import { MODULES } from './modules.js';
import { closeContext, createContext } from './core/context.js';
import { Ports } from './core/ports.js';
import type { JobSpec } from './core/module.js';
import { createInstances } from './plugins/modules.js';

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`crawl: ${err.message}`);
    process.exit(1);
  }
  throw err;
}

const log = pino({ level: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL }) as unknown as FastifyBaseLogger;
const ctx = createContext(config, log);
const instances = createInstances(ctx, MODULES, new Ports());
const allJobs = [...instances.values()].flatMap((i) => i.jobs ?? []);
const onDemand = allJobs.filter((j) => j.onDemand);
const importers = allJobs.filter((j) => j.takesFile);

// Job names, then `--file <path>` and other `--name value` options.
function parseArgs(argv: readonly string[]) {
  const names: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help' || a === '-h') options.help = 'yes';
    else if (a.startsWith('--')) options[a.slice(2)] = argv[++i] ?? '';
    else names.push(a);
  }
  return { names, options };
}

const { names: wanted, options } = parseArgs(process.argv.slice(2));
const { help, file, ...jobOptions } = options;
const usage = `usage: npm run crawl [-- ${onDemand.map((j) => j.name).join('|')} …]\n       npm run import -- <job> --file <path> [--state …]`;
if (help) {
  const files = importers.map((j) => `  ${j.name}: ${j.takesFile}`);
  console.log(
    `${usage}\nRuns the named jobs now (all of them when none is named), through the job lock.${files.length ? `\nJobs that import a local file with --file:\n${files.join('\n')}` : ''}`,
  );
  process.exit(0);
}
// A job by its name, or by its group's: "fuel" names "fuel-crawl".
const matches = (j: JobSpec, w: string) => j.name === w || j.name.startsWith(`${w}-`);
// Named, a job that imports a file also runs its download (the coin list, the RDAP bootstrap: the
// commands their 503s name); unnamed, only the on-demand ones run.
const candidates = file === undefined ? [...new Set([...onDemand, ...importers])] : importers;
const unknown = wanted.filter((w) => !candidates.some((j) => matches(j, w)));
if (unknown.length) {
  console.error(`${usage}  (unknown: ${unknown.join(', ')})`);
  process.exit(2);
}
const jobs: JobSpec[] = wanted.length ? candidates.filter((j) => wanted.some((w) => matches(j, w))) : onDemand;
if (file !== undefined && jobs.length !== 1) {
  console.error(`--file needs exactly one job that imports files (${importers.map((j) => j.name).join(', ') || 'none'})`);
  process.exit(2);
}

let failed = false;
try {
  // Every module's migrations in one pass, as the server does (the migrator refuses a
  // database holding migrations it is not shown).
  await ctx.db.migrate(Object.assign({}, ...MODULES.map((m) => m.migrations ?? {})));
  for (const job of jobs) {
    console.log(`${job.name}: running…`);
    // A job that throws (its upstream unreachable) is reported in one line; the others still run.
    const res = await ctx.lock
      .run(`job:${job.name}`, job.maxMs ?? 30 * 60_000, (signal) => job.run({ signal, progress: (line) => console.log(line), file, options: jobOptions }))
      .catch((err: unknown) => ({
        ran: true as const,
        value: { ok: false, lines: [`${job.name}: FAILED — ${err instanceof Error ? err.message : String(err)}`] },
      }));
    if (!res.ran) {
      console.log(`${job.name}: another runner holds its lock; skipped`);
      continue;
    }
    console.log(`\n${res.value.lines.join('\n')}`);
    if (!res.value.ok) failed = true;
  }
} finally {
  await closeContext(ctx, true);
}
process.exit(failed ? 1 : 0);
