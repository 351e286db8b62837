// Checks real answers against the 200 schema a route publishes in /openapi.json, with Ajv (the
// validator Fastify uses), strictly: no type coercion, formats checked, and every object closed
// (additionalProperties: false where the schema leaves it open), so an answer field the schema
// does not declare fails as surely as a missing or mistyped one.

import { AjvCompiler } from '@fastify/ajv-compiler';
import { expect } from 'vitest';
import { closed } from './answers.js';

type Validate = ((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string; params?: unknown }[] | null };

const build = (AjvCompiler() as unknown as (ext: unknown, o: unknown) => (r: { schema: unknown }) => Validate)(
  {},
  { customOptions: { coerceTypes: false, useDefaults: false, removeAdditional: false, allErrors: true } },
);

type Media = { schema: unknown; example?: unknown; examples?: Record<string, { value: unknown }> };
type OpenApi = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, Media> }> }>> };

/** A checker of answers against `schema`, every object closed: the problems, [] when none. */
function checkerOf(schema: unknown): (answer: unknown) => string[] {
  const validate = build({ schema: closed(schema) });
  return (answer) => (validate(answer) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`));
}

/**
 * A checker of answers against the published 200 schema of GET `path`: it returns the problems,
 * [] when none. The schema's own examples must pass it too.
 */
export function publishedSchemaCheck(doc: OpenApi, path: string): (answer: unknown) => string[] {
  const media = doc.paths[path]?.get?.responses['200']?.content?.['application/json'];
  if (!media?.schema) throw new Error(`/openapi.json has no 200 schema for GET ${path}`);
  const check = checkerOf(media.schema);
  // The document carries a schema's examples beside it (`example`, or `examples` when several).
  const examples = [...(media.example === undefined ? [] : [media.example]), ...Object.values(media.examples ?? {}).map((e) => e.value)];
  for (const example of examples) expect(check(example), `an example of GET ${path}`).toEqual([]);
  return check;
}

type Components = { components: { schemas: Record<string, unknown> } };

/**
 * A checker of error answers against the published `Error` schema, its references inlined. The
 * schema stays open (each group may add fields of its own), so `fields` names the ones the
 * caller's answers carry, which the schema must declare: those are then checked by type.
 */
export function publishedErrorCheck(doc: Components, fields: string[]): (answer: unknown) => string[] {
  const schemas = doc.components.schemas;
  const inline = (s: unknown): unknown => {
    if (Array.isArray(s)) return s.map(inline);
    if (s === null || typeof s !== 'object') return s;
    const ref = (s as { $ref?: string }).$ref;
    if (ref !== undefined) return inline(schemas[ref.replace('#/components/schemas/', '')]);
    return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, inline(v)]));
  };
  const error = inline(schemas.Error) as { properties: Record<string, unknown> };
  expect(
    fields.filter((f) => !(f in error.properties)),
    'fields the Error schema does not declare',
  ).toEqual([]);
  return checkerOf(error);
}

/**
 * Asks `url` twice over HTTP and the service (which sends its text as is) in between: both HTTP
 * answers must pass `check`, and the second, like the service's, comes from the cache, so the
 * two must be the same text. Returns the two HTTP answers, parsed.
 */
export async function sameAsService(
  inject: (url: string) => Promise<{ statusCode: number; body: string }>,
  url: string,
  check: (answer: unknown) => string[],
  service: () => Promise<{ body: string }>,
): Promise<Record<string, unknown>[]> {
  const first = await inject(url);
  expect(first.statusCode, url).toBe(200);
  expect(check(JSON.parse(first.body)), url).toEqual([]);
  const text = (await service()).body;
  const again = await inject(url);
  expect(again.body, url).toBe(text);
  expect(check(JSON.parse(again.body)), url).toEqual([]);
  return [JSON.parse(first.body), JSON.parse(again.body)];
}
