import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UpstreamError, type UpstreamResponse } from '../../../core/upstream/index.js';
import { portalGoods, portalReturns, portalYears } from './gst-portal.js';
import { gspProfile, gspReturns } from './gstn-public-api.js';
import { cashfreePan, cashfreeProfile } from './cashfree.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));

function response(body: Buffer | string, contentType = 'application/json'): UpstreamResponse {
  const buf = Buffer.isBuffer(body) ? body : Buffer.from(body);
  return {
    status: 200,
    url: 'http://upstream/',
    hops: ['http://upstream/'],
    headers: { 'content-type': contentType },
    body: buf,
    text: () => buf.toString('utf8'),
    json: <T>() => JSON.parse(buf.toString('utf8')) as T,
  };
}

const BASE = 'https://services.gst.gov.in';

describe('GST portal parsers', () => {
  it('reads HSN goods and SAC services, dropping "NA" rows', () => {
    expect(portalGoods(BASE).parse(response(fixture('portal-goodservice.json')), '27AAPFU0939F1ZV')).toEqual([
      { hsn: '84713010', description: 'SAMPLE PERSONAL COMPUTER' },
      { hsn: '8523', description: 'SAMPLE DISCS, TAPES' },
      { hsn: '998314', description: 'SAMPLE IT DESIGN AND DEVELOPMENT SERVICES' },
    ]);
  });

  it('lists filing years latest first', () => {
    const years = portalYears(BASE).parse(response(fixture('portal-dropdownfinyear.json')), 'x');
    expect(years.map((y) => y.value)).toEqual(['2025', '2024', '2023']);
    expect(years[0]).toEqual({ year: '2025-2026', value: '2025' });
  });

  it('flattens returns and keeps only GSTR1 and GSTR3B', () => {
    expect(portalReturns(BASE).parse(response(fixture('portal-returns.json')), { gstin: 'x', fy: '2025' })).toEqual([
      { return_type: 'GSTR1', period: 'May', mode: 'ONLINE', filed_on: '11/06/2025', status: 'Filed' },
      { return_type: 'GSTR3B', period: 'April', mode: 'ONLINE', filed_on: '20/05/2025', status: 'Filed' },
    ]);
  });

  it('posts the GSTIN and start year to taxpayerReturnDetails', () => {
    const req = portalReturns(BASE).request({ gstin: '27AAPFU0939F1ZV', fy: '2024' });
    expect(req.method).toBe('POST');
    expect(req.url).toBe(`${BASE}/services/api/search/taxpayerReturnDetails`);
    expect(JSON.parse(req.body!)).toEqual({ gstin: '27AAPFU0939F1ZV', fy: '2024' });
  });

  it('turns an errorCode "no records" answer into not_found', () => {
    try {
      portalGoods(BASE).parse(response(fixture('portal-error.json')), 'x');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(UpstreamError);
      expect((e as UpstreamError).kind).toBe('not_found');
    }
  });

  it('treats a captcha refusal as blocked and a maintenance page as unavailable', () => {
    const kind = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as UpstreamError).kind;
      }
    };
    expect(kind(() => portalYears(BASE).parse(response('{"errorCode":"SWEB_9000","message":"Invalid Captcha"}'), 'x'))).toBe('blocked');
    expect(kind(() => portalYears(BASE).parse(response('<html>Under maintenance</html>', 'text/html'), 'x'))).toBe('unavailable');
    expect(kind(() => portalYears(BASE).parse(response('{"something":"else"}'), 'x'))).toBe('bad_response');
  });
});

