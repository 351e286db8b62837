// ip-api.com JSON API, the optional fallback when the offline data has no location.
//   GET {base}/json/{ip}?fields=status,message,country,countryCode,region,regionName,city,zip,lat,lon,timezone,isp,org,as,query
//   -> {status:"success", country, countryCode, region (code), regionName, city, zip, lat, lon,
//       timezone, isp, org, as:"AS5769 Videotron Telecom Ltee", query}
//   -> {status:"fail", message:"private range" | "reserved range" | "invalid query", query}
// Docs: https://ip-api.com/docs/api:json
// Quirks: the free endpoint is HTTP only (HTTPS needs a pro key); failures are HTTP 200 with
// status "fail"; X-Rl (requests left) and X-Ttl (seconds to reset) headers; 429 past the limit.
// Terms: free for non-commercial use only, at most 45 requests a minute per client IP; hence
// off by default (IP_API_FALLBACK) and rate-limited on our side too (service.ts).

import { UpstreamError, type HttpProviderSpec } from '../../../core/upstream/index.js';
import { emptyText, type IpLookup, type ParsedIp } from '../model.js';

export const IP_API = 'ip-api';

const FIELDS = 'status,message,country,countryCode,region,regionName,city,zip,lat,lon,timezone,isp,org,as,query';

export function ipApi(base: string): HttpProviderSpec<ParsedIp, IpLookup> {
  return {
    name: IP_API,
    request: (ip) => ({ url: `${base}/json/${encodeURIComponent(ip.text)}?fields=${FIELDS}`, headers: { accept: 'application/json' } }),
    parse(res) {
      const b = res.json<Record<string, unknown>>();
      if (b?.status === 'fail') {
        const msg = String(b.message ?? 'unknown');
        // private/reserved are filtered before we ask; seeing them means there is no location.
        if (/private range|reserved range/.test(msg)) throw new UpstreamError(IP_API, 'not_found', `ip-api.com: ${msg}`);
        throw new UpstreamError(IP_API, 'bad_response', `ip-api.com refused the query (${msg})`);
      }
      if (b?.status !== 'success') throw new UpstreamError(IP_API, 'bad_response', 'ip-api.com answered without a status');
      const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
      return {
        location: {
          country: emptyText(b.country),
          country_code: emptyText(b.countryCode),
          region: emptyText(b.regionName),
          region_code: emptyText(b.region),
          city: emptyText(b.city),
          zip: emptyText(b.zip),
          lat: num(b.lat),
          lon: num(b.lon),
          timezone: emptyText(b.timezone),
        },
        network: { isp: emptyText(b.isp), org: emptyText(b.org), as: emptyText(b.as) },
      };
    },
  };
}
