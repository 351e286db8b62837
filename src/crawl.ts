// `npm run crawl [fuel|commodities]`: one price crawl now, outside the schedule, with a
// line per page (which source answered, how many prices) and a summary per group. Runs
// through the same single-runner lock as the scheduled crawl, so it never overlaps one.

import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig } from './config.js';
import { MODULES } from './modules.js';
import { closeContext, createContext } from './core/context.js';
import { COMMODITIES_JOB, commoditiesModule, commoditiesService } from './modules/commodities/index.js';
import { FUEL_JOB, fuelModule, fuelService } from './modules/fuel/index.js';
import { CRAWL_LOCK_TTL_MS, type CrawlOutcome, type CrawlProgress } from './modules/prices/index.js';

const GROUPS = {
  fuel: { job: FUEL_JOB, module: fuelModule, service: fuelService },
  commodities: { job: COMMODITIES_JOB, module: commoditiesModule, service: commoditiesService },
} as const;
type Group = keyof typeof GROUPS;

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((a) => !(a in GROUPS));
if (unknown.length) {
  console.error(`usage: npm run crawl [-- fuel|commodities]  (unknown: ${unknown.join(', ')})`);
  process.exit(2);
}
const groups = (wanted.length ? wanted : Object.keys(GROUPS)) as Group[];

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

const progress =
  (group: string): CrawlProgress =>
  (e) => {
    const where = `[${group} ${String(e.done).padStart(3)}/${e.total}]`;
    console.log(e.error ? `${where} ${e.task}: FAILED — ${e.error}` : `${where} ${e.task}: ${e.rows} price(s) from ${e.source}`);
  };

function summary(group: string, out: CrawlOutcome): void {
  const secs = ((Date.parse(out.finished_at) - Date.parse(out.started_at)) / 1000).toFixed(1);
  console.log(`\n${group}: ${out.stored ? `stored ${out.rows} prices` : 'NOT stored'} in ${secs} s${out.error ? ` — ${out.error}` : ''}`);
  for (const s of out.sources) console.log(`  ${s.name.padEnd(20)} ${String(s.rows).padStart(4)} prices, ${s.errors.length} error(s)${s.errors[0] ? ` (first: ${s.errors[0]})` : ''}`);
}

let failed = false;
try {
  // Every module's migrations in one pass, as the server does (the migrator refuses a
  // database holding migrations it is not shown).
  await ctx.db.migrate(Object.assign({}, ...[...MODULES, ...groups.map((g) => GROUPS[g].module)].map((m) => m.migrations ?? {})));
  for (const group of groups) {
    const g = GROUPS[group];
    console.log(`${group}: crawling…`);
    const res = await ctx.lock.run(`job:${g.job}`, CRAWL_LOCK_TTL_MS, () => g.service(ctx).crawl(progress(group)));
    if (!res.ran) {
      console.log(`${group}: another runner holds the crawl lock; skipped`);
      continue;
    }
    summary(group, res.value);
    if (!res.value.stored) failed = true;
  }
} finally {
  await closeContext(ctx, true);
}
process.exit(failed ? 1 : 0);
