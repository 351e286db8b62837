// GST portal (services.gst.gov.in): the public "Search Taxpayer" pages' JSON endpoints that
// answer without a captcha.
//   GET  /services/api/search/goodservice?gstin=G   -> {bzgddtls:[{hsncd,gdes}], bzsdtls:[{saccd,sdes}]}
//   GET  /services/api/dropdownfinyear?gstin=G      -> {status:1, data:[{year:"2024-2025", value:"2024"}]}
//   POST /services/api/search/taxpayerReturnDetails {gstin, fy:"2024"}
//                                                   -> {filingStatus:[[{fy,taxp,mof,dof,rtntype,arn,status}]]}
// Docs: none official (the portal is undocumented); formats as used by the portal's own search
// page and described by public client libraries. The taxpayer profile (/api/search/taxpayerDetails)
// and the PAN search (/api/get/gstndtls) need a captcha, so they are NOT used here.
// Quirks: errors come as HTTP 200 with {errorCode, message} (sometimes nested under "error");
// SWEB_9000 = captcha refused (treated as blocked), SWEB_10001 = no records. "NA", "" and null
// all mean absent. During maintenance the portal answers an HTML page.
// Terms: public information published by GSTN for taxpayer search; keep volumes low (24 h cache).

import { UpstreamError, upstream, type HttpProviderSpec, type UpstreamResponse } from '../../../core/upstream/index.js';
import { fyLabel, ddmmyyyy, returnType, text, type FilingYear, type HsnEntry, type ReturnEntry, type ReturnsQuery } from '../model.js';

export const PORTAL = 'gst-portal';

const headers = (base: string) => ({
  accept: 'application/json, text/plain, */*',
  referer: `${base}/services/searchtp`,
  origin: base,
});

/** The portal's JSON body, or the failure it describes. */
function portalJson(res: UpstreamResponse): Record<string, unknown> {
  if (/text\/html/i.test(res.headers['content-type'] ?? '')) {
    throw new UpstreamError(PORTAL, 'unavailable', 'the GST portal answered an HTML page (maintenance?)');
  }
  const body = res.json<Record<string, unknown>>();
  if (!body || typeof body !== 'object') throw new UpstreamError(PORTAL, 'bad_response', 'the GST portal answered no object');
  const err = (body.error && typeof body.error === 'object' ? body.error : body) as Record<string, unknown>;
  const code = text(err.errorCode ?? err.error_cd);
  if (code) {
    const msg = text(err.message) ?? '';
    if (code === 'SWEB_9000' || code === 'SWEB_9035') throw new UpstreamError(PORTAL, 'blocked', `the GST portal refused the request (${code})`);
    if (code === 'SWEB_10001' || /not found|no record|invalid gstin|does not exist/i.test(msg)) {
      throw new UpstreamError(PORTAL, 'not_found', `the GST portal has no record (${code})`);
    }
    throw new UpstreamError(PORTAL, 'bad_response', `the GST portal answered error ${code}`);
  }
  return body;
}

export function portalGoods(base: string): HttpProviderSpec<string, HsnEntry[]> {
  return {
    name: PORTAL,
    request: (gstin) => ({ url: `${base}/services/api/search/goodservice?gstin=${encodeURIComponent(gstin)}`, headers: headers(base) }),
    parse(res) {
      const body = portalJson(res);
      const out: HsnEntry[] = [];
      const goods = Array.isArray(body.bzgddtls) ? body.bzgddtls : [];
      const services = Array.isArray(body.bzsdtls) ? body.bzsdtls : [];
      if (!Array.isArray(body.bzgddtls) && !Array.isArray(body.bzsdtls)) {
        throw new UpstreamError(PORTAL, 'bad_response', 'goodservice answer has neither bzgddtls nor bzsdtls');
      }
      // Codes kept verbatim: some service codes are pre-GST Service Tax codes, not six digits.
      for (const g of goods as Record<string, unknown>[]) {
        const hsn = text(g?.hsncd);
        if (hsn) out.push({ hsn, description: text(g.gdes) ?? '' });
      }
      for (const s of services as Record<string, unknown>[]) {
        const hsn = text(s?.saccd);
        if (hsn) out.push({ hsn, description: text(s.sdes) ?? '' });
      }
      return out;
    },
  };
}

export function portalYears(base: string): HttpProviderSpec<string, FilingYear[]> {
  return {
    name: PORTAL,
    request: (gstin) => ({ url: `${base}/services/api/dropdownfinyear?gstin=${encodeURIComponent(gstin)}`, headers: headers(base) }),
    parse(res) {
      const body = portalJson(res);
      if (!Array.isArray(body.data)) throw new UpstreamError(PORTAL, 'bad_response', 'dropdownfinyear answer has no data list');
      const years: FilingYear[] = [];
      for (const y of body.data as Record<string, unknown>[]) {
        const value = text(y?.value);
        if (!value || !/^\d{4}$/.test(value)) continue;
        const label = text(y.year);
        years.push({ year: label && /^\d{4}-\d{4}$/.test(label) ? label : fyLabel(value), value });
      }
      // Latest first: filing_status shows the first year of this list.
      return years.sort((a, b) => Number(b.value) - Number(a.value));
    },
  };
}

export function portalReturns(base: string): HttpProviderSpec<ReturnsQuery, ReturnEntry[]> {
  return {
    name: PORTAL,
    request: (q) => ({
      url: `${base}/services/api/search/taxpayerReturnDetails`,
      method: 'POST',
      headers: { ...headers(base), 'content-type': 'application/json;charset=UTF-8' },
      body: JSON.stringify({ gstin: q.gstin, fy: q.fy }),
    }),
    parse(res) {
      const body = portalJson(res);
      if (!Array.isArray(body.filingStatus)) throw new UpstreamError(PORTAL, 'bad_response', 'taxpayerReturnDetails answer has no filingStatus');
      // filingStatus is a list of lists (one per return group); flatten it.
      const rows = (body.filingStatus as unknown[]).flat() as Record<string, unknown>[];
      const out: ReturnEntry[] = [];
      for (const r of rows) {
        const type = returnType(r?.rtntype);
        const period = text(r?.taxp);
        if (!type || !period) continue;
        out.push({ return_type: type, period, mode: text(r.mof), filed_on: ddmmyyyy(r.dof), status: text(r.status) });
      }
      return out;
    },
  };
}

/** The portal's parts and the settings it reads; off when GST_PORTAL_ENABLED is false. */
export const portalUpstream = upstream({
  name: PORTAL,
  settings: ['GST_PORTAL_URL', 'GST_PORTAL_ENABLED'],
  needs: ['GST_PORTAL_ENABLED'],
  // Its profile and PAN searches need a captcha, so the portal answers neither.
  build: (s) => ({ goods: portalGoods(s.GST_PORTAL_URL), years: portalYears(s.GST_PORTAL_URL), returns: portalReturns(s.GST_PORTAL_URL) }),
});
