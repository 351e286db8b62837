// Query parameter names a route does not know. A name a typo away from one it knows ("dat" for
// "date", "ayanamsha" when the route takes "ayanamsa") is refused: ignored, it would have changed
// the answer silently (today's panchang instead of the day asked). Any other unknown name is
// still ignored (cache busters, tracking tags, a client's own markers) but named back to the
// caller in an X-Ignored-Params header and a `warnings` field. Read from each route's query
// schema, for every route at once: the validator (validator.ts) refuses the typos, for HTTP and
// MCP tool calls alike; the hooks here name what was ignored. docs/decisions/parameter-typos.md.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { editDistance } from '../distance.js';

type QuerySchema = { properties?: Record<string, unknown> } | undefined;

const known = new WeakMap<object, readonly string[]>();

/** The names a query schema declares (none when the route has no query schema: then nothing is checked). */
export function paramNames(schema: unknown): readonly string[] | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  let names = known.get(schema);
  if (names === undefined) {
    names = Object.keys((schema as QuerySchema)?.properties ?? {});
    known.set(schema, names);
  }
  return names;
}

/**
 * Edits a name may be from a known one and still count as its typo: none under 3 characters
 * (`_`, `t`, `cb`: cache busters, not typos of `q`), 1 up to 4 characters, 2 beyond. Swapped
 * neighbours count as one edit (Damerau).
 */
export function typoAllowance(length: number): number {
  if (length < 3) return 0;
  return length <= 4 ? 1 : 2;
}

/**
 * The known name `name` is a typo of (the nearest; ties by the schema's order), if any. The
 * allowance is the shorter name's: `dat` is one edit from `date` (a typo), `days` two from `date`
 * (not one).
 */
export function intendedParam(name: string, names: readonly string[]): string | undefined {
  const own = typoAllowance(name.length);
  if (own === 0) return undefined;
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestD = own + 1;
  for (const n of names) {
    const limit = Math.min(own, Math.max(typoAllowance(n.length), 1));
    const d = editDistance(lower, n.toLowerCase(), { limit, transpositions: true });
    if (d <= limit && d < bestD) {
      best = n;
      bestD = d;
    }
  }
  return best;
}

export interface NameCheck {
  /** The first typo: a name sent, and the known name it misspells. */
  typo?: { param: string; suggestion: string };
  /** Names sent that the route does not know and that are no typo of one it knows. */
  ignored: string[];
}

/** The unknown names among those sent. A typo of a name also sent (`dat` beside `date`) is only ignored: it changes nothing. */
export function checkNames(sent: Iterable<string>, names: readonly string[]): NameCheck {
  const all = new Set(sent);
  const ignored: string[] = [];
  let typo: NameCheck['typo'];
  for (const name of all) {
    if (names.includes(name)) continue;
    const meant = intendedParam(name, names);
    if (meant !== undefined && !all.has(meant)) typo ??= { param: name, suggestion: meant };
    else ignored.push(name);
  }
  return { typo, ignored };
}

/** The sentence of a typo's 400. */
export const typoMessage = (param: string, suggestion: string, url: string) => `${param} is not a parameter of ${url}; did you mean ${suggestion}?`;

export const IGNORED_HEADER = 'x-ignored-params';

declare module 'fastify' {
  interface FastifyRequest {
    /** Query names this request sent that its route ignores (set before the handler). */
    ignoredParams?: string[];
  }
}

/** The ignored names of a request, worked out once its query has been validated. */
function ignoredOf(req: FastifyRequest): string[] | undefined {
  const names = paramNames((req.routeOptions?.schema as { querystring?: unknown } | undefined)?.querystring);
  const query = req.query;
  if (names === undefined || typeof query !== 'object' || query === null) return undefined;
  const { ignored } = checkNames(Object.keys(query), names);
  return ignored.length > 0 ? ignored : undefined;
}

const warningOf = (ignored: readonly string[]) => `ignored unknown parameter${ignored.length > 1 ? 's' : ''}: ${ignored.join(', ')}`;

/**
 * The header on every answer of a route with a query schema, and `warnings` in a JSON object
 * answer (the serializer lets an optional top-level `warnings` through: serializer.ts).
 */
export function installIgnoredParams(app: FastifyInstance): void {
  app.addHook('preHandler', (req, reply, done) => {
    const ignored = ignoredOf(req);
    if (ignored) {
      req.ignoredParams = ignored;
      reply.header(IGNORED_HEADER, ignored.join(', '));
    }
    done();
  });
  app.addHook('preSerialization', (req, _reply, payload, done) => {
    const ignored = req.ignoredParams;
    if (!ignored || typeof payload !== 'object' || payload === null || Array.isArray(payload) || Object.getPrototypeOf(payload) !== Object.prototype) {
      return done(null, payload);
    }
    const body = payload as Record<string, unknown>;
    const before = Array.isArray(body.warnings) ? (body.warnings as unknown[]) : [];
    done(null, { ...body, warnings: [...before, warningOf(ignored)] });
  });
}
