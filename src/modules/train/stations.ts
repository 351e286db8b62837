// Loads the station list from datameet's railways data set (GeoJSON, CC0) into the database.
// A download that fails, or yields fewer usable rows than TRAIN_STATIONS_MIN_ROWS, never
// replaces the stored list.

import type { AppContext } from '../../core/module.js';
import { UpstreamError, dataSource } from '../../core/upstream/index.js';
import { clean, coord } from './format.js';
import type { Station, StationRepository } from './repository.js';

/** The job that loads the station list (at start when missing, then daily). */
export const STATIONS_JOB = 'train-stations';

/** Station codes as Indian Railways writes them: 1 to 5 letters (datameet also has placeholders like "XX-BECE"). */
const CODE = /^[A-Z]{1,5}$/;

/** Stations of a datameet stations GeoJSON FeatureCollection; placeholders and duplicates dropped. */
export function parseStationsGeoJson(body: unknown): Station[] {
  const features = (body as { features?: unknown })?.features;
  if (!Array.isArray(features)) throw new UpstreamError('datameet', 'bad_response', 'the station list is not a GeoJSON FeatureCollection');
  const seen = new Set<string>();
  const out: Station[] = [];
  for (const f of features as { properties?: Record<string, unknown>; geometry?: { type?: string; coordinates?: unknown[] } | null }[]) {
    const p = f?.properties ?? {};
    const code = clean(p.code).toUpperCase();
    const name = clean(p.name);
    if (!CODE.test(code) || !name || seen.has(code)) continue;
    seen.add(code);
    const pos =
      f.geometry?.type === 'Point' && Array.isArray(f.geometry.coordinates)
        ? coord(f.geometry.coordinates[1], f.geometry.coordinates[0])
        : { lat: null, lon: null };
    out.push({ code, name, state: clean(p.state) || null, zone: clean(p.zone) || null, address: clean(p.address) || null, ...pos });
  }
  return out;
}

/** Downloads (or reads `file`, a copy on disk) and stores the list; returns how many stations were stored. */
export async function loadStations(ctx: AppContext, repo: StationRepository, file?: string): Promise<number> {
  const { fetch, url } = dataSource(ctx.fetch, ctx.config.TRAIN_STATIONS_URL, file);
  const res = await fetch('datameet', { url, timeoutMs: Math.max(ctx.config.UPSTREAM_TIMEOUT_MS, 30_000) });
  const stations = parseStationsGeoJson(res.json());
  if (stations.length < ctx.config.TRAIN_STATIONS_MIN_ROWS) {
    throw new Error(
      `station list at ${url} has ${stations.length} usable rows, fewer than TRAIN_STATIONS_MIN_ROWS (${ctx.config.TRAIN_STATIONS_MIN_ROWS}); kept the stored list`,
    );
  }
  await repo.replaceAll(stations, url, ctx.now());
  ctx.log.info({ stations: stations.length, source: url }, 'train stations loaded');
  return stations.length;
}
