// Request and response schemas of /ip.

import { Ok, Type, type Static } from '../../core/schema.js';

const Str = Type.Union([Type.String(), Type.Null()]);
const Num = Type.Union([Type.Number(), Type.Null()]);

export const IpQuery = Type.Object({
  ip: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'an IPv4 or IPv6 address such as 8.8.8.8 (default: your own)' })),
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'an IPv4 or IPv6 address (the same as ip)' })),
});
export type IpQuery = Static<typeof IpQuery>;

export const IpLocation = Type.Object({
  country: Str,
  country_code: Str,
  region: Str,
  region_code: Str,
  city: Str,
  zip: Str,
  lat: Num,
  lon: Num,
  timezone: Type.Union([Type.String({ description: 'IANA time zone name' }), Type.Null()]),
});

export const IpNetwork = Type.Object({ isp: Str, org: Str, as: Str });

export const IpResponse = Type.Object({
  status: Ok,
  api: Type.Literal('ip'),
  ip: Type.String(),
  version: Type.Union([Type.Literal(4), Type.Literal(6)]),
  location: Type.Union([IpLocation, Type.Null()], { description: 'null for private and reserved addresses' }),
  network: Type.Union([IpNetwork, Type.Null()]),
  reserved: Type.Union([Type.String({ description: 'why the address has no public location' }), Type.Null()]),
  source: Type.Union([Type.String({ description: 'dbip (offline data) or ip-api' }), Type.Null()]),
  attribution: Str,
  cached: Type.Boolean(),
});
export type IpResponse = Static<typeof IpResponse>;
