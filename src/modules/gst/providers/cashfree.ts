// Cashfree Secure ID (Verification API v2): GSTIN verification and PAN-to-GSTIN search.
//   POST {base}/gstin      {GSTIN}                 -> {GSTIN, legal_name_of_business, trade_name_of_business,
//        date_of_registration:"YYYY-MM-DD", constitution_of_business, taxpayer_type, gst_in_status,
//        nature_of_business_activities[], principal_place_address, principal_place_split_address{…,
//        latitude, longitude, state}, valid, message}
//   POST {base}/pan-gstin  {pan, verification_id}  -> {status:"SUCCESS", pan, gstin_list:[{gstin, status, state}]}
// Docs: https://www.cashfree.com/docs/api-reference/vrs/v2/gstin/verify-gstin and
//       https://www.cashfree.com/docs/api-reference/vrs/v2/pan-to-gstin/fetch-gstin-with-pan
// Auth: x-client-id / x-client-secret headers. Base: https://api.cashfree.com/verification
// (sandbox: https://sandbox.cashfree.com/verification).
// Quirks: an unknown GSTIN is HTTP 200 with valid:false; numbers in the split address are strings.
// Terms: a paid merchant account. Off unless GST_CASHFREE_CLIENT_ID and _SECRET are set.

import { UpstreamError, upstream, type HttpProviderSpec } from '../../../core/upstream/index.js';
import { ddmmyyyy, num, text, type TaxpayerProfile } from '../model.js';

export const CASHFREE = 'cashfree';

export interface CashfreeOptions {
  base: string;
  clientId: string;
  clientSecret: string;
}

export interface PanQuery {
  pan: string;
  /** Cashfree wants an id of the caller's choosing per verification. */
  verificationId: string;
}

const headers = (o: CashfreeOptions) => ({
  'content-type': 'application/json',
  accept: 'application/json',
  'x-client-id': o.clientId,
  'x-client-secret': o.clientSecret,
});

export function cashfreeProfile(o: CashfreeOptions): HttpProviderSpec<string, TaxpayerProfile> {
  return {
    name: CASHFREE,
    request: (gstin) => ({ url: `${o.base}/gstin`, method: 'POST', headers: headers(o), body: JSON.stringify({ GSTIN: gstin }) }),
    parse(res) {
      const b = res.json<Record<string, unknown>>();
      if (b?.valid === false) throw new UpstreamError(CASHFREE, 'not_found', 'Cashfree: the GSTIN is not registered');
      if (!text(b?.GSTIN) && !text(b?.legal_name_of_business)) throw new UpstreamError(CASHFREE, 'bad_response', 'Cashfree answered no GSTIN record');
      const split = (b.principal_place_split_address ?? {}) as Record<string, unknown>;
      const nba = b.nature_of_business_activities;
      return {
        trade_name: text(b.trade_name_of_business),
        legal_name: text(b.legal_name_of_business),
        registration_status: text(b.gst_in_status),
        registration_date: ddmmyyyy(b.date_of_registration),
        constitution: text(b.constitution_of_business),
        taxpayer_type: text(b.taxpayer_type),
        nature_of_business: Array.isArray(nba) ? (nba.map(text).filter(Boolean) as string[]) : [],
        state: text(split.state),
        address: text(b.principal_place_address),
        lat: num(split.latitude),
        lon: num(split.longitude),
      };
    },
  };
}

export function cashfreePan(o: CashfreeOptions): HttpProviderSpec<PanQuery, string[]> {
  return {
    name: CASHFREE,
    request: (q) => ({
      url: `${o.base}/pan-gstin`,
      method: 'POST',
      headers: headers(o),
      body: JSON.stringify({ pan: q.pan, verification_id: q.verificationId }),
    }),
    parse(res) {
      const b = res.json<Record<string, unknown>>();
      const list = b?.gstin_list;
      if (!Array.isArray(list)) {
        if (/not found|no record|invalid/i.test(String(b?.message ?? b?.status ?? '')))
          throw new UpstreamError(CASHFREE, 'not_found', 'Cashfree: no GSTIN for this PAN');
        throw new UpstreamError(CASHFREE, 'bad_response', 'Cashfree answered no gstin_list');
      }
      const out: string[] = [];
      for (const g of list as Record<string, unknown>[]) {
        const v = text(g?.gstin)?.toUpperCase();
        if (v && /^[0-9A-Z]{15}$/.test(v) && !out.includes(v)) out.push(v);
      }
      return out;
    },
  };
}

/** Cashfree's parts and the settings it reads; asked only with its client id and secret. */
export const cashfreeUpstream = upstream({
  name: CASHFREE,
  settings: ['GST_CASHFREE_URL', 'GST_CASHFREE_CLIENT_ID', 'GST_CASHFREE_CLIENT_SECRET'],
  needs: ['GST_CASHFREE_CLIENT_ID', 'GST_CASHFREE_CLIENT_SECRET'],
  build: (s) => {
    const o: CashfreeOptions = { base: s.GST_CASHFREE_URL, clientId: s.GST_CASHFREE_CLIENT_ID ?? '', clientSecret: s.GST_CASHFREE_CLIENT_SECRET ?? '' };
    return { profile: cashfreeProfile(o), pan: cashfreePan(o) };
  },
});
