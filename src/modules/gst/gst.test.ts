import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { fakeUpstream, type FakeUpstream } from '../../../test/helpers/fake-upstream.js';
import { gstModule } from './index.js';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const GSTIN = '27AAPFU0939F1ZV';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

async function portal(routes: Parameters<typeof fakeUpstream>[0] = {}) {
  const f = await fakeUpstream({
    'GET /services/api/search/goodservice': { body: fixture('portal-goodservice.json') },
    'GET /services/api/dropdownfinyear': { body: fixture('portal-dropdownfinyear.json') },
    'POST /services/api/search/taxpayerReturnDetails': { body: fixture('portal-returns.json') },
    ...(routes as object),
  });
  open.push(f);
  return f;
}

async function cashfree() {
  const f = await fakeUpstream({
    'POST /verification/gstin': { body: fixture('cashfree-gstin.json') },
    'POST /verification/pan-gstin': { body: fixture('cashfree-pan-gstin.json') },
  });
  open.push(f);
  return f;
}

async function app(env: Record<string, string>) {
  // The budget at its most unless a test sets it: it ends only a hang, never a busy machine's slow answer.
  const t = await testApp({ GST_TIMEOUT_MS: '60000', ...env }, { modules: [gstModule] });
  open.push(t);
  return t.app;
}

const withCashfree = (cf: FakeUpstream) => ({ GST_CASHFREE_URL: `${cf.url}/verification`, GST_CASHFREE_CLIENT_ID: 'id', GST_CASHFREE_CLIENT_SECRET: 'secret' });

describe('GET /gst validation', () => {
  it('rejects a GSTIN whose check digit is wrong, naming the right one, without asking any upstream', async () => {
    const p = await portal();
    const a = await app({ GST_PORTAL_URL: p.url });
    const res = await a.inject({ url: '/gst?number=27AABCU9603R1ZM' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 'error',
      code: 'INVALID_PARAMETER',
      param: 'number',
      message: 'number is not a valid GSTIN: the check digit should be N, not M',
    });
    expect(p.requests).toHaveLength(0);
  });

  it('rejects a missing number and a malformed fy', async () => {
    const a = await app({ GST_PORTAL_ENABLED: 'false' });
    expect((await a.inject({ url: '/gst' })).statusCode).toBe(400);
    const res = await a.inject({ url: `/gst?number=${GSTIN}&fy=24` });
    expect(res.statusCode).toBe(400);
    expect(res.json().param).toBe('fy');
  });
});

