// Response serialisation: fast-json-stringify, as Fastify's default, with one change to the
// schemas it compiles. TypeBox writes a nullable field as anyOf [T, null] and a union of
// literals as anyOf [const, const, …]; fast-json-stringify serialises an anyOf by running an
// ajv validation of each branch against the value, on every response — a dozen validations
// for a record full of nullable fields. Written as type [T, "null"] (or the literals' type),
// the same field is serialised after a typeof check. Only what the serialiser compiles is
// rewritten: validation and the published OpenAPI schemas keep the original.

import fastJson from 'fast-json-stringify';
import { serializerLater } from './compile-later.js';

type Schema = Record<string, unknown>;

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions'];
const SUBSCHEMAS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else'];
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const COMBINATORS = ['anyOf', 'oneOf', 'allOf', '$ref'];

/** The schema, with nullable and literal unions turned into type lists (a new object; the input is left as is). */
export function forSerializer(schema: unknown): unknown {
  if (!isSchema(schema)) return schema;
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) {
    if (SUBSCHEMA_MAPS.includes(k) && isSchema(v)) out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, forSerializer(s)]));
    else if (SUBSCHEMAS.includes(k)) out[k] = Array.isArray(v) ? v.map(forSerializer) : forSerializer(v);
    else if (SUBSCHEMA_LISTS.includes(k) && Array.isArray(v)) out[k] = v.map(forSerializer);
    else out[k] = v;
  }
  return Array.isArray(out.anyOf) ? (flattenUnion(out, out.anyOf as unknown[]) ?? out) : out;
}

/** anyOf [T, null] or anyOf [literal, …] as one schema with a type list, when that says the same. */
function flattenUnion(schema: Schema, members: unknown[]): Schema | undefined {
  if (!members.every(isSchema)) return undefined;
  const { anyOf: _, ...rest } = schema;
  const nullable = members.some((m) => m.type === 'null' && Object.keys(m).every((k) => k === 'type' || k === 'description'));
  const others = members.filter((m) => m.type !== 'null');
  if (others.length === 0) return undefined;
  // [T, null] where T is one plain typed schema (object, string, array, …).
  if (nullable && others.length === 1 && members.length === 2) {
    const t = others[0];
    if (typeof t.type !== 'string' || COMBINATORS.some((k) => k in t)) return undefined;
    return { ...rest, ...t, type: [t.type, 'null'] };
  }
  // Literals of one primitive type ("a" | "b", 4 | 6), maybe with null.
  if (members.length !== others.length + (nullable ? 1 : 0)) return undefined;
  const kinds = new Set(others.map((m) => ('const' in m ? typeof m.const : 'none')));
  if (kinds.size !== 1) return undefined;
  const [kind] = kinds;
  if (kind !== 'string' && kind !== 'number' && kind !== 'boolean') return undefined;
  return { ...rest, type: nullable ? [kind, 'null'] : kind };
}

/**
 * An object answer may carry `warnings` (the query names its route ignored: param-names.ts),
 * which no route's schema declares: serialised when present, absent otherwise. Only what the
 * serializer compiles says so; the published schemas are the routes' own.
 */
export function withWarnings(schema: unknown): unknown {
  if (!isSchema(schema) || schema.type !== 'object' || !isSchema(schema.properties) || 'warnings' in schema.properties) return schema;
  return { ...schema, properties: { ...schema.properties, warnings: { type: 'array', items: { type: 'string' } } } };
}

/** Fastify's serializer compiler, over the rewritten schema; compiled on first use (compile-later.ts). */
export function serializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string {
  return serializerLater(() => fastJson(withWarnings(forSerializer(schema)) as Parameters<typeof fastJson>[0]));
}
