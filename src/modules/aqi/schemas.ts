// Request and response schemas of /aqi.

import { Ok, Type, type Static } from '../../core/schema.js';
import type { TSchema } from 'typebox';
import { PlaceQuery } from '../../lib/places/index.js';

/** The place parameters every place-taking group shares (src/lib/places), with the fuel and commodity cities too. */
export const AqiQuery = Type.Object({
  ...PlaceQuery.properties,
  city: Type.Optional(
    Type.String({
      default: 'kolkata',
      description: `${(PlaceQuery.properties.city as { description?: string }).description}, or one of the fuel and commodity cities (e.g. visakhapatnam, nagpur, kochi; see /fuel/cities and /commodities/cities)`,
    }),
  ),
});
export type AqiQuery = Static<typeof AqiQuery>;

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Point = Type.Object({ lat: Type.Number(), lon: Type.Number() });

export const Averaging = Type.Union([Type.Literal('24h_mean'), Type.Literal('8h_max_mean'), Type.Literal('1h_max')], {
  description: '24h_mean: mean of the 24 hours; 8h_max_mean: highest rolling 8-hour mean in them; 1h_max: highest hourly value in them (O3 above 208 µg/m³)',
});

export const PollutantReading = Type.Object({
  name: Type.String(),
  concentration: Nullable(Type.Number({ description: "averaged as `averaging` says, rounded to the precision of CPCB's table" })),
  unit: Type.String(),
  averaging: Averaging,
  hours: Type.Integer({ description: 'hourly values present among the 24 (CPCB needs 16)' }),
  sub_index: Nullable(Type.Integer()),
  category: Nullable(Type.String()),
  note: Nullable(Type.String({ description: 'why there is no sub-index, when there is none' })),
});
export type PollutantReading = Static<typeof PollutantReading>;

export const AqiResponse = Type.Object({
  status: Ok,
  api: Type.Literal('aqi'),
  city: Nullable(Type.String({ description: 'the city asked for; null when coordinates were given' })),
  location: Point,
  location_source: Nullable(
    Type.String({
      description:
        "where the named city's coordinates come from (GeoNames for the 12 named cities, DB-IP City Lite for the other towns, both CC-BY-4.0); null when coordinates were given",
    }),
  ),
  source: Type.Object({
    provider: Type.String(),
    kind: Type.Union([Type.Literal('model'), Type.Literal('station')]),
    description: Type.String(),
    attribution: Type.String(),
  }),
  aqi: Type.Object({
    standard: Type.Literal('Indian National AQI (CPCB, 2014)'),
    value: Nullable(Type.Integer({ description: "the largest sub-index; null when CPCB's three-pollutant rule is not met" })),
    category: Nullable(Type.String()),
    colour: Nullable(Type.String()),
    health_impact: Nullable(Type.String()),
    prominent_pollutant: Nullable(Type.String()),
    pollutants_counted: Type.Integer(),
    note: Nullable(Type.String()),
  }),
  pollutants: Type.Object({
    pm10: PollutantReading,
    pm2_5: PollutantReading,
    no2: PollutantReading,
    o3: PollutantReading,
    co: PollutantReading,
    so2: PollutantReading,
    nh3: PollutantReading,
  }),
  window: Nullable(
    Type.Object({ from: Type.String(), to: Type.String() }, { description: 'the 24 hours averaged (India time): the start of the first and of the last hour' }),
  ),
  grid: Nullable(Point),
  station: Nullable(
    Type.Object({
      name: Type.String(),
      url: Nullable(Type.String()),
      location: Nullable(Point),
      index: Type.Number({ description: "the station's own index as WAQI publishes it (US-EPA scale): not the Indian AQI" }),
      index_scale: Type.String(),
      dominant_pollutant: Nullable(Type.String()),
      sub_indices: Type.Record(Type.String(), Type.Number()),
      attributions: Type.Array(Type.String()),
    }),
  ),
  observed_at: Nullable(Type.String({ description: 'the latest hour the values describe (ISO 8601)' })),
  cached: Type.Boolean(),
  stale: Type.Boolean(),
});
export type AqiResponse = Static<typeof AqiResponse>;
