// Schemas of /astro/dashas: Vimshottari, Yogini, Ashtottari, Jaimini Chara and Narayana dasha, three levels each.

import { IntRange, Ok, StringOf, Type, type Static } from '../../core/schema.js';
import { DateParam } from '../../core/date-param.js';
import { AstroQuery } from './schemas.js';

const { needs: _needs, format: _format, ...birthFields } = AstroQuery.properties;

export const DASHA_SYSTEMS = ['vimshottari', 'yogini', 'ashtottari', 'chara', 'narayana'] as const;

export const DashasQuery = Type.Object({
  ...birthFields,
  system: Type.Optional(StringOf(DASHA_SYSTEMS, 'default vimshottari; chara: Jaimini (K. N. Rao); narayana: P. V. R. Rao')),
  date: Type.Optional(DateParam('YYYY-MM-DD', 'for the periods running (default: today)')),
  ashtottari: Type.Optional(
    StringOf(['if_applicable', 'always'] as const, 'always: Ashtottari even when the chart fails its BPHS condition (default if_applicable)'),
  ),
  years: IntRange(1, 150, 120, 'years from birth to cover'),
});
export type DashasQuery = Static<typeof DashasQuery>;

const Day = (d: string) => Type.String({ description: `${d}, YYYY-MM-DD (local at the birth offset)` });
const PeriodLord = {
  lord: Type.String({ description: 'graha (Su … Ke), or the sign for chara and narayana' }),
  name: Type.String(),
  start: Day('start'),
  end: Day('end'),
};
const Pratyantara = Type.Object(PeriodLord);
const Antardasha = Type.Object({ ...PeriodLord, current: Type.Boolean(), pratyantaras: Type.Array(Pratyantara) });
const Mahadasha = Type.Object({ ...PeriodLord, years: Type.Number(), current: Type.Boolean(), antardashas: Type.Array(Antardasha) });

export const DashasResponse = Type.Object({
  status: Ok,
  system: StringOf(DASHA_SYSTEMS),
  method: Type.String({ description: 'the reckoning followed' }),
  applicability: Type.Union([Type.Object({ applies: Type.Boolean(), forced: Type.Boolean(), rule: Type.String() }), Type.Null()], {
    description: "Ashtottari's condition on the chart; null for the other systems",
  }),
  as_of: Day('the date asked'),
  year_days: Type.Number({ description: 'days in a dasha year' }),
  current: Type.Union([Type.Object({ mahadasha: Type.String(), antardasha: Type.String(), pratyantara: Type.String() }), Type.Null()], {
    description: 'the periods running on the date asked, or null',
  }),
  mahadashas: Type.Array(Mahadasha, { description: 'from the one running at birth; empty when Ashtottari does not apply' }),
  cached: Type.Boolean(),
});
export type DashasResponse = Static<typeof DashasResponse>;
