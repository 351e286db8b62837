// Request and response schemas of /weather and /lab/weather (the same query).

import { Ok, Type, type Static } from '../../core/schema.js';
import { PlaceQuery } from '../../lib/places/index.js';

/** The place parameters every place-taking group shares (src/lib/places). */
export const WeatherQuery = PlaceQuery;
export type WeatherQuery = PlaceQuery;

const Measure = (unit: string) => Type.Object({ value: Type.Number(), unit: Type.Literal(unit) });

export const WeatherRecord = Type.Object({
  city: Type.Union([Type.String(), Type.Null()], { description: 'the city asked for; null when coordinates were given' }),
  location: Type.Object({ lat: Type.Number(), lon: Type.Number() }),
  temperature: Measure('°C'),
  humidity: Measure('%'),
  wind_speed: Measure('km/h'),
  condition: Type.Object({ code: Type.Integer(), description: Type.String() }),
  observed_at: Type.Union([Type.String(), Type.Null()], { description: 'start of the 15-minute slot the values describe (UTC)' }),
});
export type WeatherRecord = Static<typeof WeatherRecord>;

export const WeatherResponse = Type.Object({
  status: Ok,
  api: Type.Literal('weather'),
  ...WeatherRecord.properties,
  cached: Type.Boolean(),
  stale: Type.Boolean(),
});
export type WeatherResponse = Static<typeof WeatherResponse>;

const Maybe = Type.Union([Type.Number(), Type.Null()]);
const Condition = Type.Union([Type.Object({ code: Type.Integer(), description: Type.String() }), Type.Null()]);

export const LabWeatherResponse = Type.Object({
  status: Ok,
  api: Type.Literal('weather'),
  experimental: Type.Literal(true),
  city: WeatherRecord.properties.city,
  location: WeatherRecord.properties.location,
  timezone: Type.String({ description: "the place's time zone (IANA), in which every time and date below is given" }),
  units: Type.Object({ temperature: Type.Literal('°C'), precipitation_probability: Type.Literal('%'), wind_speed: Type.Literal('km/h') }),
  hourly: Type.Array(
    Type.Object({
      time: Type.String({ description: 'local start of the hour, YYYY-MM-DDTHH:mm' }),
      temperature: Maybe,
      precipitation_probability: Maybe,
      wind_speed: Maybe,
      condition: Condition,
    }),
    { description: 'the next 48 hours from the current one; null where the model has no value' },
  ),
  daily: Type.Array(
    Type.Object({
      date: Type.String(),
      temperature_max: Maybe,
      temperature_min: Maybe,
      precipitation_probability_max: Maybe,
      wind_speed_max: Maybe,
      condition: Condition,
    }),
    { description: '7 local days from today; condition is the most severe of the day' },
  ),
  source: Type.String(),
  cached: Type.Boolean(),
  stale: Type.Boolean(),
});
export type LabWeatherResponse = Static<typeof LabWeatherResponse>;
