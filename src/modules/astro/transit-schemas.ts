// Schemas of /astro/transits: the grahas on a day read against the birth chart, and the ingresses
// and stations between two dates.

import { Ok, StringOf, Type, type Static } from '../../core/schema.js';
import { DateParam } from '../../core/date-param.js';
import { AstroQuery } from './schemas.js';
import { GRAHAS } from './calc/names.js';

const { needs: _needs, format: _format, ...birthFields } = AstroQuery.properties;

export const TransitsQuery = Type.Object({
  ...birthFields,
  date: Type.Optional(DateParam('YYYY-MM-DD', 'day of the positions (default today, or from)')),
  from: Type.Optional(DateParam('YYYY-MM-DD', 'ingresses and stations from (with to, ≤ 366 days)')),
  to: Type.Optional(DateParam('YYYY-MM-DD', 'to (inclusive)')),
});
export type TransitsQuery = Static<typeof TransitsQuery>;

const Sign = { rashi: Type.Integer({ minimum: 1, maximum: 12 }), rashi_name: Type.String() };
const House = Type.Integer({ minimum: 1, maximum: 12 });
const Transit = Type.Object({
  longitude: Type.Number(),
  ...Sign,
  degree: Type.Number(),
  nakshatra: Type.Object({ number: Type.Integer({ minimum: 1, maximum: 27 }), name: Type.String(), pada: Type.Integer({ minimum: 1, maximum: 4 }) }),
  retrograde: Type.Boolean(),
  house_from_lagna: House,
  house_from_moon: House,
  bindus: Type.Union([Type.Integer(), Type.Null()], { description: "the graha's natal bindus in this sign" }),
  sarva_bindus: Type.Integer({ description: 'natal SAV of this sign' }),
});

export const TransitsResponse = Type.Object({
  status: Ok,
  as_of: Type.String({ description: 'the day of the positions' }),
  natal: Type.Object({ lagna: Type.Object(Sign), moon: Type.Object(Sign) }),
  grahas: Type.Object(
    { Su: Transit, Mo: Transit, Ma: Transit, Me: Transit, Ju: Transit, Ve: Transit, Sa: Transit, Ra: Transit, Ke: Transit },
    { description: 'each graha by its abbreviation' },
  ),
  saturn: Type.Object({
    house_from_moon: House,
    sade_sati: Type.Union([StringOf(['rising', 'peak', 'setting', 'kantaka', 'ashtama'] as const), Type.Null()], {
      description: 'phase from the natal Moon, as /astro/doshas',
    }),
  }),
  jupiter: Type.Object({
    house_from_moon: House,
    favourable: Type.Boolean({ description: 'Jupiter in the 2nd, 5th, 7th, 9th or 11th from the Moon (Phaladeepika 26)' }),
  }),
  events: Type.Union(
    [
      Type.Array(
        Type.Object({
          graha: StringOf(GRAHAS),
          kind: StringOf(['ingress', 'retrograde', 'direct'] as const),
          at: Type.String(),
          ...Sign,
        }),
      ),
      Type.Null(),
    ],
    { description: 'in time order; null without from/to' },
  ),
  cached: Type.Boolean(),
});
export type TransitsResponse = Static<typeof TransitsResponse>;
