// Small schema builders shared by every module's schemas.ts, so the same kind of
// parameter is written (and documented, and rejected) the same way everywhere.

import { Type, type TSchema } from 'typebox';

/**
 * A parameter with a default is optional to the caller (not in `required`, so OpenAPI and the
 * landing page do not star it), yet always present to the handler: validation fills the default
 * in (Ajv's useDefaults). So its static type stays the plain one.
 */
export function defaulted<T extends TSchema>(schema: T): T {
  return Type.Optional(schema) as unknown as T;
}

/** A 0/1 switch; read it with isOn(). */
export const Flag = (def: '0' | '1', description: string) => defaulted(Type.Enum(['0', '1'], { default: def, description }));

export const isOn = (v: string | undefined): boolean => v === '1';

/** An integer in a range; optional to the caller when it has a default. */
export const IntRange = (min: number, max: number, def: number | undefined, description: string) => {
  const t = Type.Integer({ minimum: min, maximum: max, ...(def === undefined ? {} : { default: def }), description });
  return def === undefined ? t : defaulted(t);
};

/** The standard `status: "ok"` envelope marker, for response schemas. */
export const Ok = Type.Literal('ok');

/**
 * One of a closed set of strings, written as an enum: the serializer then writes it after a
 * typeof check (a union of literals would cost it a validation per branch).
 */
export const StringOf = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: values, ...(description === undefined ? {} : { description }) });

/**
 * A body that is not JSON (an image), as OpenAPI 3.1 writes it (contentMediaType) and 3.0
 * tools read it (format: binary).
 */
export const BinaryBody = (mediaType: string) => Type.String({ format: 'binary', contentMediaType: mediaType });

/**
 * A response with a body per media type (`{description, content: {type: {schema}}}`), and the
 * headers it documents, as Fastify and @fastify/swagger read them. Fastify serializes only the
 * JSON body, chosen by the reply's Content-Type; strings and buffers sent with another type go
 * out as they are.
 */
export const ContentTypes = (description: string, bodies: Record<string, TSchema>, headers?: Record<string, TSchema>) => ({
  description,
  content: Object.fromEntries(Object.entries(bodies).map(([type, schema]) => [type, { schema }])),
  ...(headers === undefined ? {} : { headers }),
});

export { Type };
export type { Static, TSchema } from 'typebox';
