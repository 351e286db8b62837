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

export { Type };
export type { Static } from 'typebox';
