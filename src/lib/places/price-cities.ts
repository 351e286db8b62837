// Coordinates of the fuel and commodity cities (data/price-cities.json, made by
// scripts/places-gazetteer.ts from the DB-IP city database, CC-BY-4.0): the other cities a
// place query may name where a group accepts them (/aqi), beyond the 12 named cities.

import { readFileSync } from 'node:fs';

interface PriceCity {
  name: string;
  state: string;
  aliases: string[];
  lat: number;
  lon: number;
}

const FILE = JSON.parse(readFileSync(new URL('./data/price-cities.json', import.meta.url), 'utf8')) as { source: string; cities: PriceCity[] };

/** Where the coordinates come from, for an answer's attribution. */
export const PRICE_CITIES_SOURCE = FILE.source;

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Name and aliases, normalised, to the city; a name two states share stays with the first listed. */
const BY_NAME = new Map<string, PriceCity>();
for (const c of FILE.cities) for (const n of [c.name, ...c.aliases]) if (!BY_NAME.has(norm(n))) BY_NAME.set(norm(n), c);

export const PRICE_CITY_COUNT = FILE.cities.length;

/** The fuel or commodity city of that name or alias, if there is one. */
export function priceCity(name: string): { name: string; state: string; lat: number; lon: number } | undefined {
  const c = BY_NAME.get(norm(name));
  return c && { name: c.name, state: c.state, lat: c.lat, lon: c.lon };
}
