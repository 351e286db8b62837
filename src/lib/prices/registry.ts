// The places a price group knows: display name, type, the state a city is in, and the
// names people also use for it (old names, upstream spellings). Loaded from the module's
// data file (sourced in its SOURCES.md); lookups and search never touch the database.

import { readFileSync } from 'node:fs';
import { compactName, matchScore, normalizeName } from './names.js';

export interface Place {
  /** Stable key stored with every price row (the normalized display name). */
  key: string;
  name: string;
  type: string;
  /** For cities: the state they belong to (display name). */
  state?: string;
  /** For places abroad: the country. */
  country?: string;
  /** Other names: old names, upstream spellings. */
  aliases: string[];
  /** Per-upstream page slugs when they differ from the name. */
  slugs: Record<string, string>;
  /** Free tags the module uses (popular, metals a place is tracked for, …). */
  tags: string[];
}

export interface PlaceInput {
  name: string;
  type: string;
  state?: string;
  country?: string;
  aliases?: string[];
  slugs?: Record<string, string>;
  tags?: string[];
}

export interface SearchHit {
  place: Place;
  score: number;
}

export class Registry {
  readonly places: readonly Place[];
  private readonly byName = new Map<string, Place>();
  /** Each place's name and aliases, normalized once (lookups run on every request). */
  private readonly normalized = new Map<Place, { names: string[]; compact: string[] }>();

  constructor(input: readonly PlaceInput[]) {
    this.places = input.map((p) => ({
      key: normalizeName(p.name).replace(/ /g, '-'),
      name: p.name,
      type: p.type,
      state: p.state,
      country: p.country,
      aliases: p.aliases ?? [],
      slugs: p.slugs ?? {},
      tags: p.tags ?? [],
    }));
    for (const p of this.places) {
      if (this.byName.has(p.key)) throw new Error(`registry: ${p.name} listed twice`);
      this.byName.set(p.key, p);
      const names = [p.name, ...p.aliases].map(normalizeName);
      this.normalized.set(p, { names, compact: names.map(compactName) });
    }
  }

  static fromFile(url: URL): Registry {
    return new Registry(JSON.parse(readFileSync(url, 'utf8')) as PlaceInput[]);
  }

  byKey(key: string): Place | undefined {
    return this.byName.get(key);
  }

  /**
   * The place a user or an upstream means by `raw`: its name or an alias, ignoring case,
   * spacing and "&"/"and". `filter` restricts the candidates (cities only, say).
   */
  find(raw: string, filter: (p: Place) => boolean = () => true): Place | undefined {
    const n = normalizeName(raw);
    if (!n) return undefined;
    const c = compactName(n);
    const candidates = this.places.filter(filter);
    return candidates.find((p) => this.normalized.get(p)!.names.includes(n)) ?? candidates.find((p) => this.normalized.get(p)!.compact.includes(c));
  }

  /** Places ranked by how well their names or aliases match `q`, best first, at most `limit`. */
  search(q: string, limit: number, filter: (p: Place) => boolean = () => true): SearchHit[] {
    const n = normalizeName(q);
    if (!n) return [];
    const hits: SearchHit[] = [];
    for (const p of this.places) {
      if (!filter(p)) continue;
      const [name, ...aliases] = this.normalized.get(p)!.names;
      const nameScore = matchScore(n, name);
      // An alias match ranks a little below the same match on the display name.
      const aliasScore = Math.max(0, ...aliases.map((a) => matchScore(n, a) - 1));
      const score = Math.max(nameScore, aliasScore);
      if (score > 0) hits.push({ place: p, score });
    }
    hits.sort((a, b) => b.score - a.score || a.place.name.localeCompare(b.place.name));
    return hits.slice(0, limit);
  }
}
