// Which point a place query asks about: a town of the gazetteer, or coordinates. /weather,
// /lab/weather and /aqi accept the same parameters with the same rules: lat and latitude one
// parameter, -90…90; lon, lan, lng and longitude one parameter, -180…180; half a pair is a 400;
// coordinates, the more precise ask, win over the defaulted city.

import { invalidParam } from '../../core/errors.js';
import { findTown } from './find.js';
import type { PlaceQuery } from './query.js';

export interface Place {
  /** Display name of the town, or null for coordinates. */
  city: string | null;
  lat: number;
  lon: number;
  /** Where a town's coordinates come from (their licences ask for the credit); null for coordinates given. */
  source: string | null;
}

/** The one value of a parameter that has several names; a 400 when they disagree. */
function oneOf(values: (number | undefined)[], names: string): number | undefined {
  const given = values.filter((v): v is number => v !== undefined);
  if (new Set(given).size > 1) throw invalidParam(names.split(',')[0], `${names} are the same parameter; give one value`);
  return given[0];
}

/** The place a query asks for (default Kolkata, as /openapi.json documents); throws a 400 naming the parameter. */
export function resolvePlace(q: PlaceQuery): Place {
  const lat = oneOf([q.lat, q.latitude], 'lat, latitude');
  const lon = oneOf([q.lon, q.lan, q.lng, q.longitude], 'lon, lan, lng, longitude');
  // The schema checks ranges; this also stops values the coercion turns into Infinity ("1e999").
  if (lat !== undefined && !(Math.abs(lat) <= 90)) throw invalidParam('lat', 'lat must be a number from -90 to 90');
  if (lon !== undefined && !(Math.abs(lon) <= 180)) throw invalidParam('lon', 'lon must be a number from -180 to 180');
  if (lat !== undefined && lon === undefined) throw invalidParam('lon', 'lon (or lan, lng, longitude) is required with lat');
  if (lon !== undefined && lat === undefined) throw invalidParam('lat', 'lat (or latitude) is required with lon (or lan, lng, longitude)');
  if (lat !== undefined && lon !== undefined) return { city: null, lat, lon, source: null };
  const town = findTown(q.city ?? 'kolkata');
  return { city: town.name, lat: town.lat, lon: town.lon, source: town.source };
}
