// Which point a place query asks about: one of the 12 named cities, or coordinates. /weather,
// /lab/weather and /aqi accept the same parameters with the same rules: lat -90…90; lon, lan and
// lng one parameter, -180…180; half a pair is a 400; coordinates, the more precise ask, win over
// the defaulted city.

import { invalidParam } from '../../core/errors.js';
import { WEATHER_CITIES, WEATHER_CITY_KEYS, isWeatherCity } from './cities.js';
import { PRICE_CITIES_SOURCE, PRICE_CITY_COUNT, priceCity } from './price-cities.js';
import type { PlaceQuery } from './query.js';

/** Names people also use for the listed cities. */
const ALIASES: Record<string, string> = {
  bengaluru: 'bangalore',
  calcutta: 'kolkata',
  bombay: 'mumbai',
  madras: 'chennai',
  'new delhi': 'delhi',
  poona: 'pune',
};

export interface Place {
  /** Display name of the city, or null for coordinates. */
  city: string | null;
  lat: number;
  lon: number;
  /** Where a named city's coordinates come from (their licences ask for the credit); null for coordinates given. */
  source: string | null;
}

const NAMED_CITIES_SOURCE = 'GeoNames (geonames.org, CC-BY-4.0)';

/**
 * The place a query asks for (default Kolkata, as /openapi.json documents); throws a 400 naming the
 * parameter. With `priceCities`, the fuel and commodity cities are known too (by name or alias).
 */
export function resolvePlace(q: PlaceQuery, opts: { priceCities?: boolean } = {}): Place {
  const lons = [q.lon, q.lan, q.lng].filter((v): v is number => v !== undefined);
  if (new Set(lons).size > 1) throw invalidParam('lon', 'lon, lan and lng are the same parameter; give one value');
  const lon = lons[0];
  // The schema checks ranges; this also stops values the coercion turns into Infinity ("1e999").
  if (q.lat !== undefined && !(Math.abs(q.lat) <= 90)) throw invalidParam('lat', 'lat must be a number from -90 to 90');
  if (lon !== undefined && !(Math.abs(lon) <= 180)) throw invalidParam('lon', 'lon must be a number from -180 to 180');
  if (q.lat !== undefined && lon === undefined) throw invalidParam('lon', 'lon (or lan, lng) is required with lat');
  if (lon !== undefined && q.lat === undefined) throw invalidParam('lat', 'lat is required with lon (or lan, lng)');
  if (q.lat !== undefined && lon !== undefined) return { city: null, lat: q.lat, lon, source: null };
  const asked = (q.city ?? 'kolkata').trim().toLowerCase().replace(/\s+/g, ' ');
  const key = ALIASES[asked] ?? asked;
  if (!isWeatherCity(key)) {
    const other = opts.priceCities ? priceCity(asked) : undefined;
    if (other) return { city: other.name, lat: other.lat, lon: other.lon, source: PRICE_CITIES_SOURCE };
    const also = opts.priceCities ? ` or one of the ${PRICE_CITY_COUNT} fuel and commodity cities (see /fuel/cities and /commodities/cities)` : '';
    throw invalidParam(
      'city',
      `unknown city "${String(q.city).slice(0, 40)}"; city must be one of ${WEATHER_CITY_KEYS.join(', ')}${also} (or give lat and lon)`,
      { valid_values: WEATHER_CITY_KEYS },
    );
  }
  const c = WEATHER_CITIES[key];
  return { city: c.name, lat: c.lat, lon: c.lon, source: NAMED_CITIES_SOURCE };
}
