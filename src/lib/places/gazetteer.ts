// The Indian towns every endpoint that takes a place knows: data/india-places.json (made by
// scripts/places-gazetteer.ts from the DB-IP city database and, for towns DB-IP lacks, GeoNames,
// both CC-BY-4.0; SOURCES.md), with the 12 named cities of cities.ts laid over their DB-IP
// records, so that the places /weather and /panchang always answered for keep their GeoNames
// coordinates and names, and their answers.

import { readFileSync } from 'node:fs';
import { WEATHER_CITIES, type WeatherCityKey } from './cities.js';

export interface Town {
  /** Display name (DB-IP's spelling, or GeoNames' for the 12 named cities). */
  readonly name: string;
  readonly state: string;
  readonly lat: number;
  readonly lon: number;
  /** IANA time zone: every town in India keeps Indian Standard Time. */
  readonly timezone: string;
  /** Where the coordinates come from (their licences ask for the credit). */
  readonly source: string;
  /** Other names people write: old names, English spellings, the listed keys. */
  readonly aliases: readonly string[];
  /** DB-IP address ranges under the name (Infinity for the 12 named cities): ranks towns of one name. */
  readonly rank: number;
}

interface FileTown {
  name: string;
  state: string;
  lat: number;
  lon: number;
  ranges: number;
  aliases: string[];
  /** Set on the towns that are not DB-IP's (GeoNames' district seats, scripts/places-geonames.ts). */
  source?: string;
}

const FILE = JSON.parse(readFileSync(new URL('./data/india-places.json', import.meta.url), 'utf8')) as {
  source: string;
  licence: string;
  time_zone: string;
  places: FileTown[];
};

/** The credit DB-IP's licence asks for, given with every answer that used its coordinates. */
export const GAZETTEER_SOURCE = `${FILE.source}, ${FILE.licence.replace(/:.*/, '')}`;
export const NAMED_CITIES_SOURCE = 'GeoNames (geonames.org, CC-BY-4.0)';

/** Each named city's state and the other names it has always been asked by (README: Weather). */
const NAMED: Record<WeatherCityKey, { state: string; aliases: string[] }> = {
  kolkata: { state: 'West Bengal', aliases: ['calcutta'] },
  mumbai: { state: 'Maharashtra', aliases: ['bombay'] },
  delhi: { state: 'Delhi', aliases: ['new delhi'] },
  chennai: { state: 'Tamil Nadu', aliases: ['madras'] },
  bangalore: { state: 'Karnataka', aliases: ['bengaluru'] },
  hyderabad: { state: 'Telangana', aliases: [] },
  pune: { state: 'Maharashtra', aliases: ['poona'] },
  jaipur: { state: 'Rajasthan', aliases: [] },
  lucknow: { state: 'Uttar Pradesh', aliases: [] },
  ahmedabad: { state: 'Gujarat', aliases: [] },
  guwahati: { state: 'Assam', aliases: [] },
  bhopal: { state: 'Madhya Pradesh', aliases: [] },
};

/** Lower case, no accents, words apart by one space: the form names are compared in. */
export const normName = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

function build(): Town[] {
  const towns: Town[] = [];
  const named = new Map<string, WeatherCityKey>();
  for (const key of Object.keys(NAMED) as WeatherCityKey[]) named.set(`${normName(WEATHER_CITIES[key].name)}|${NAMED[key].state}`, key);
  const laid = new Set<WeatherCityKey>();
  for (const t of FILE.places) {
    const key = named.get(`${normName(t.name)}|${t.state}`);
    if (key) laid.add(key);
    const c = key && WEATHER_CITIES[key];
    towns.push(
      c
        ? {
            name: c.name,
            state: t.state,
            lat: c.lat,
            lon: c.lon,
            timezone: FILE.time_zone,
            source: NAMED_CITIES_SOURCE,
            aliases: [key, ...NAMED[key].aliases, ...t.aliases],
            rank: Number.POSITIVE_INFINITY,
          }
        : { ...t, timezone: FILE.time_zone, source: t.source ?? GAZETTEER_SOURCE, rank: t.ranges },
    );
  }
  // A named city DB-IP lacks is still a town (none today; the data can change under a new run).
  for (const key of Object.keys(NAMED) as WeatherCityKey[]) {
    if (laid.has(key)) continue;
    const c = WEATHER_CITIES[key];
    const { state, aliases } = NAMED[key];
    towns.push({ ...c, state, timezone: FILE.time_zone, source: NAMED_CITIES_SOURCE, aliases: [key, ...aliases], rank: Number.POSITIVE_INFINITY });
  }
  return towns;
}

export const TOWNS: readonly Town[] = build();

/** The states and union territories, as the data names them. */
export const STATES: readonly string[] = [...new Set(TOWNS.map((t) => t.state))].sort();
