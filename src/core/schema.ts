// Small schema builders shared by every module's schemas.ts, so the same kind of
// parameter is written (and documented, and rejected) the same way everywhere.

import { Type } from 'typebox';

/** A 0/1 switch; read it with isOn(). */
export const Flag = (def: '0' | '1', description: string) => Type.Enum(['0', '1'], { default: def, description });

export const isOn = (v: string | undefined): boolean => v === '1';

/** An integer in a range, with its default. */
export const IntRange = (min: number, max: number, def: number | undefined, description: string) =>
  Type.Integer({ minimum: min, maximum: max, ...(def === undefined ? {} : { default: def }), description });

/** The standard `status: "ok"` envelope marker, for response schemas. */
export const Ok = Type.Literal('ok');

export { Type };
export type { Static } from 'typebox';
