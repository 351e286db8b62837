// Result merging and ranking, after SearXNG's results.py: the same URL from several engines
// is one result (scheme, "www.", default port, trailing slash and tracking parameters
// ignored); the longer title and snippet win, https is preferred, engines are united; the
// score is (product of engine weights) × (number of engines) × Σ 1/position.

import type { EngineHit } from './engines/index.js';

/** Query parameters that only track the click, never change the page. */
const TRACKING =
  /^(utm_[a-z_]+|fbclid|gclid|gclsrc|dclid|msclkid|yclid|mc_cid|mc_eid|_ga|_gl|igshid|ref_src|ref_url|srsltid|oly_enc_id|oly_anon_id|vero_id|wickedid|__hs[a-z_]*|hsctatracking|mkt_tok|spm|si)$/i;

/** The URL users see: tracking parameters and the fragment removed, nothing else touched. */
export function cleanUrl(raw: string): string {
  const u = new URL(raw);
  for (const k of [...u.searchParams.keys()]) if (TRACKING.test(k)) u.searchParams.delete(k);
  u.hash = '';
  return u.href.replace(/\?$/, '');
}

/**
 * The identity of a URL for merging: no scheme, lower-case host without "www.", no default
 * port, no trailing slash, no fragment, no tracking parameters, the rest of the query sorted,
 * percent-encoding made uniform.
 */
export function urlKey(raw: string): string {
  const u = new URL(raw);
  const host = u.hostname
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/\.$/, '');
  const port = u.port && !((u.protocol === 'http:' && u.port === '80') || (u.protocol === 'https:' && u.port === '443')) ? `:${u.port}` : '';
  let path = safeDecode(u.pathname).replace(/\/+$/, '');
  if (path === '') path = '';
  const params = [...u.searchParams.entries()]
    .filter(([k]) => !TRACKING.test(k))
    .sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  const query = params.length ? `?${params.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
  return `${host}${port}${path}${query}`;
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** Matches a host against the low-value list ("quora.com" covers subdomains, "pinterest.*" any suffix). */
export function lowValueMatcher(entries: readonly string[]): (url: string) => boolean {
  const exact = entries.filter((e) => !e.endsWith('.*')).map((e) => e.toLowerCase().replace(/^\*?\.?/, ''));
  const prefixes = entries.filter((e) => e.endsWith('.*')).map((e) => e.slice(0, -2).toLowerCase());
  return (url) => {
    let host: string;
    try {
      host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
    } catch {
      return true;
    }
    if (exact.some((d) => host === d || host.endsWith(`.${d}`))) return true;
    const labels = host.split('.');
    // "pinterest.*": a label "pinterest" followed only by a public suffix-like tail (1–2 labels).
    return prefixes.some((p) => labels.some((l, i) => l === p && labels.length - i - 1 >= 1 && labels.length - i - 1 <= 2));
  };
}

export interface MergedResult {
  title: string;
  url: string;
  snippet: string;
  engines: string[];
  agreement: number;
  score: number;
  /** Best (lowest) position any engine gave it, for tie-breaking. */
  best_position: number;
  /** Per engine position, in engine order. */
  positions: number[];
  /** The newest date an engine showed for it. */
  published?: string;
}

export interface EngineAnswer {
  engine: string;
  weight: number;
  hits: EngineHit[];
}

/**
 * Merges engine answers into ranked results. `drop` removes low-value URLs before ranking,
 * so they neither take a slot nor lend their position to anything.
 */
export function mergeResults(answers: readonly EngineAnswer[], drop: (url: string) => boolean = () => false): MergedResult[] {
  const byKey = new Map<string, MergedResult & { weights: number[] }>();
  for (const a of answers) {
    let position = 0;
    const seenHere = new Set<string>();
    for (const hit of a.hits) {
      let key: string;
      let url: string;
      try {
        url = cleanUrl(hit.url);
        key = urlKey(url);
      } catch {
        continue;
      }
      if (drop(url)) continue;
      position += 1;
      // An engine listing a URL twice counts once, at its better position.
      if (seenHere.has(key)) continue;
      seenHere.add(key);
      const cur = byKey.get(key);
      if (!cur) {
        byKey.set(key, {
          title: hit.title,
          url,
          snippet: hit.snippet,
          engines: [a.engine],
          agreement: 1,
          score: 0,
          best_position: position,
          positions: [position],
          weights: [a.weight],
          ...(hit.published ? { published: hit.published } : {}),
        });
        continue;
      }
      cur.engines.push(a.engine);
      cur.positions.push(position);
      cur.weights.push(a.weight);
      cur.agreement = cur.engines.length;
      cur.best_position = Math.min(cur.best_position, position);
      if (hit.title.length > cur.title.length) cur.title = hit.title;
      if (hit.snippet.length > cur.snippet.length) cur.snippet = hit.snippet;
      if (url.startsWith('https:') && cur.url.startsWith('http:')) cur.url = url;
      if (hit.published && (!cur.published || hit.published > cur.published)) cur.published = hit.published;
    }
  }
  const out: MergedResult[] = [];
  for (const r of byKey.values()) {
    const weight = r.weights.reduce((p, w) => p * w, 1) * r.positions.length;
    r.score = r.positions.reduce((s, pos) => s + weight / pos, 0);
    const { weights: _w, ...rest } = r;
    out.push(rest);
  }
  return out.sort((a, b) => b.score - a.score || b.agreement - a.agreement || a.best_position - b.best_position);
}
