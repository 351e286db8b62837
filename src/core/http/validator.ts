// Fastify's own validator (Ajv), with one hole closed: query and path numbers are finite and bounded.
//
// Ajv's type coercion turns the strings "Infinity", "-Infinity" and "1e309" (or any number too long
// for a double) into non-finite numbers, and its minimum/maximum checks are guarded by isFinite(), so
// such a value passes a schema that says `minimum: -59, maximum: 59`. One /astro request with
// dst_min=Infinity then spun the Swiss Ephemeris forever. Two rules, enforced here for every route
// rather than per route:
//   - at registration, every numeric query or path parameter must declare both bounds, so no value
//     reaches native code or a loop bound that validation did not bound;
//   - at request time, a numeric parameter that validation let through must be finite.
// And one more, for query strings: a name a typo away from a parameter of the route is refused
// (param-names.ts), since ignoring it would change the answer silently.

import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';
import { validatorLater } from './compile-later.js';
import { checkNames, paramNames, typoMessage } from './param-names.js';

type ValidatorFactory = NonNullable<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']>;
/** What Fastify hands a validator compiler for one part of one route. */
type RouteSchema = { schema: unknown; method: string; url: string; httpPart: string };
type Compile = (route: RouteSchema) => Validator;

type PropSchema = {
  type?: string | string[];
  anyOf?: PropSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

const CHECKED_PARTS = new Set(['querystring', 'params']);

function isNumeric(s: PropSchema): boolean {
  const types = Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type];
  if (types.some((t) => t === 'number' || t === 'integer')) return true;
  return s.anyOf?.some(isNumeric) ?? false;
}

const bounded = (s: PropSchema): boolean =>
  (s.minimum !== undefined || s.exclusiveMinimum !== undefined) && (s.maximum !== undefined || s.exclusiveMaximum !== undefined);

/** Names of the numeric properties of a query or path schema; throws when one has no bounds. */
export function numericParams(schema: unknown, where: string): string[] {
  const props = (schema as { properties?: Record<string, PropSchema> } | undefined)?.properties ?? {};
  const names: string[] = [];
  for (const [name, s] of Object.entries(props)) {
    if (!isNumeric(s)) continue;
    const branches = s.anyOf?.filter(isNumeric) ?? [s];
    if (!branches.every(bounded)) {
      throw new Error(`${where}: numeric parameter "${name}" must declare a minimum and a maximum`);
    }
    names.push(name);
  }
  return names;
}

type Validator = ((data: unknown, ctx?: unknown) => boolean) & { errors?: unknown[] | null; schemaEnv?: unknown };

function nonFiniteError(name: string) {
  return { instancePath: `/${name}`, schemaPath: `#/properties/${name}`, keyword: 'finite', params: {}, message: 'must be finite' };
}

/**
 * Wraps a compiled validator so that a coerced Infinity or NaN fails like an out-of-range value,
 * beside whatever else the schema refused (every invalid parameter is reported at once).
 */
function finiteGuard(inner: Validator, names: readonly string[]): Validator {
  const guarded: Validator = (data, ctx) => {
    const errors = inner(data, ctx) ? [] : [...(inner.errors ?? [])];
    const values = data as Record<string, unknown>;
    for (const name of names) {
      const v = values[name];
      const path = `/${name}`;
      if (typeof v === 'number' && !Number.isFinite(v) && !errors.some((e) => (e as { instancePath?: string }).instancePath === path)) {
        errors.push(nonFiniteError(name));
      }
    }
    guarded.errors = errors.length > 0 ? errors : null;
    return errors.length === 0;
  };
  // Fastify passes parent data to Ajv validators (so a root value may be replaced) when it sees this.
  guarded.schemaEnv = inner.schemaEnv;
  return guarded;
}

/** The error of a query name that misspells a known one; core/validation.ts words it with `suggestion`. */
function typoError(param: string, suggestion: string, url: string) {
  return { instancePath: `/${param}`, schemaPath: '#/properties', keyword: 'typo', params: { suggestion }, message: typoMessage(param, suggestion, url) };
}

/** Wraps a query validator so that a misspelt parameter name fails first, before what its absence caused. */
function typoGuard(inner: Validator, names: readonly string[], url: string): Validator {
  const guarded: Validator = (data, ctx) => {
    // The names sent, read before validation fills in defaults (`ayanamsa` is always there after).
    const typo = typeof data === 'object' && data !== null ? checkNames(Object.keys(data), names).typo : undefined;
    const ok = inner(data, ctx);
    if (!typo) {
      guarded.errors = inner.errors;
      return ok;
    }
    guarded.errors = [typoError(typo.param, typo.suggestion, url), ...(ok ? [] : (inner.errors ?? []))];
    return false;
  };
  guarded.schemaEnv = inner.schemaEnv;
  return guarded;
}

/** The validator factory for Fastify's `schemaController.compilersFactory.buildValidator`. */
export function finiteValidatorFactory(): ValidatorFactory {
  const ajvFactory = AjvCompiler() as unknown as (externalSchemas: unknown, options: unknown) => Compile;
  const factory = (externalSchemas: unknown, options: unknown): Compile => {
    const build = ajvFactory(externalSchemas, options);
    return (route) => {
      if (!CHECKED_PARTS.has(route.httpPart)) return validatorLater(() => build(route)) as Validator;
      // Read at registration, so that a route breaking the rules is refused at start.
      const names = numericParams(route.schema, `${route.method} ${route.url} ${route.httpPart}`);
      const known = route.httpPart === 'querystring' ? paramNames(route.schema) : undefined;
      // Compiled on the route's first request (compile-later.ts).
      return validatorLater(() => {
        const compiled = build(route);
        const finite = names.length === 0 ? compiled : finiteGuard(compiled, names);
        return known === undefined || known.length === 0 ? finite : typoGuard(finite, known, route.url);
      }) as Validator;
    };
  };
  return factory as unknown as ValidatorFactory;
}
