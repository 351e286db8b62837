// "Did you mean" for a path no route serves: /weathr → /weather. The app's GET paths are
// recorded as routes are declared; a 404's path is compared with the static ones, then its
// first segment with the routes' first segments (/ifcs/SBIN0001 → /ifsc/SBIN0001), then a
// one-segment path with the last segments of the static ones, when only one path ends so
// (/festivals → /panchang/festivals: the name a caller guesses for a path under a group). The same
// allowance as a misspelt parameter name (param-names.ts): no guess on a segment under 3
// characters, 1 edit up to 4, 2 beyond.

import type { FastifyInstance } from 'fastify';
import { intendedParam as nearest } from './param-names.js';

export class PathNames {
  private readonly statics = new Set<string>();
  private readonly firsts = new Set<string>();
  /** The static paths by their last segment (festivals → /panchang/festivals). */
  private readonly lasts = new Map<string, Set<string>>();

  add(url: string): void {
    if (!url.startsWith('/') || url.includes('*')) return;
    if (!url.includes(':')) {
      const clean = url.replace(/\/$/, '') || '/';
      this.statics.add(clean);
      const last = clean.slice(clean.lastIndexOf('/') + 1);
      if (last && clean.indexOf('/', 1) > 0) this.lasts.set(last, (this.lasts.get(last) ?? new Set()).add(clean));
    }
    const first = url.split('/')[1];
    if (first && !first.includes(':')) this.firsts.add(first);
  }

  /** The path a caller most likely meant, if one is a typo away. */
  suggest(path: string): string | undefined {
    const clean = path.replace(/\/$/, '');
    const [, first, ...rest] = clean.split('/');
    const bare = first && rest.length === 0 ? first : undefined;
    // A bare name that one path ends in exactly beats a whole path two edits away (/match: /astro/match, not /fetch).
    const exact = bare === undefined ? undefined : this.byLast(bare, false);
    if (exact !== undefined) return exact;
    const whole = nearest(
      clean.slice(1),
      [...this.statics].map((s) => s.slice(1)),
    );
    if (whole !== undefined) return `/${whole}`;
    if (bare !== undefined) return this.byLast(bare, true);
    if (!first || this.firsts.has(first)) return undefined;
    const meant = nearest(first, [...this.firsts]);
    return meant === undefined ? undefined : ['', meant, ...rest].join('/');
  }

  /** The one deeper path whose last segment is `segment` (or, with `typos`, a typo of it); none when several end so (/cities). */
  private byLast(segment: string, typos: boolean): string | undefined {
    const last = this.lasts.has(segment) ? segment : typos ? nearest(segment, [...this.lasts.keys()]) : undefined;
    const paths = last === undefined ? undefined : this.lasts.get(last)!;
    return paths?.size === 1 ? [...paths][0] : undefined;
  }
}

/** Records the app's GET paths (call before modules register their routes). */
export function recordPaths(app: FastifyInstance): PathNames {
  const paths = new PathNames();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.includes('GET')) paths.add(route.url);
  });
  return paths;
}
