// "Did you mean" for a path no route serves: /weathr → /weather. The app's GET paths are
// recorded as routes are declared; a 404's path is compared with the static ones, then its
// first segment with the routes' first segments (/ifcs/SBIN0001 → /ifsc/SBIN0001). The same
// allowance as a misspelt parameter name (param-names.ts): no guess on a segment under 3
// characters, 1 edit up to 4, 2 beyond.

import type { FastifyInstance } from 'fastify';
import { intendedParam as nearest } from './param-names.js';

export class PathNames {
  private readonly statics = new Set<string>();
  private readonly firsts = new Set<string>();

  add(url: string): void {
    if (!url.startsWith('/') || url.includes('*')) return;
    if (!url.includes(':')) this.statics.add(url.replace(/\/$/, '') || '/');
    const first = url.split('/')[1];
    if (first && !first.includes(':')) this.firsts.add(first);
  }

  /** The path a caller most likely meant, if one is a typo away. */
  suggest(path: string): string | undefined {
    const clean = path.replace(/\/$/, '');
    const whole = nearest(
      clean.slice(1),
      [...this.statics].map((s) => s.slice(1)),
    );
    if (whole !== undefined) return `/${whole}`;
    const [, first, ...rest] = clean.split('/');
    if (!first || this.firsts.has(first) || rest.length === 0) return undefined;
    const meant = nearest(first, [...this.firsts]);
    return meant === undefined ? undefined : ['', meant, ...rest].join('/');
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
