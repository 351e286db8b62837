// The query parameters of a named place or a point, one schema for every group that takes them
// (/weather, /lab/weather, /aqi), so that their rules and documentation cannot drift apart.

import { Type, type Static } from '../../core/schema.js';
import { TOWNS } from './gazetteer.js';

const Latitude = (name: string) =>
  Type.Optional(
    Type.Number({
      minimum: -90,
      maximum: 90,
      description: `latitude in degrees, -90 to 90, with a longitude (${name}; lat and latitude are the same parameter)`,
    }),
  );
const Longitude = (name: string) =>
  Type.Optional(
    Type.Number({
      minimum: -180,
      maximum: 180,
      description: `longitude in degrees, -180 to 180 (${name}; lon, lan, lng and longitude are the same parameter)`,
    }),
  );

/** What a `city` parameter accepts, for every schema that has one. */
export const CITY_DESCRIPTION = `an Indian town, or "name, state" (${TOWNS.length.toLocaleString('en')} known; old names too: bombay, benares)`;

export const PlaceQuery = Type.Object({
  // A plain string, not an enum, so an unknown city gets the unknown-place 400 with suggestions.
  city: Type.Optional(Type.String({ default: 'kolkata', maxLength: 80, description: CITY_DESCRIPTION })),
  lat: Latitude('lat'),
  latitude: Latitude('latitude'),
  lon: Longitude('lon'),
  lan: Longitude('lan'),
  lng: Longitude('lng'),
  longitude: Longitude('longitude'),
});
export type PlaceQuery = Static<typeof PlaceQuery>;
