// Request and response schemas of /fuel/* (search and crawl-report schemas: ../prices). Response schemas also make serialization fast.

import { Type, IntRange, Ok, defaulted } from '../../core/schema.js';

const FuelParam = Type.Enum(['petrol', 'diesel'], { description: 'petrol or diesel' });
const Name = (what: string) => Type.String({ minLength: 1, maxLength: 100, description: `${what}; case-insensitive, + for spaces` });

export const FuelQuery = Type.Object({
  fuel: Type.Optional(FuelParam),
  city: Type.Optional(Name('a city name')),
  state: Type.Optional(Name('a state name')),
  type: Type.Optional(Type.Enum(['state', 'city'], { description: 'state or city' })),
  // Declared so it reaches the handler (unknown parameters are dropped): it earns a 400 with a hint.
  commodity: Type.Optional(Type.String({ maxLength: 100, deprecated: true, description: 'not supported here: metals moved to /commodities' })),
});

export const HistoryQuery = Type.Object({
  fuel: defaulted(Type.Enum(['petrol', 'diesel'], { default: 'petrol', description: 'petrol or diesel' })),
  city: Name('a city or state name'),
  days: IntRange(1, 90, 7, 'days of history'),
});

const FuelPrice = Type.Object({ price: Type.Number(), unit: Type.Literal('per_litre'), change_pct: Type.Number() });

/** A chosen fuel a place has no price of (its other fuel is still answered), and why. */
const Missing = Type.Optional(
  Type.Array(Type.Object({ fuel: Type.String(), reason: Type.String() }), {
    description: 'present only when a chosen fuel has no stored price for this place: which, and why (what the last crawl said of its page)',
  }),
);

export const FuelRecord = Type.Object({
  location: Type.String(),
  location_type: Type.String(),
  updated_at: Type.Optional(Type.String()),
  petrol: Type.Optional(FuelPrice),
  diesel: Type.Optional(FuelPrice),
  missing: Missing,
});

const Fuels = Type.Array(Type.String());

export const ListResponse = Type.Object({
  status: Ok,
  endpoint: Type.String(),
  scope: Type.String(),
  fuels: Fuels,
  count: Type.Integer(),
  data: Type.Array(FuelRecord),
  fetched_at: Type.String(),
  cached: Type.Boolean(),
});

export const CityResponse = Type.Object({
  status: Ok,
  endpoint: Type.String(),
  city: Type.String(),
  fuels: Fuels,
  price: FuelRecord,
  fetched_at: Type.String(),
  cached: Type.Boolean(),
});

export const StateResponse = Type.Object({
  status: Ok,
  endpoint: Type.String(),
  state: Type.String(),
  fuels: Fuels,
  price: FuelRecord,
  cities: Type.Array(FuelRecord),
  count: Type.Integer(),
  fetched_at: Type.String(),
  cached: Type.Boolean(),
});

export const CitiesResponse = Type.Object({
  status: Ok,
  count: Type.Integer(),
  locations: Type.Array(Type.Object({ name: Type.String(), type: Type.String() })),
  cities: Type.Array(Type.String()),
  states: Type.Array(Type.String()),
});

export const HistoryResponse = Type.Object({
  status: Ok,
  fuel: Type.String(),
  city: Type.String(),
  days: Type.Integer(),
  data: Type.Array(Type.Object({ location: Type.String(), price: Type.String(), date: Type.String() })),
  cached: Type.Boolean(),
});

export const LatestResponse = Type.Object({
  status: Ok,
  endpoint: Type.String(),
  count: Type.Integer(),
  updated_at: Type.String(),
  data: Type.Array(Type.Object({ location: Type.String(), petrol: Type.Optional(FuelPrice), diesel: Type.Optional(FuelPrice), missing: Missing })),
  cached: Type.Boolean(),
});

/** /fuel answers one of three shapes: the list, one city, or one state with its cities. */
export const FuelResponse = Type.Union([ListResponse, CityResponse, StateResponse]);
