// `npm run probe [-- module|upstream …]`: asks each live upstream once with a query known to
// have answers and prints which parsers read what the sites serve today (provider, ok or the
// failure kind, rows, ms). What a self-hoster runs when /health shows `parse` failures or a
// site looks changed. Modules declare their probes (ModuleInstance.probes); nothing is cached,
// stored or suspended here. Exit status 1 when any probe failed.

import { pathToFileURL } from 'node:url';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig } from './config.js';
import { MODULES } from './modules.js';
import { closeContext, createContext } from './core/context.js';
import { openDatabase } from './core/db/index.js';
import { Ports } from './core/ports.js';
import type { JankariModule, ModuleInstance } from './core/module.js';
import { UpstreamError, asUpstreamError, type ProbeSpec } from './core/upstream/index.js';
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
    return { ...base, outcome: rows > 0 ? 'ok' : 'empty', rows, ms: ms(), ...(rows > 0 ? {} : { message: 'answered with no row for a query that has answers' }) };
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
  const line = (c: string[]) => c.map((v, i) => (i >= 4 ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join('  ').trimEnd();
  const failed = rows.filter((r) => r.outcome !== 'ok');
  const summary = `${rows.length - failed.length} of ${rows.length} upstreams answered and parsed`;
  const why = failed.map((r) => `  ${r.upstream} (${r.asks}): ${r.outcome}: ${r.message ?? ''}`.trimEnd());
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line), '', summary, ...why].join('\n');
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
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log('usage: npm run probe [-- <module|upstream> …]\nAsks each live upstream once and prints which parsers work today.');
    return 0;
  }
  const log = pino({ level: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL }) as unknown as FastifyBaseLogger;
  // Probes touch no table: an in-memory database keeps the deployment's own untouched.
  const ctx = createContext(config, log, { db: openDatabase('sqlite::memory:', { poolMax: 1 }) });
  try {
    const all = probesOf(createInstances(ctx, MODULES, new Ports()));
    const probes = selectProbes(all, wanted);
    if (!probes.length) {
      console.error(`probe: nothing matches ${wanted.join(', ')} (modules and upstreams with probes: ${[...new Set(all.flatMap((p) => [p.module, p.probe.upstream]))].join(', ')})`);
      return 2;
    }
    const rows = await runProbes(probes, { timeoutMs: config.UPSTREAM_TIMEOUT_MS });
    console.log(probeTable(rows));
    return rows.every((r) => r.outcome === 'ok') ? 0 : 1;
  } finally {
    await closeContext(ctx, true);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(await main());
