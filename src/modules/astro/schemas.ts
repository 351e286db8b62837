// Request schemas of /astro and /panchang. Responses are documented in the spec ("Astrology chart")
// and are not given a serialisation schema: the chart is nested and open-ended (16 vargas, 729
// pratyantaras), and /astro?format=toon answers text.

import { IntRange, Type, type Static } from '../../core/schema.js';
import { AYANAMSA_NAMES } from './calc/ephemeris.js';

const Lat = (alias: string) => Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: `degrees, north positive (${alias})` }));
const Lon = (alias: string) => Type.Optional(Type.Number({ minimum: -180, maximum: 180, description: `degrees, east positive (${alias})` }));
const Tz = Type.Optional(
  Type.String({ pattern: '^[+-][0-9]{2}:[0-9]{2}$', description: 'an offset like +05:30 (omit it to use the historical offset of the place)' }),
);
const AyanamsaParam = Type.Optional(Type.Union(AYANAMSA_NAMES.map((a) => Type.Literal(a)), { default: 'lahiri', description: 'sidereal ayanamsa' }));

export const AstroQuery = Type.Object({
  latitude: Lat('lat is the same'),
  lat: Lat('alias of latitude'),
  longitude: Lon('lon is the same'),
  lon: Lon('alias of longitude'),
  year: IntRange(1000, 2999, undefined, 'birth year (Gregorian)'),
  month: IntRange(1, 12, undefined, 'birth month'),
  day: IntRange(1, 31, undefined, 'birth day of the month'),
  hour: IntRange(0, 23, undefined, 'birth hour, local time'),
  min: IntRange(0, 59, undefined, 'birth minute'),
  sec: Type.Optional(IntRange(0, 59, 0, 'birth second')),
  dst_hour: Type.Optional(IntRange(-3, 3, 0, 'daylight-saving shift, hours')),
  dst_min: Type.Optional(IntRange(-59, 59, 0, 'daylight-saving shift, minutes')),
  tz: Tz,
  needs: Type.Optional(Type.String({ maxLength: 300, default: 'full', description: 'a comma list of chart modules (graha, bhava, lagna, panchanga, varga, dasha, antardasha, upagrahas, ashtakavarga, d1…d60, full)' })),
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('toon')], { default: 'json', description: 'json or toon' })),
  ayanamsa: AyanamsaParam,
  node: Type.Optional(Type.Union([Type.Literal('mean'), Type.Literal('true')], { default: 'mean', description: 'lunar node: mean or true' })),
});
export type AstroQuery = Static<typeof AstroQuery>;

export const PanchangQuery = Type.Object({
  date: Type.Optional(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'a date as YYYY-MM-DD (default: today at the place)' })),
  city: Type.Optional(Type.String({ minLength: 1, maxLength: 60, description: 'one of the weather cities (kolkata, mumbai, delhi, …) instead of coordinates' })),
  latitude: Lat('lat is the same'),
  lat: Lat('alias of latitude'),
  longitude: Lon('lon is the same'),
  lon: Lon('alias of longitude'),
  tz: Tz,
  ayanamsa: AyanamsaParam,
});
export type PanchangQuery = Static<typeof PanchangQuery>;
