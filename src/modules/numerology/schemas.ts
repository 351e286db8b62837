// Request and response schemas of GET /numerology. The response schema also drives the
// fast serializer, so every field the service returns is listed here.

import { Type, Ok, StringOf, type Static } from '../../core/schema.js';

export const NumerologyQuerySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200, description: 'a full name in Latin letters, e.g. Thomas Cruise Mapother' }),
  // No length limits here, so the listing shows the format as the rule; the format check
  // in dates.ts is an anchored regex, quick on any input.
  dob: Type.String({ description: 'a date of birth as DD-MM-YYYY, DD/MM/YYYY or YYYY-MM-DD' }),
  gender: Type.Optional(Type.String({ description: 'M or F; used for the Kua number' })),
});
export type NumerologyQuery = Static<typeof NumerologyQuerySchema>;

// The serializer validates each branch of an anyOf on every response, so nullable fields and
// closed string sets are written as type lists and enums (same JSON Schema meaning, and the
// serializer writes them directly).
const Int = Type.Integer();
const NullableInt = Type.Unsafe<number | null>({ type: ['integer', 'null'] });
const NullableString = Type.Unsafe<string | null>({ type: ['string', 'null'] });
const NullableStringOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T | null>({ type: ['string', 'null'], enum: [...values, null] });
const NameValue = Type.Object({ total: Int, reduced: Int });

export const NumerologyReportSchema = Type.Object({
  status: Ok,
  input: Type.Object({
    name: Type.String(),
    dob: Type.String({ description: 'D-M-YYYY, without leading zeros' }),
    gender: NullableStringOf(['male', 'female'] as const),
  }),
  core: Type.Object({
    life_path: Int,
    life_path_meaning: Type.String(),
    destiny_number: Int,
    destiny_chaldean: Int,
    soul_urge: Int,
    personality_number: Int,
    birthday_number: Int,
    maturity_number: Int,
    balance_number: Int,
    is_master_number: Type.Boolean({ description: 'the life path is 11, 22 or 33' }),
  }),
  current_cycle: Type.Object({
    personal_year: Int,
    personal_month: Int,
    personal_day: Int,
    year: Int,
    as_of: Type.String({ description: 'the date (Asia/Kolkata) the cycle is for, YYYY-MM-DD' }),
  }),
  feng_shui: Type.Object({
    kua_number: NullableInt,
    direction: NullableString,
    group: NullableStringOf(['East', 'West'] as const),
    favourable_directions: Type.Array(Type.String()),
    solar_year: Int,
    note: Type.Optional(Type.String()),
  }),
  zodiac: Type.Object({ sign: Type.String() }),
  pinnacles: Type.Array(Type.Object({ pinnacle: Int, number: Int, period: Type.String() })),
  challenges: Type.Array(
    Type.Object({
      challenge: Int,
      name: StringOf(['early', 'middle', 'later', 'main'] as const),
      number: Int,
      period: Type.String(),
    }),
  ),
  compatibility: Type.Object({ best_matches: Type.Array(Int) }),
  missing_numbers: Type.Array(Int),
  karmic_debts: Type.Array(Type.Object({ number: Int, found_in: Type.Array(Type.String()) })),
  name_values: Type.Object({ pythagorean: NameValue, chaldean: NameValue }),
});
export type NumerologyReport = Static<typeof NumerologyReportSchema>;