describe('GSTN Public API (GSP) parsers', () => {
  const o = { base: 'https://gsp.example', aspid: 'id', password: 'pw' };
  it('maps a Search Taxpayer answer to the profile fields', () => {
    expect(gspProfile(o).parse(response(fixture('gsp-search-tp.json')), '27AAPFU0939F1ZV')).toEqual({
      trade_name: 'SAMPLE TRADE NAME',
      legal_name: 'SAMPLE LEGAL NAME PRIVATE LIMITED',
      registration_status: 'Active',
      registration_date: '01/07/2017',
      constitution: 'Private Limited Company',
      taxpayer_type: 'Regular',
      nature_of_business: ['Supplier of Services', 'Office / Sale Office'],
      state: 'Maharashtra',
      address: '2nd Floor, 12, SAMPLE TOWER, SAMPLE ROAD, SAMPLE NAGAR, Pune, Maharashtra, 411001',
      lat: 18.5204,
      lon: 73.8567,
    });
  });
  it('unwraps a {status_cd, data} envelope', () => {
    const wrapped = `{"status_cd":"1","data":${fixture('gsp-search-tp.json').toString()}}`;
    expect(gspProfile(o).parse(response(wrapped), 'x').legal_name).toBe('SAMPLE LEGAL NAME PRIVATE LIMITED');
  });
  it('reads EFiledlist periods as month names and dates as DD/MM/YYYY', () => {
    expect(gspReturns(o).parse(response(fixture('gsp-rettrack.json')), { gstin: 'x', fy: '2025' })).toEqual([
      { return_type: 'GSTR1', period: 'May', mode: 'ONLINE', filed_on: '11/06/2025', status: 'Filed' },
      { return_type: 'GSTR3B', period: 'April', mode: 'ONLINE', filed_on: '20/05/2025', status: 'Filed' },
    ]);
  });
  it('asks RETTRACK with the year spelled 2024-25 and sends the ASP credentials', () => {
    const u = new URL(gspReturns(o).request({ gstin: '27AAPFU0939F1ZV', fy: '2024' }).url);
    expect(u.pathname).toBe('/commonapi/v1.0/returns');
    expect(Object.fromEntries(u.searchParams)).toEqual({ action: 'RETTRACK', gstin: '27AAPFU0939F1ZV', fy: '2024-25', aspid: 'id', password: 'pw' });
  });
  it('turns an error envelope saying "not found" into not_found', () => {
    const res = response('{"status_cd":"0","error":{"error_cd":"TAX101","message":"Taxpayer not found"}}');
    expect(() => gspProfile(o).parse(res, 'x')).toThrow(/no record/);
  });
});

describe('Cashfree parsers', () => {
  const o = { base: 'https://api.cashfree.com/verification', clientId: 'id', clientSecret: 'secret' };
  it('maps a verify-GSTIN answer to the profile fields', () => {
    const p = cashfreeProfile(o).parse(response(fixture('cashfree-gstin.json')), '27AAPFU0939F1ZV');
    expect(p).toMatchObject({
      legal_name: 'SAMPLE LEGAL NAME PRIVATE LIMITED',
      registration_date: '01/07/2017',
      registration_status: 'Active',
      state: 'Maharashtra',
      lat: 18.5204,
      lon: 73.8567,
    });
  });
  it('says not_found for valid:false', () => {
    expect(() => cashfreeProfile(o).parse(response('{"GSTIN":"x","valid":false,"message":"GSTIN Doesn\'t Exist"}'), 'x')).toThrow(/not registered/);
  });
  it('lists the GSTINs of a PAN and sends the client credentials as headers', () => {
    expect(cashfreePan(o).parse(response(fixture('cashfree-pan-gstin.json')), { pan: 'AAPFU0939F', verificationId: 'v' })).toEqual([
      '27AAPFU0939F1ZV',
      '07AAPFU0939F1ZX',
    ]);
    const req = cashfreePan(o).request({ pan: 'AAPFU0939F', verificationId: 'v1' });
    expect(req.headers).toMatchObject({ 'x-client-id': 'id', 'x-client-secret': 'secret' });
    expect(JSON.parse(req.body!)).toEqual({ pan: 'AAPFU0939F', verification_id: 'v1' });
  });
});
