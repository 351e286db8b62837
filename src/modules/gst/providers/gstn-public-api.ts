// GSTN Public API ("commonapi"), reached through a GST Suvidha Provider (GSP/ASP) account.
//   GET {base}/commonapi/v1.1/search?action=TP&gstin=G           -> taxpayer {lgnm, tradeNam, sts, rgdt,
//        ctb, dty, nba[], pradr:{addr:{bno,bnm,flno,st,loc,city,dst,stcd,pncd,lt,lg}}, ...}
//   GET {base}/commonapi/v1.0/returns?action=RETTRACK&gstin=G&fy=2024-25
//        -> {EFiledlist:[{valid, mof, dof:"DD-MM-YYYY", rtntype, ret_prd:"MMYYYY", arn, status}]}
// Docs: https://developer.gst.gov.in (Public APIs: Search Taxpayer, Track Return Status).
// Quirks: GSPs differ in how credentials travel; this file sends the common `aspid` and
// `password` query parameters (TaxPro/charteredinfo style) when set. Some GSPs wrap the answer
// as {status_cd, data} and report errors as {status_cd:"0", error:{error_cd, message}}.
// Terms: a paid GSP account; the data is public taxpayer information. Off unless GST_GSP_URL is set.

import { UpstreamError, upstream, type HttpProviderSpec, type UpstreamResponse } from '../../../core/upstream/index.js';
import { MONTHS, ddmmyyyy, joinAddress, num, returnType, text, type ReturnEntry, type ReturnsQuery, type TaxpayerProfile } from '../model.js';

export const GSP = 'gstn-public-api';

export interface GspOptions {
  base: string;
  aspid?: string;
  password?: string;
}

function url(o: GspOptions, path: string, params: Record<string, string>): string {
  const u = new URL(`${o.base}${path}`);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  if (o.aspid) u.searchParams.set('aspid', o.aspid);
  if (o.password) u.searchParams.set('password', o.password);
  return u.href;
}

/** The payload, unwrapped from a GSP envelope, or the failure it reports. */
function payload(res: UpstreamResponse): Record<string, unknown> {
  let body = res.json<Record<string, unknown>>();
  if (!body || typeof body !== 'object') throw new UpstreamError(GSP, 'bad_response', 'the GSP answered no object');
  const err = body.error as Record<string, unknown> | undefined;
  if (String(body.status_cd ?? '') === '0' || (err && typeof err === 'object')) {
    const code = text(err?.error_cd) ?? 'unknown';
    const msg = text(err?.message) ?? '';
    if (/not found|no record|invalid gstin|does not exist/i.test(msg)) throw new UpstreamError(GSP, 'not_found', `the GSTN public API has no record (${code})`);
    if (/auth|denied|password|aspid|token/i.test(msg)) throw new UpstreamError(GSP, 'blocked', `the GSP refused the credentials (${code})`);
    throw new UpstreamError(GSP, 'bad_response', `the GSP answered error ${code}`);
  }
  if (body.data && typeof body.data === 'object' && !Array.isArray(body.data)) body = body.data as Record<string, unknown>;
  return body;
}

export function gspProfile(o: GspOptions): HttpProviderSpec<string, TaxpayerProfile> {
  return {
    name: GSP,
    request: (gstin) => ({ url: url(o, '/commonapi/v1.1/search', { action: 'TP', gstin }), headers: { accept: 'application/json' } }),
    parse(res) {
      const t = payload(res);
      if (!text(t.gstin) && !text(t.lgnm)) throw new UpstreamError(GSP, 'bad_response', 'the taxpayer answer has neither gstin nor lgnm');
      const adr = ((t.pradr as Record<string, unknown> | undefined)?.addr ?? {}) as Record<string, unknown>;
      return {
        trade_name: text(t.tradeNam),
        legal_name: text(t.lgnm),
        registration_status: text(t.sts),
        registration_date: ddmmyyyy(t.rgdt),
        constitution: text(t.ctb),
        taxpayer_type: text(t.dty),
        nature_of_business: Array.isArray(t.nba) ? (t.nba.map(text).filter(Boolean) as string[]) : [],
        state: text(adr.stcd),
        address: joinAddress([adr.flno, adr.bno, adr.bnm, adr.st, adr.loc, adr.city, adr.dst, adr.stcd, adr.pncd]),
        lat: num(adr.lt),
        lon: num(adr.lg),
      };
    },
  };
}

export function gspReturns(o: GspOptions): HttpProviderSpec<ReturnsQuery, ReturnEntry[]> {
  return {
    name: GSP,
    // The public API spells the year "2024-25".
    request: (q) => ({
      url: url(o, '/commonapi/v1.0/returns', { action: 'RETTRACK', gstin: q.gstin, fy: `${q.fy}-${String(Number(q.fy) + 1).slice(2)}` }),
      headers: { accept: 'application/json' },
    }),
    parse(res) {
      const body = payload(res);
      if (!Array.isArray(body.EFiledlist)) throw new UpstreamError(GSP, 'bad_response', 'the return-tracking answer has no EFiledlist');
      const out: ReturnEntry[] = [];
      for (const r of body.EFiledlist as Record<string, unknown>[]) {
        const type = returnType(r?.rtntype);
        const prd = text(r?.ret_prd);
        const month = prd && /^\d{6}$/.test(prd) ? MONTHS[Number(prd.slice(0, 2)) - 1] : undefined;
        if (!type || !month) continue;
        out.push({ return_type: type, period: month, mode: text(r.mof), filed_on: ddmmyyyy(r.dof), status: text(r.status) });
      }
      return out;
    },
  };
}

/** The GSP's parts and the settings it reads; asked only when its URL is set. */
export const gspUpstream = upstream({
  name: GSP,
  settings: ['GST_GSP_URL', 'GST_GSP_ASPID', 'GST_GSP_PASSWORD'],
  needs: ['GST_GSP_URL'],
  build: (s) => {
    const o: GspOptions = { base: s.GST_GSP_URL ?? '', aspid: s.GST_GSP_ASPID, password: s.GST_GSP_PASSWORD };
    return { profile: gspProfile(o), returns: gspReturns(o) };
  },
});
