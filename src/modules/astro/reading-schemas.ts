// Schemas of the readings: /astro/yogas and /astro/strengths (each also a `needs` part of /astro) and /astro/doshas.

import { IntRange, Ok, StringOf, Type, type Static } from '../../core/schema.js';
import { DateParam } from '../../core/date-param.js';
import { KAAL_SARP_KINDS } from './calc/kaal-sarp.js';
import { Manglik } from './match/schemas.js';
import { AstroQuery } from './schemas.js';
import { YogaReport } from './yoga-schemas.js';
import { StrengthReport } from './strength-schemas.js';

const { needs: _needs, format: _format, ...birthFields } = AstroQuery.properties;

export const YogasQuery = Type.Object(birthFields);
export type YogasQuery = Static<typeof YogasQuery>;

export const YogasResponse = Type.Object({
  status: Ok,
  lagna: Type.Object({ rashi: Type.Integer({ minimum: 1, maximum: 12 }), rashi_name: Type.String() }),
  ...YogaReport.properties,
  cached: Type.Boolean(),
});
export type YogasResponse = Static<typeof YogasResponse>;

export const StrengthsQuery = Type.Object(birthFields);
export type StrengthsQuery = Static<typeof StrengthsQuery>;

export const StrengthsResponse = Type.Object({ status: Ok, ...StrengthReport.properties, cached: Type.Boolean() });
export type StrengthsResponse = Static<typeof StrengthsResponse>;

// ---- /astro/doshas ----

const DateOnly = (d: string) => Type.String({ description: `${d} as YYYY-MM-DD (local)` });
const Span = Type.Object({
  phase: StringOf(
    ['rising', 'peak', 'setting', 'kantaka', 'ashtama'] as const,
    'rising, peak, setting: Saturn in the 12th, 1st, 2nd from the Moon; kantaka: the 4th; ashtama: the 8th',
  ),
  sign: Type.Integer({ minimum: 1, maximum: 12 }),
  sign_name: Type.String(),
  start: DateOnly('Saturn enters the sign'),
  end: DateOnly('Saturn leaves it'),
  retrograde_reentry: Type.Boolean({ description: 'Saturn came back into this sign after a retrograde step out' }),
});

export const DoshasQuery = Type.Object({
  ...birthFields,
  date: Type.Optional(DateParam('YYYY-MM-DD', 'for the running Sade Sati phase (default: today)')),
  years: IntRange(1, 120, 100, 'years from birth over which Saturn is followed'),
  kuja_houses: Type.Optional(StringOf(['with_2nd', 'without_2nd'] as const, "Mars's houses that make manglik dosha, as /astro/match (default with_2nd)")),
});
export type DoshasQuery = Static<typeof DoshasQuery>;

export const DoshasResponse = Type.Object({
  status: Ok,
  moon: Type.Object({ rashi: Type.Integer({ minimum: 1, maximum: 12 }), rashi_name: Type.String() }),
  sade_sati: Type.Object(
    {
      as_of: DateOnly('the date asked'),
      current: Type.Union([StringOf(['rising', 'peak', 'setting', 'kantaka', 'ashtama'] as const), Type.Null()], {
        description: 'the phase running on that date, or null',
      }),
      cycles: Type.Array(
        Type.Object({
          kind: StringOf(['sade_sati', 'kantaka_shani', 'ashtama_shani'] as const),
          start: DateOnly('start'),
          end: DateOnly('end'),
          spans: Type.Array(Span, { description: "Saturn's stays in the signs of the cycle, re-entries included" }),
        }),
      ),
    },
    { description: "Sade Sati (Saturn in the 12th, 1st, 2nd from the natal Moon) and the dhaiyas (4th, 8th) from birth, by Saturn's ingresses" },
  ),
  kaal_sarp: Type.Object(
    {
      present: Type.Boolean(),
      kind: Type.Union([StringOf(['full', 'partial'] as const), Type.Null()], {
        description: 'partial: a graha in a node’s sign lies outside the arc by degree',
      }),
      name: Type.Union([StringOf([...KAAL_SARP_KINDS]), Type.Null()], { description: "named by Rahu's house from the lagna" }),
      rahu_house: Type.Integer({ minimum: 1, maximum: 12 }),
      side: Type.Union([StringOf(['rahu_to_ketu', 'ketu_to_rahu'] as const), Type.Null()]),
      outside_by_degree: Type.Array(Type.String()),
    },
    { description: 'Kaal Sarp: the seven grahas on one side of the Rahu-Ketu axis' },
  ),
  manglik: Manglik,
  cached: Type.Boolean(),
});
export type DoshasResponse = Static<typeof DoshasResponse>;
