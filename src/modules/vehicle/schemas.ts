// Request and response schemas of /vehicle.

import { Ok, Type, type Static } from '../../core/schema.js';

export const VehicleQuery = Type.Object({
  number: Type.String({
    minLength: 1,
    maxLength: 40,
    description: 'a registration mark in any spacing or case, e.g. KA 01 AB 1234, ka01ab1234, 21 BH 2345 AA',
  }),
});

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description: string) => Type.Union([t, Type.Null()], { description });

const State = Type.Object({
  code: Type.String(),
  name: Type.String({ description: "today's name of the state or union territory" }),
  kind: Type.Union([Type.Literal('state'), Type.Literal('ut')]),
  legacy: Type.Boolean({ description: 'a code no longer issued (marks under it stay valid)' }),
  note: Nullable(Type.String(), 'when and why the code changed'),
});

/** What a registration mark cannot tell, and this service does not guess. */
export const NOT_AVAILABLE = ['owner', 'make', 'model', 'fuel', 'registration_date', 'insurance', 'fitness', 'pucc'] as const;

export const VehicleResponse = Type.Object(
  {
    status: Ok,
    input: Type.String(),
    registration: Type.String({ description: 'the mark as written on a plate, parts separated by spaces' }),
    kind: Type.Union([Type.Literal('regular'), Type.Literal('bharat'), Type.Literal('temporary'), Type.Literal('diplomatic')]),
    state: Nullable(State, 'null for BH-series and diplomatic marks'),
    rto_code: Nullable(Type.String(), 'state code and RTO number, e.g. KA01'),
    rto: Nullable(
      Type.Object({
        office: Type.String({ description: 'the office as the list names it (a locality, a town, or a zone of a city, e.g. Koramangala, Pune)' }),
        city: Nullable(Type.String(), 'the city, where the list gives one apart from the office'),
        district: Nullable(Type.String(), 'the district or area served, where the list gives one'),
        agreement: Type.Union([Type.Literal('two-sources'), Type.Literal('one-source')], {
          description:
            "how sure the answer is: 'two-sources' when an independent list names the same town for the code, 'one-source' when only the list in `source` names this office",
        }),
        source: Type.String({
          description:
            "the published list the office is read from: 'anoopt' (anoopt/rto-codes, MIT), 'wikipedia-2023' or 'wikipedia-2018' (Wikipedia's List of Regional Transport Office districts in India, CC BY-SA 4.0, as of that year)",
        }),
        note: Nullable(Type.String(), 'a legacy or renamed code, an office that moved state, a code the list marks not in use'),
      }),
      'the RTO office behind rto_code, from the published lists shipped with the service (1,293 codes of all states and UTs, plus TG and OR codes read through their TS and OD rows; see data/SOURCES.md); null for a code not in them',
    ),
    rto_reason: Nullable(Type.String(), 'why rto is null: a code not in the lists, or a mark that carries no RTO code'),
    series: Nullable(Type.String(), 'the letters before the number'),
    number: Type.String({ description: 'the four-digit number' }),
    registered_year: Nullable(Type.Integer(), 'BH-series marks: year of first registration'),
    diplomatic: Nullable(
      Type.Object({ mission: Type.String(), corps: Type.String(), corps_name: Type.String() }),
      'diplomatic marks: mission number and corps',
    ),
    not_available: Type.Array(Type.String(), { description: "what only the government's paid VAHAN access can tell; never guessed here" }),
  },
  {
    examples: [
      {
        status: 'ok',
        input: 'ka01ab1234',
        registration: 'KA 01 AB 1234',
        kind: 'regular',
        state: { code: 'KA', name: 'Karnataka', kind: 'state', legacy: false, note: null },
        rto_code: 'KA01',
        rto: { office: 'Koramangala', city: 'Bengaluru', district: 'Bengaluru Urban', agreement: 'two-sources', source: 'anoopt', note: null },
        rto_reason: null,
        series: 'AB',
        number: '1234',
        registered_year: null,
        diplomatic: null,
        not_available: [...NOT_AVAILABLE],
      },
    ],
  },
);
export type VehicleResponse = Static<typeof VehicleResponse>;
