// api.postalpincode.in (https://www.postalpincode.in/Api-Details): India Post's directory as
// JSON. GET {base}/pincode/{PIN} → [{Message, Status: "Success"|"Error", PostOffice: [{Name,
// BranchType, DeliveryStatus, Circle, District, Division, Region, Block, State, Country, Pincode}] | null}].
// Quirks: the answer is an array of one object; an unknown PIN is HTTP 200 with Status "Error"
// and PostOffice null; it is slow at times and has no documented rate limit.
// Terms: free, no key, no stated terms; used only for PINs the stored data lacks and for /lab/pincode.

import type { HttpProviderSpec, UpstreamRequest, UpstreamResponse } from '../../../core/upstream/index.js';
import { UpstreamError } from '../../../core/upstream/index.js';
import type { Office } from '../repository.js';

export const POSTALPINCODE = 'postalpincode';

export function request(baseUrl: string, pin: string): UpstreamRequest {
  return { url: `${baseUrl}/pincode/${pin}`, headers: { accept: 'application/json' } };
}

const str = (v: unknown): string | null => {
  if (typeof v !== 'string') return null;
  const t = v.replace(/\s+/g, ' ').trim();
  return t === '' || t.toUpperCase() === 'NA' ? null : t;
};

/** The offices of the PIN; an empty list when the directory does not know it. */
export function parse(res: UpstreamResponse, pin: string): Office[] {
  const body = res.json<unknown>();
  const first = Array.isArray(body) ? (body[0] as Record<string, unknown> | undefined) : undefined;
  if (!first || typeof first !== 'object' || typeof first.Status !== 'string')
    throw new UpstreamError(POSTALPINCODE, 'bad_response', `${POSTALPINCODE} answered in an unknown shape`);
  if (first.Status !== 'Success') return [];
  if (!Array.isArray(first.PostOffice)) throw new UpstreamError(POSTALPINCODE, 'bad_response', `${POSTALPINCODE} answered Success without post offices`);
  const out: Office[] = [];
  for (const p of first.PostOffice as Record<string, unknown>[]) {
    const name = str(p?.Name);
    if (!name || (str(p.Pincode) ?? pin) !== pin) continue;
    out.push({
      pin,
      name,
      branch_type: str(p.BranchType),
      delivery: str(p.DeliveryStatus),
      division: str(p.Division),
      region: str(p.Region),
      circle: str(p.Circle),
      district: str(p.District),
      state: str(p.State),
    });
  }
  return out;
}

export function postalPincode(baseUrl: string): HttpProviderSpec<string, Office[]> {
  return { name: POSTALPINCODE, request: (pin) => request(baseUrl, pin), parse: (res, pin) => parse(res, pin) };
}
