// Runs a state's importer: fetch (or read a local file), parse, pass every gate, store as a new
// version. A list that fails a gate is refused with its reasons logged, and the stored catalog
// stays as it was; a file already stored (same SHA-256) is not stored twice.

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AppContext } from '../../core/module.js';
import { type ProviderHealth, boundProvider, failover } from '../../core/upstream/index.js';
import { brandFamilies, categoryOf, key } from './families.js';
import { gateFailures } from './gates.js';
import type { StateImporter } from './importers/types.js';
import type { LiquorRepository, StoredRow } from './repository.js';

export interface ImportOutcome {
  state: string;
  /** True when a new version was stored. */
  stored: boolean;
  /** The same file is already stored (not a failure). */
  unchanged: boolean;
  source_url: string;
  rows: number;
  version_id: number | null;
  effective: string | null;
  /** Why the list was refused (gates), when it was. */
  refused: string[];
  /** Which reading of the file gave the rows (e.g. "content stream (grouping by y agrees)"). */
  layout?: string;
}

/** Gates, then store: the one path both the job and a local file take. */
export async function importListFile(
  ctx: AppContext,
  repo: LiquorRepository,
  importer: StateImporter,
  file: { url: string; body: Uint8Array },
): Promise<ImportOutcome> {
  const sha256 = createHash('sha256').update(file.body).digest('hex');
  const base = { state: importer.state, source_url: file.url, stored: false, unchanged: false, version_id: null, effective: null, refused: [] as string[] };
  const same = await repo.versionBySha(importer.state, sha256);
  if (same) return { ...base, unchanged: true, rows: same.rows, version_id: same.id, effective: same.effective };
  const parsed = await importer.parse(file.body);
  const refused = gateFailures(parsed, ctx.config.LIQUOR_MIN_ROWS);
  if (refused.length) {
    ctx.log.warn({ state: importer.state, source: file.url, layout: parsed.layout, reasons: refused }, 'liquor price list refused; the stored catalog is kept');
    return { ...base, rows: parsed.rows.length, refused, ...(parsed.layout ? { layout: parsed.layout } : {}) };
  }
  const families = brandFamilies(parsed.rows);
  const rows: StoredRow[] = parsed.rows.map((r) => ({ ...r, brand: families.get(key(r))!, category: categoryOf(r.name, r.section) }));
  const effective = parsed.meta.effective_dates[0];
  const version = {
    state: importer.state,
    source_url: file.url,
    title: parsed.meta.title,
    effective,
    printed: parsed.meta.printed,
    sha256,
    fetched_at: ctx.now().toISOString(),
    rows: rows.length,
  };
  const versionId = await repo.storeVersion(version, rows);
  ctx.log.info({ state: importer.state, rows: rows.length, effective, source: file.url, layout: parsed.layout }, 'liquor price list stored');
  return { ...base, stored: true, rows: rows.length, version_id: versionId, effective, ...(parsed.layout ? { layout: parsed.layout } : {}) };
}

/** Fetches a state's current list from its corporation and imports it. */
export async function importFromSource(
  ctx: AppContext,
  repo: LiquorRepository,
  importer: StateImporter,
  health: ProviderHealth,
  signal?: AbortSignal,
): Promise<ImportOutcome> {
  const provider = boundProvider(importer.upstream, ctx.fetch, (_: null, http) => importer.fetchList(http));
  const deadlineMs = Math.max(ctx.config.UPSTREAM_TIMEOUT_MS, 180_000);
  const { value } = await failover(`liquor-${importer.state}`, [provider], null, health, { deadlineMs, signal });
  signal?.throwIfAborted();
  return importListFile(ctx, repo, importer, value);
}

/**
 * Imports a list from a local file (`npm run import -- liquor --file list.pdf`): the same gates
 * and the same versioning as the job; the source is the file's path.
 */
export async function importFromPath(ctx: AppContext, repo: LiquorRepository, importer: StateImporter, path: string): Promise<ImportOutcome> {
  const body = await readFile(path);
  return importListFile(ctx, repo, importer, { url: `file:${path}`, body });
}

/** One line for a person about an import. */
export function outcomeLine(o: ImportOutcome): string {
  if (o.unchanged) return `liquor ${o.state}: unchanged (the list effective ${o.effective} from ${o.source_url} is already stored)`;
  if (o.stored)
    return `liquor ${o.state}: stored ${o.rows} products, list effective ${o.effective}, from ${o.source_url}${o.layout ? `, read by ${o.layout}` : ''}`;
  return `liquor ${o.state}: REFUSED ${o.source_url} (${o.rows} rows read; stored catalog kept): ${o.refused.join('; ')}`;
}