describe('GET /gst profile', () => {
  it('combines the profile, HSN goods, years and latest returns from the portal and Cashfree, then serves it from cache', async () => {
    const p = await portal();
    const cf = await cashfree();
    const a = await app({ GST_PORTAL_URL: p.url, ...withCashfree(cf) });
    const res = await a.inject({ url: `/gst?number=${GSTIN.toLowerCase()}` });
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b).toMatchObject({
      status: 'ok',
      gstin: GSTIN,
      legal_name: 'SAMPLE LEGAL NAME PRIVATE LIMITED',
      trade_name: 'SAMPLE TRADE NAME',
      registration_status: 'Active',
      registration_date: '01/07/2017',
      state: 'Maharashtra',
      lat: 18.5204,
      filing_years: [
        { year: '2025-2026', value: '2025' },
        { year: '2024-2025', value: '2024' },
        { year: '2023-2024', value: '2023' },
      ],
      filing_status: { financial_year: '2025-2026' },
      registration_kind: 'regular',
      sources: { profile: 'cashfree', hsn_goods: 'gst-portal', filing_years: 'gst-portal', filing_status: 'gst-portal' },
      missing: [],
      registry: { status: 'answered', error: null },
      cached: false,
    });
    expect(b.hsn_goods).toHaveLength(3);
    expect(b.filing_status.returns[0]).toEqual({ return_type: 'GSTR1', period: 'May', mode: 'ONLINE', filed_on: '11/06/2025', status: 'Filed' });
    // The latest year is asked for its returns.
    expect(JSON.parse(p.requests.find((r) => r.method === 'POST')!.body)).toEqual({ gstin: GSTIN, fy: '2025' });

    const again = await a.inject({ url: `/gst?number=${GSTIN}` });
    expect(again.json().cached).toBe(true);
    expect(p.requests).toHaveLength(3);
  });

  it('answers what the portal knows, and says the profile is missing, when no profile provider is configured', async () => {
    const p = await portal();
    const a = await app({ GST_PORTAL_URL: p.url });
    const b = (await a.inject({ url: `/gst?number=${GSTIN}` })).json();
    expect(b.legal_name).toBeNull();
    expect(b.state).toBe('Maharashtra'); // from the state code
    expect(b.hsn_goods).toHaveLength(3);
    expect(b.missing).toEqual([{ part: 'profile', reason: 'no upstream for the profile is configured' }]);
  });

  it('answers what the number says, with the registry marked unreachable and the upstreams named, when every provider is down', async () => {
    const p = await portal({ 'GET /services/api/search/goodservice': { status: 503 }, 'GET /services/api/dropdownfinyear': { status: 503 } });
    const cf = await fakeUpstream({ 'POST /verification/gstin': { status: 500 } });
    open.push(cf);
    const a = await app({ GST_PORTAL_URL: p.url, ...withCashfree(cf) });
    const res = await a.inject({ url: `/gst?number=${GSTIN}` });
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b).toMatchObject({
      status: 'ok',
      gstin: GSTIN,
      state: 'Maharashtra',
      legal_name: null,
      decoded: { state_code: '27', pan: 'AAPFU0939F', entity_type: 'Firm / LLP', check_digit: 'V', check_digit_valid: true },
      registry: { status: 'unreachable', error: { code: 'UPSTREAM_FAILED', message: expect.stringMatching(/^GST lookup: every upstream failed \(/) } },
    });
    expect(b.missing.map((m: { part: string }) => m.part)).toEqual(['profile', 'hsn_goods', 'filing_years']);
    expect(b.registry.error.tried.map((t: { provider: string }) => t.provider).sort()).toEqual(['cashfree', 'gst-portal']);
  });

  it('marks the registry unreachable with UPSTREAM_TIMEOUT, within its budget, when the only upstream never answers', async () => {
    const p = await portal({ 'GET /services/api/search/goodservice': { hang: true }, 'GET /services/api/dropdownfinyear': { hang: true } });
    const a = await app({ GST_PORTAL_URL: p.url, GST_TIMEOUT_MS: '500' });
    const res = await a.inject({ url: `/gst?number=${GSTIN}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().registry).toMatchObject({ status: 'unreachable', error: { code: 'UPSTREAM_TIMEOUT' } });
    expect(res.json().decoded.state).toBe('Maharashtra');
  });

  it('answers the local decoding with the registry not_configured, naming the settings, when no GST upstream is enabled', async () => {
    const a = await app({ GST_PORTAL_ENABLED: 'false' });
    const res = await a.inject({ url: `/gst?number=${GSTIN}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      decoded: { pan: 'AAPFU0939F', registration_kind: 'regular' },
      registry: { status: 'not_configured', error: { code: 'NOT_CONFIGURED', settings: ['GST_PORTAL_ENABLED', 'GST_GSP_URL', 'GST_CASHFREE_CLIENT_ID'] } },
      cached: false,
    });
  });

  it('says the registry answered partly when some parts are missing', async () => {
    const p = await portal();
    const a = await app({ GST_PORTAL_URL: p.url });
    expect((await a.inject({ url: `/gst?number=${GSTIN}` })).json().registry).toEqual({ status: 'partial', error: null });
  });

  it('answers 404 when the upstreams say the GSTIN is not registered', async () => {
    const p = await portal({
      'GET /services/api/search/goodservice': { body: fixture('portal-error.json') },
      'GET /services/api/dropdownfinyear': { body: fixture('portal-error.json') },
    });
    const a = await app({ GST_PORTAL_URL: p.url });
    const res = await a.inject({ url: `/gst?number=${GSTIN}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`no taxpayer is registered with GSTIN ${GSTIN}`);
  });
});

describe('GET /gst?fy=', () => {
  it('answers 400 listing the available years when fy is not one of them', async () => {
    const p = await portal();
    const a = await app({ GST_PORTAL_URL: p.url });
    const res = await a.inject({ url: `/gst?number=${GSTIN}&fy=2019` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ param: 'fy', available_years: ['2025', '2024', '2023'] });
    expect(res.json().message).toMatch(/available years: 2025, 2024, 2023/);
  });

  it('answers the returns of that year only', async () => {
    const p = await portal();
    const a = await app({ GST_PORTAL_URL: p.url });
    const res = await a.inject({ url: `/gst?number=${GSTIN}&fy=2024` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', api: 'gst', gstin: GSTIN, financial_year: '2024-2025', cached: false });
    expect(Object.keys(res.json()).sort()).toEqual(['api', 'cached', 'financial_year', 'gstin', 'returns', 'stale', 'status']);
    expect(res.json().returns).toHaveLength(2);
    expect(res.json().legal_name).toBeUndefined();
  });

  it('falls over to the GSTN Public API when the portal fails', async () => {
    const p = await portal({ 'POST /services/api/search/taxpayerReturnDetails': { status: 502 } });
    const gsp = await fakeUpstream({ 'GET /commonapi/v1.0/returns': { body: fixture('gsp-rettrack.json') } });
    open.push(gsp);
    const a = await app({ GST_PORTAL_URL: p.url, GST_GSP_URL: gsp.url, GST_GSP_ASPID: 'asp', GST_GSP_PASSWORD: 'pw' });
    const res = await a.inject({ url: `/gst?number=${GSTIN}&fy=2025` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      financial_year: '2025-2026',
      returns: [
        { return_type: 'GSTR1', period: 'May' },
        { return_type: 'GSTR3B', period: 'April' },
      ],
    });
    expect(gsp.requests[0].query.get('fy')).toBe('2025-26');
  });
});

describe('GET /gst/pan', () => {
  it('lists the GSTINs of a PAN', async () => {
    const cf = await cashfree();
    const a = await app({ GST_PORTAL_ENABLED: 'false', ...withCashfree(cf) });
    const res = await a.inject({ url: '/gst/pan?pan=aapfu0939f' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', api: 'gst/pan', pan: 'AAPFU0939F', count: 2, gstins: ['27AAPFU0939F1ZV', '07AAPFU0939F1ZX'] });
  });

  it('rejects a PAN whose 4th character is not a holder type', async () => {
    const a = await app({ GST_PORTAL_ENABLED: 'false' });
    const res = await a.inject({ url: '/gst/pan?pan=ABMXA3211G' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      param: 'pan',
      message: 'pan is not a valid PAN: position 4 ("X") must be a PAN holder type, one of A, B, C, F, G, H, J, K, L, P, T',
    });
  });

  it('answers 503 NOT_CONFIGURED naming the settings, not "upstream failed", when no PAN search provider is configured', async () => {
    const a = await app({ GST_PORTAL_ENABLED: 'false' });
    const res = await a.inject({ url: '/gst/pan?pan=AAPFU0939F' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'NOT_CONFIGURED', settings: ['GST_CASHFREE_CLIENT_ID', 'GST_CASHFREE_CLIENT_SECRET'] });
    expect(res.json().message).toBe('GSTINs of a PAN: no upstream that can answer this is configured');
    expect(res.json().hint).toMatch(/GST_CASHFREE_CLIENT_ID/);
  });
});
