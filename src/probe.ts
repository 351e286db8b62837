// `npm run probe [-- module|upstream …]`: asks each live upstream once with a query known to
// have answers and prints which parsers read what the sites serve today (provider, ok or the
// failure kind, rows, ms). What a self-hoster runs when /health shows `parse` failures or a
// site looks changed. Modules declare their probes (ModuleInstance.probes); nothing is cached,
// stored or suspended here. Exit status 1 when any probe failed.
// `-- --save <dir>` also keeps every answer the probes read, as received, in the layout of our
// fixtures (<dir>/src/modules/<module>/fixtures/captured/…, with index.json and PROVENANCE.md):
// copy <dir>/src into the repository to contribute them (README, "Contributing captures").

import { pathToFileURL } from 'node:url';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig } from './config.js';
import { MODULES } from './modules.js';
import { closeContext, createContext } from './core/context.js';
import { openDatabase } from './core/db/index.js';
import { Ports } from './core/ports.js';
import type { JankariModule, ModuleInstance } from './core/module.js';
import {
  UpstreamError,
  asUpstreamError,
  createUpstreamClient,
  recordingFetch,
  saveCaptures,
  type CapturedAnswer,
  type ProbeSpec,
} from './core/upstream/index.js';
import { raceAbort } from './core/async.js';
import { createInstances } from './plugins/modules.js';

export interface ModuleProbe {
  module: string;
  probe: ProbeSpec;
}

export interface ProbeRow {
  module: string;
  upstream: string;
  asks: string;
  /** `ok`, `empty` (answered with no row for a query known to have some), or the failure kind. */
  outcome: string;
  rows: number;
  ms: number;
  /** Why it failed, for the lines under the table. */
  message?: string;
}

/** Every probe the instances declare, with their module's name. */
export function probesOf(instances: ReadonlyMap<JankariModule, ModuleInstance>): ModuleProbe[] {
  return [...instances].flatMap(([m, i]) => (i.probes ?? []).map((probe) => ({ module: m.name, probe })));
}

/** Keeps the probes of the named modules or upstreams (all when none is named). */
export function selectProbes(all: readonly ModuleProbe[], wanted: readonly string[]): ModuleProbe[] {
  return wanted.length ? all.filter((p) => wanted.includes(p.module) || wanted.includes(p.probe.upstream)) : [...all];
}

async function runOne({ module, probe }: ModuleProbe, timeoutMs: number): Promise<ProbeRow> {
  const started = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  const base = { module, upstream: probe.upstream, asks: probe.asks };
  const ms = () => Math.round(performance.now() - started);
  try {
    const late = () => new UpstreamError(probe.upstream, 'timeout', `no answer within ${timeoutMs} ms`);
    const { rows } = await raceAbort(probe.run({ signal, timeoutMs }), signal, late);
    return {
      ...base,
      outcome: rows > 0 ? 'ok' : 'empty',
      rows,
      ms: ms(),
      ...(rows > 0 ? {} : { message: 'answered with no row for a query that has answers' }),
    };
  } catch (err) {
    const ue = asUpstreamError(probe.upstream, err);
    const kind = signal.aborted && ue.kind !== 'timeout' ? 'timeout' : ue.kind;
    return { ...base, outcome: kind, rows: 0, ms: ms(), message: ue.message };
  }
}

/** Runs the probes, `concurrency` at a time, each within `timeoutMs`; rows in the probes' order. */
export async function runProbes(probes: readonly ModuleProbe[], opts: { timeoutMs: number; concurrency?: number }): Promise<ProbeRow[]> {
  const out: ProbeRow[] = new Array(probes.length);
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const i = next++;
      out[i] = await runOne(probes[i], opts.timeoutMs);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency ?? 4, probes.length)) }, worker));
  return out;
}

/** The table a person reads: one line per probe, then why each failed one failed. */
export function probeTable(rows: readonly ProbeRow[]): string {
  const head = ['module', 'upstream', 'asks', 'result', 'rows', 'ms'];
  const cells = rows.map((r) => [r.module, r.upstream, r.asks, r.outcome, String(r.rows), String(r.ms)]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) =>
    c
      .map((v, i) => (i >= 4 ? v.padStart(widths[i]) : v.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  const failed = rows.filter((r) => r.outcome !== 'ok');
  const summary = `${rows.length - failed.length} of ${rows.length} upstreams answered and parsed`;
  const why = failed.map((r) => `  ${r.upstream} (${r.asks}): ${r.outcome}: ${r.message ?? ''}`.trimEnd());
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line), '', summary, ...why].join('\n');
}

/** The folder after `--save` (or `--save=<dir>`), if any; the other arguments are names. */
export function probeArgs(argv: readonly string[]): { wanted: string[]; save?: string } {
  const wanted: string[] = [];
  let save: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--save') save = argv[++i];
    else if (a.startsWith('--save=')) save = a.slice('--save='.length);
    else if (!a.startsWith('-')) wanted.push(a);
  }
  return { wanted, ...(save ? { save } : {}) };
}

/** Writes what the probes read under `dir`, each answer under its probe's module. */
export async function saveProbeAnswers(dir: string, answers: readonly CapturedAnswer[], probes: readonly ModuleProbe[]): Promise<string[]> {
  const moduleOf = new Map(probes.map((p) => [p.probe.upstream, p.module]));
  return saveCaptures(dir, answers, { moduleOf: (u) => moduleOf.get(u) ?? 'other', how: 'npm run probe -- --save' });
}

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`probe: ${err.message}`);
      return 1;
    }
    throw err;
  }
  const { wanted, save } = probeArgs(process.argv.slice(2));
  if (process.argv.includes('--help') || process.argv.includes('-h') || (process.argv.includes('--save') && !save)) {
    console.log(
      'usage: npm run probe [-- <module|upstream> …] [--save <dir>]\nAsks each live upstream once and prints which parsers work today;\n--save keeps every answer read under <dir>/src/modules/<module>/fixtures/captured/.',
    );
    return 0;
  }
  const log = pino({ level: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL }) as unknown as FastifyBaseLogger;
  // Probes touch no table: an in-memory database keeps the deployment's own untouched.
  const answers: CapturedAnswer[] = [];
  const client = createUpstreamClient({ userAgent: config.USER_AGENT, timeoutMs: config.UPSTREAM_TIMEOUT_MS, maxBytes: config.UPSTREAM_MAX_BYTES });
  const ctx = createContext(config, log, {
    db: openDatabase('sqlite::memory:', { poolMax: 1 }),
    ...(save ? { fetch: recordingFetch(client, (a) => answers.push(a)) } : {}),
  });
  try {
    const all = probesOf(createInstances(ctx, MODULES, new Ports()));
    const probes = selectProbes(all, wanted);
    if (!probes.length) {
      console.error(
        `probe: nothing matches ${wanted.join(', ')} (modules and upstreams with probes: ${[...new Set(all.flatMap((p) => [p.module, p.probe.upstream]))].join(', ')})`,
      );
      return 2;
    }
    const rows = await runProbes(probes, { timeoutMs: config.UPSTREAM_TIMEOUT_MS });
    console.log(probeTable(rows));
    if (save) {
      const files = await saveProbeAnswers(save, answers, probes);
      console.log(`\nsaved ${answers.length} answer(s) in ${files.length} file(s) under ${save}/src/modules/*/fixtures/captured/`);
    }
    return rows.every((r) => r.outcome === 'ok') ? 0 : 1;
  } finally {
    await closeContext(ctx, true);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(await main());
