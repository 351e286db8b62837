// The IP record /ip answers (its schema in /openapi.json), produced by the offline data and by ip-api.com alike.

export interface IpLocation {
  country: string | null;
  country_code: string | null;
  region: string | null;
  region_code: string | null;
  city: string | null;
  zip: string | null;
  lat: number | null;
  lon: number | null;
  /** IANA name */
  timezone: string | null;
}

export interface IpNetwork {
  isp: string | null;
  org: string | null;
  /** "AS15169 Google LLC", as ip-api.com writes it */
  as: string | null;
}

export interface IpLookup {
  location: IpLocation;
  network: IpNetwork;
}

/**
 * A valid address, in canonical text (RFC 5952 for IPv6) and in numbers: IPv4 as one 32-bit
 * value, IPv6 as four 32-bit words, most significant first (no BigInt on the lookup path).
 */
export type ParsedIp = { version: 4; text: string; n: number } | { version: 6; text: string; words: readonly [number, number, number, number] };

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
// ICU's lookup costs microseconds per call; there are only ~250 codes, so remember them.
const names = new Map<string, string | null>();

/** English country name of an ISO 3166-1 alpha-2 code (from the ICU data Node ships). */
export function countryName(code: string | null): string | null {
  if (!code || !/^[A-Z]{2}$/.test(code)) return null;
  let name = names.get(code);
  if (name === undefined) {
    try {
      const n = regionNames.of(code);
      name = n && n !== code ? n : null;
    } catch {
      name = null;
    }
    names.set(code, name);
  }
  return name;
}

export const emptyText = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
