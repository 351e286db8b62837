// The engine list and how the deployment's settings pick from it.

import type { Config } from '../../../config.js';
import type { Engine, EngineOptions } from './types.js';
import { bing } from './bing.js';
import { brave } from './brave.js';
import { braveApi } from './brave-api.js';
import { duckduckgo } from './duckduckgo.js';
import { google } from './google.js';
import { mojeek } from './mojeek.js';
import { qwant } from './qwant.js';
import { searxng } from './searxng.js';
import { startpage } from './startpage.js';
import { yahoo } from './yahoo.js';

/** Engines that SEARCH_ENGINES may name. */
export const SCRAPED_ENGINES: readonly Engine[] = [duckduckgo, bing, brave, mojeek, startpage, yahoo, qwant, google];

export interface ConfiguredEngine {
  engine: Engine;
  opts: EngineOptions;
  weight: number;
}

/**
 * The engines to ask, with their base URLs and weights. Unknown names in SEARCH_ENGINES are
 * a start-up error (a typo would otherwise silently drop an engine).
 */
export function configuredEngines(config: Config): ConfiguredEngine[] {
  const byName = new Map(SCRAPED_ENGINES.map((e) => [e.name, e]));
  const unknown = config.SEARCH_ENGINES.filter((n) => !byName.has(n));
  if (unknown.length) {
    throw new Error(`SEARCH_ENGINES names unknown engines: ${unknown.join(', ')} (known: ${[...byName.keys()].join(', ')})`);
  }
  const weights = parseWeights(config.SEARCH_ENGINE_WEIGHTS);
  const settings = config as unknown as Record<string, string | undefined>;
  const ua = config.SEARCH_USER_AGENT;
  const out: ConfiguredEngine[] = [...new Set(config.SEARCH_ENGINES)].map((n) => {
    const engine = byName.get(n)!;
    return { engine, opts: { baseUrl: settings[engine.urlSetting] ?? engine.defaultUrl, userAgent: ua }, weight: weights[n] ?? engine.weight };
  });
  if (config.SEARXNG_URL) out.push({ engine: searxng, opts: { baseUrl: config.SEARXNG_URL, userAgent: ua }, weight: weights.searxng ?? searxng.weight });
  if (config.BRAVE_API_KEY) {
    out.push({ engine: braveApi, opts: { baseUrl: config.SEARCH_BRAVE_API_URL, userAgent: ua, apiKey: config.BRAVE_API_KEY }, weight: weights.brave_api ?? braveApi.weight });
  }
  return out;
}

function parseWeights(pairs: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of pairs) {
    const m = /^([\w-]+)\s*[=:]\s*(\d+(?:\.\d+)?)$/.exec(p.trim());
    if (!m) throw new Error(`SEARCH_ENGINE_WEIGHTS: "${p}" is not engine=weight`);
    out[m[1]] = Number(m[2]);
  }
  return out;
}

/** Runs every parser once on an empty page, so the parsing code is loaded and compiled. */
export function warmUp(): void {
  const q = { q: 'warm up', page: 1, region: 'in', lang: 'en', now: new Date() };
  for (const e of SCRAPED_ENGINES) {
    try {
      e.parse({ body: e.about.results === 'JSON' ? '{"status":"success"}' : '<html><body><div class="result"></div></body></html>', url: `${e.defaultUrl}/`, status: 200 }, q);
    } catch {
      // An empty page may be "unreadable" to a parser; only the warming matters here.
    }
  }
}

export type { Engine, EngineHit, EngineQuery, EngineOptions, TimeRange } from './types.js';
