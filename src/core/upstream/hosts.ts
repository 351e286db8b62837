// Which settings point at which upstream host, so a failure can name the setting that sends that
// upstream elsewhere ("set OPEN_METEO_URL to use another host"). Built from the configured URLs
// (src/config.ts rows of kind url), not a hand-kept list, so it cannot drift.

import { SETTINGS, type Config } from '../../config.js';
import { UpstreamError } from './errors.js';
import type { UpstreamFetch } from './http.js';

// URLs that are not upstreams this service asks for data.
const NOT_UPSTREAMS = new Set(['PUBLIC_BASE_URL', 'REDIS_URL', 'DATABASE_URL']);

/** host (with port when not the default) → the URL settings whose value has it. */
export function settingsByHost(config: Config): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const row of SETTINGS) {
    if (row.kind !== 'url' || NOT_UPSTREAMS.has(row.env)) continue;
    const value = (config as Record<string, unknown>)[row.env];
    if (typeof value !== 'string' || value === '') continue;
    let host: string;
    try {
      host = new URL(value).host;
    } catch {
      continue;
    }
    map.set(host, [...(map.get(host) ?? []), row.env]);
  }
  return map;
}

/**
 * The settings for a provider's host. When several settings share a host (www.goodreturns.in
 * for fuel and metals), those whose name shares most words with the provider id win.
 */
export function settingsForHost(map: ReadonlyMap<string, string[]>, host: string, provider: string): string[] {
  const found = map.get(host) ?? [];
  if (found.length <= 1) return found;
  const words = new Set(provider.toLowerCase().split(/[^a-z0-9]+/));
  // Words shared count most; words the provider id lacks (AQI_ in AQI_OPEN_METEO_URL) break ties.
  const score = (env: string) => {
    const parts = env
      .toLowerCase()
      .split('_')
      .filter((w) => w !== 'url');
    const shared = parts.filter((w) => words.has(w)).length;
    return shared * 10 - (parts.length - shared);
  };
  const best = Math.max(...found.map(score));
  return found.filter((env) => score(env) === best);
}

/** A fetch whose failures name the settings that point at the host that failed. */
export function namingSettings(fetch: UpstreamFetch, map: ReadonlyMap<string, string[]>): UpstreamFetch {
  return async (upstream, req) => {
    try {
      return await fetch(upstream, req);
    } catch (err) {
      if (err instanceof UpstreamError && err.details.host && !err.details.settings) {
        const settings = settingsForHost(map, err.details.host, upstream);
        if (settings.length) err.details.settings = settings;
      }
      throw err;
    }
  };
}
