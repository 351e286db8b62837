// The query parameters of a named place or a point, one schema for every group that takes them
// (/weather, /lab/weather, /aqi), so that their rules and documentation cannot drift apart.

import { Type, type Static } from '../../core/schema.js';
import { WEATHER_CITY_KEYS } from './cities.js';

const Longitude = (name: string) =>
  Type.Optional(
    Type.Number({ minimum: -180, maximum: 180, description: `longitude in degrees, -180 to 180 (${name}; lon, lan and lng are the same parameter)` }),
  );

export const PlaceQuery = Type.Object({
  // A plain string, not an enum, so an unknown city gets resolvePlace's own 400 with valid_values.
  city: Type.Optional(Type.String({ default: 'kolkata', description: `one of ${WEATHER_CITY_KEYS.join(', ')}` })),
  lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: 'latitude in degrees, -90 to 90 (with lon)' })),
  lon: Longitude('lon'),
  lan: Longitude('lan'),
  lng: Longitude('lng'),
});
export type PlaceQuery = Static<typeof PlaceQuery>;
