// Request and response schemas of /weather.

import { Ok, Type, type Static } from '../../core/schema.js';
import { WEATHER_CITY_KEYS } from '../../lib/places/index.js';

const Longitude = (name: string) =>
  Type.Optional(Type.Number({ minimum: -180, maximum: 180, description: `longitude in degrees, -180 to 180 (${name}; lon, lan and lng are the same parameter)` }));

export const WeatherQuery = Type.Object({
  // A plain string, not an enum, so an unknown city gets the service's own 400 with valid_values.
  city: Type.Optional(Type.String({ default: 'kolkata', description: `one of ${WEATHER_CITY_KEYS.join(', ')}` })),
  lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: 'latitude in degrees, -90 to 90 (with lon)' })),
  lon: Longitude('lon'),
  lan: Longitude('lan'),
  lng: Longitude('lng'),
});
export type WeatherQuery = Static<typeof WeatherQuery>;

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
