// The engine list and how the deployment's settings pick from it.

import type { Config } from '../../../config.js';
import { isConfigured } from '../../../core/upstream/index.js';
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

/**
 * Every engine, the one list the service, the probes and the settings read: those without
 * `needs` are asked when SEARCH_ENGINES names them, the others join when their settings are set.
 * A new engine is its file and one line here (and its URL row in src/config.ts).
 */
export const ENGINES: readonly Engine[] = [duckduckgo, bing, brave, mojeek, startpage, yahoo, qwant, google, searxng, braveApi];

/** Engines that SEARCH_ENGINES may name. */
export const SCRAPED_ENGINES: readonly Engine[] = ENGINES.filter((e) => !e.needs);

export interface ConfiguredEngine {
  engine: Engine;
  opts: EngineOptions;
  weight: number;
}

/**
 * The engines to ask, with their base URLs and weights: the named ones in SEARCH_ENGINES order,
 * then the configured ones. Unknown names in SEARCH_ENGINES are a start-up error (a typo would
 * otherwise silently drop an engine).
 */
export function configuredEngines(config: Config): ConfiguredEngine[] {
  const byName = new Map(SCRAPED_ENGINES.map((e) => [e.name, e]));
  const unknown = config.SEARCH_ENGINES.filter((n) => !byName.has(n));
  if (unknown.length) {
    throw new Error(`SEARCH_ENGINES names unknown engines: ${unknown.join(', ')} (known: ${[...byName.keys()].join(', ')})`);
  }
  const weights = parseWeights(config.SEARCH_ENGINE_WEIGHTS);
  const chosen = [...[...new Set(config.SEARCH_ENGINES)].map((n) => byName.get(n)!), ...ENGINES.filter((e) => e.needs && isConfigured(e, config))];
  return chosen.map((engine) => {
    const apiKey = engine.keySetting && config[engine.keySetting];
    const opts: EngineOptions = { baseUrl: config[engine.urlSetting] ?? '', userAgent: config.SEARCH_USER_AGENT, ...(apiKey ? { apiKey } : {}) };
    return { engine, opts, weight: weights[engine.name] ?? engine.weight };
  });
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
      e.parse(
        {
          body: e.about.results === 'JSON' ? '{"status":"success"}' : '<html><body><div class="result"></div></body></html>',
          url: e.about.website,
          status: 200,
        },
        q,
      );
    } catch {
      // An empty page may be "unreadable" to a parser; only the warming matters here.
    }
  }
}

export type { Engine, EngineHit, EngineQuery, EngineOptions, TimeRange } from './types.js';
