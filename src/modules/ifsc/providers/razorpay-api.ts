// Razorpay's IFSC API (https://ifsc.razorpay.com, documented at github.com/razorpay/ifsc-api):
// GET {base}/{IFSC} → JSON {BANK, IFSC, BRANCH, CENTRE, DISTRICT, STATE, ADDRESS, CONTACT,
// IMPS, RTGS, NEFT, UPI, CITY, ISO3166, MICR, SWIFT, BANKCODE}.
// Quirks: an unknown code is HTTP 404 with the text body "Not Found"; SWIFT is null or absent
// for most branches; MICR and CENTRE may be "NA"; CONTACT may be an empty string.
// Terms: free, no key; the data is public domain. Used only for codes the imported data set
// lacks (before the first import, or branches added since).

import type { HttpProviderSpec, UpstreamRequest, UpstreamResponse } from '../../../core/upstream/index.js';
import { UpstreamError } from '../../../core/upstream/index.js';
import type { Branch } from '../repository.js';

export const RAZORPAY_API = 'razorpay-ifsc-api';

export function request(baseUrl: string, ifsc: string): UpstreamRequest {
  return { url: `${baseUrl}/${encodeURIComponent(ifsc)}`, headers: { accept: 'application/json' }, throwOnStatus: false };
}

const text = (v: unknown): string | null => {
  if (typeof v !== 'string') return null;
  const t = v.replace(/\s+/g, ' ').trim();
  return t === '' || t.toUpperCase() === 'NA' ? null : t;
};
const flag = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : null);

/** The branch, or null when the API does not know the code. */
export function parse(res: UpstreamResponse, ifsc: string): Branch | null {
  if (res.status === 404) return null;
  if (res.status < 200 || res.status >= 300)
    throw new UpstreamError(RAZORPAY_API, res.status === 429 ? 'rate_limited' : 'unavailable', `${RAZORPAY_API} answered HTTP ${res.status}`, {
      status: res.status,
    });
  const b = res.json<Record<string, unknown>>();
  if (!b || typeof b !== 'object' || typeof b.IFSC !== 'string')
    throw new UpstreamError(RAZORPAY_API, 'bad_response', `${RAZORPAY_API} answered without an IFSC`);
  if (b.IFSC.toUpperCase() !== ifsc) throw new UpstreamError(RAZORPAY_API, 'bad_response', `${RAZORPAY_API} answered for another code`);
  return {
    ifsc,
    bank_code: text(b.BANKCODE) ?? ifsc.slice(0, 4),
    bank: text(b.BANK) ?? ifsc.slice(0, 4),
    branch: text(b.BRANCH),
    address: text(b.ADDRESS),
    city: text(b.CITY),
    centre: text(b.CENTRE),
    district: text(b.DISTRICT),
    state: text(b.STATE),
    contact: text(b.CONTACT),
    micr: text(b.MICR),
    swift: text(b.SWIFT),
    iso3166: text(b.ISO3166),
    neft: flag(b.NEFT),
    rtgs: flag(b.RTGS),
    imps: flag(b.IMPS),
    upi: flag(b.UPI),
  };
}

export function razorpayApi(baseUrl: string): HttpProviderSpec<string, Branch | null> {
  return { name: RAZORPAY_API, request: (ifsc) => request(baseUrl, ifsc), parse: (res, ifsc) => parse(res, ifsc) };
}
