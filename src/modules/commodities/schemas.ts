// Request and response schemas of /commodities/* (search and crawl-report schemas: ../prices).

import { Type, IntRange, Ok, defaulted } from '../../core/schema.js';

const MetalParam = defaulted(Type.Enum(['gold', 'silver', 'platinum'], { default: 'gold', description: 'gold, silver or platinum' }));
const City = Type.String({ minLength: 1, maxLength: 100, description: 'a city or country name (india = the national price); case-insensitive, + for spaces' });

export const ListQuery = Type.Object({
  metal: MetalParam,
  city: Type.Optional(City),
  type: Type.Optional(Type.Enum(['city', 'state'], { description: 'city or state' })),
});

export const MetalQuery = Type.Object({ metal: MetalParam });

export const HistoryQuery = Type.Object({
  metal: MetalParam,
  city: City,
  days: IntRange(1, 90, 7, 'days of history'),
});

export const CommodityRecord = Type.Object({
  commodity: Type.String(),
  location: Type.String(),
  location_type: Type.String(),
  unit: Type.String(),
  price: Type.String(),
  change_pct: Type.String(),
  details: Type.Optional(Type.Object({ price_18k: Type.Number(), price_22k: Type.Number() })),
  as_of: Type.Optional(
    Type.String({ format: 'date', description: 'the day the source dates the rate to (IBJA: the dated row; goodreturns: its last-10-days row), when it does' }),
  ),
  session: Type.Optional(Type.Enum(['AM', 'PM'], { description: "IBJA's session the rate is from" })),
  updated_at: Type.String(),
});

export const ListResponse = Type.Object({
  status: Ok,
  metal: Type.String(),
  count: Type.Integer(),
  data: Type.Array(CommodityRecord),
  cached: Type.Boolean(),
});

export const CitiesResponse = Type.Object({ status: Ok, metal: Type.String(), count: Type.Integer(), cities: Type.Array(Type.String()) });

export const HistoryResponse = Type.Object({
  status: Ok,
  metal: Type.String(),
  city: Type.String(),
  data: Type.Array(Type.Object({ location: Type.String(), price: Type.String(), date: Type.String() })),
  cached: Type.Boolean(),
});
