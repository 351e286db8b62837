// Request and response schemas of /train/*. Parameter descriptions read after "must be …",
// so a bad value gets a 400 that states the rule.

import { Type, IntRange, Ok } from '../../core/schema.js';
import { DateParam } from '../../core/date-param.js';

const StationCode = (what: string) => Type.String({ pattern: '^[A-Za-z]{3,4}$', description: `a station code of 3 to 4 letters (${what}), e.g. NDLS` });
const TrainNumber = Type.String({ pattern: '^[0-9]{4,5}$', description: 'a train number of 5 digits (4 for older numbers), e.g. 12951' });
const CompactDate = DateParam('YYYYMMDD', '(e.g. 20261121)');
const HhMm = Type.String({ description: 'hours and minutes separated by a dot, e.g. 16.55' });

export const BetweenQuery = Type.Object({
  from: StationCode('departure station'),
  to: StationCode('arrival station'),
  date: Type.Optional(CompactDate),
});

export const NumberQuery = Type.Object({ number: TrainNumber });

export const LiveQuery = Type.Object({ number: TrainNumber, date: Type.Optional(CompactDate) });

export const PnrQuery = Type.Object({
  number: Type.String({ pattern: '^[0-9]{10}$', description: 'a PNR of exactly 10 digits' }),
});

export const StationsQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 60, description: 'a station code or part of a station name' }),
  limit: IntRange(1, 50, 10, 'how many stations to return'),
});

const StationRef = Type.Object({ code: Type.String(), name: Type.String() });

const Flags = {
  source: Type.String({ description: 'the upstream that answered' }),
  cached: Type.Boolean(),
  stale: Type.Boolean({ description: 'true when every upstream failed and an older cached answer is served' }),
};

/** The fields the list item and the live status share. */
const Journey = {
  train_number: Type.String(),
  train_name: Type.String(),
  from: StationRef,
  to: StationRef,
  departure: HhMm,
  arrival: HhMm,
  duration: HhMm,
};

const TrainListItem = Type.Object({
  ...Journey,
  days_runs: Type.String({ description: 'seven 0/1 characters, Monday first' }),
  classes: Type.Array(Type.String()),
  train_type: Type.String(),
});

export const BetweenResponse = Type.Object({
  status: Ok,
  date: Type.String({ description: 'journey date, YYYY-MM-DD' }),
  count: Type.Integer(),
  trains: Type.Array(TrainListItem),
  ...Flags,
});

export const InfoResponse = Type.Object({
  status: Ok,
  train_number: Type.String(),
  train_name: Type.String(),
  type: Type.String(),
  from: Type.String(),
  to: Type.String(),
  departure: HhMm,
  arrival: HhMm,
  duration: HhMm,
  distance_km: Type.Integer(),
  days_runs: Type.String(),
  ...Flags,
});

const Nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Number> | ReturnType<typeof Type.Integer>>(t: T) =>
  Type.Union([t, Type.Null()]);

export const RouteResponse = Type.Object({
  status: Ok,
  train_number: Type.String(),
  train_name: Type.String(),
  count: Type.Integer(),
  route: Type.Array(
    Type.Object({
      sequence: Type.Integer(),
      station: StationRef,
      arrival: Nullable(HhMm),
      departure: Nullable(HhMm),
      halt_min: Nullable(Type.Integer()),
      day: Type.Integer(),
      distance_km: Nullable(Type.Integer()),
      lat: Nullable(Type.Number()),
      lon: Nullable(Type.Number()),
    }),
  ),
  ...Flags,
});

export const PnrResponse = Type.Object({
  status: Ok,
  pnr: Type.String(),
  train_number: Type.String(),
  train_name: Type.String(),
  date: Type.String({ description: 'journey date, YYYY-MM-DD' }),
  class: Type.String(),
  from: Type.String(),
  to: Type.String(),
  chart_prepared: Type.Boolean(),
  passengers: Type.Array(Type.Object({ number: Type.Integer(), booking_status: Type.String(), current_status: Type.String() })),
  ...Flags,
});

export const LiveResponse = Type.Object({
  status: Ok,
  ...Journey,
  distance_km: Type.Integer(),
  train_type: Type.String(),
  fare: Type.Record(Type.String(), Type.Integer(), { description: 'fare in rupees keyed by class code (1A, 2A, 3A, SL, …)' }),
  date: Type.String({ description: 'journey date, YYYY-MM-DD' }),
  ...Flags,
});

export const StationsResponse = Type.Object({
  status: Ok,
  query: Type.String(),
  count: Type.Integer(),
  stations: Type.Array(
    Type.Object({
      code: Type.String(),
      name: Type.String(),
      state: Nullable(Type.String()),
      zone: Nullable(Type.String()),
      lat: Nullable(Type.Number()),
      lon: Nullable(Type.Number()),
    }),
  ),
});
