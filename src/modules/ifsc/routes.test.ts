import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { fakeUpstream, type FakeUpstream, type RecordedRequest } from '../../../test/helpers/fake-upstream.js';
import { fixtureText } from './fixtures/index.js';
import { IFSC_IMPORT_JOB } from './index.js';
import { BRANCH_FIELDS } from './schemas.js';

let razorpay: FakeUpstream;
const csv = fixtureText('razorpay-ifsc-constructed.csv');
const apiAnswer = fixtureText('razorpay-api-constructed.json');

const env = () => ({
  IFSC_DATASET_URL: `${razorpay.url}/IFSC.csv`,
  // The fixture holds 6 usable rows; the default (100000) is for the whole data set.
  IFSC_DATASET_MIN_ROWS: '5',
  IFSC_API_URL: `${razorpay.url}/api`,
  // At its most: nothing here hangs, and a busy machine's slow answer is no timeout.
  IFSC_TIMEOUT_MS: '60000',
});

beforeAll(async () => {
  razorpay = await fakeUpstream();
});
afterAll(() => razorpay.close());
beforeEach(() => {
  razorpay.set('GET /IFSC.csv', { body: csv, headers: { 'content-type': 'text/csv' } });
  razorpay.set('GET /api/HDFC0000060', { body: apiAnswer, headers: { 'content-type': 'application/json' } });
  razorpay.set('GET /api/HDFC0000004', { status: 404, body: 'Not Found' });
  razorpay.set('GET /api/HDFC0000005', { status: 503, body: 'down' });
  razorpay.requests.length = 0;
});

/** The importer's temporary folders in the temp directory. */
const leftovers = () => readdirSync(tmpdir()).filter((f) => f.startsWith('jankari-ifsc-'));

const apiCalls = () => razorpay.requests.filter((r: RecordedRequest) => r.path.startsWith('/api/'));

describe('GET /ifsc before the first import', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(env());
  });
  afterAll(() => t.close());

  it('answers a valid code with its bank and the branch fields null, listed in missing', async () => {
    const res = await t.app.inject({ url: '/ifsc?code=hdfc0000004' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'ok',
      ifsc: 'HDFC0000004',
      bank: 'HDFC Bank',
      bank_code: 'HDFC',
      bank_type: 'Private',
      branch: null,
      source: 'offline',
    });
    expect(body.missing).toEqual([...BRANCH_FIELDS]);
    expect(body.missing_reason).toBe(
      'the branch data set has not been imported yet (`npm run crawl -- ifsc-import` imports it), and the online API has no details of HDFC0000004',
    );
  });

  it('asks the Razorpay API for the branch and caches its answer', async () => {
    const res = await t.app.inject({ url: '/ifsc/HDFC0000060' });
    expect(res.json()).toMatchObject({
      ifsc: 'HDFC0000060',
      branch: 'TEST FORT',
      city: 'MUMBAI',
      source: 'razorpay-api',
      cached: false,
      micr: null,
      missing: ['contact', 'micr', 'swift'],
    });
    const again = await t.app.inject({ url: '/ifsc/hdfc 0000 060' });
    expect(again.json()).toMatchObject({ source: 'razorpay-api', cached: true });
    expect(apiCalls()).toHaveLength(1);
  });

  it('still answers the bank when the API fails, saying why the branch fields are null and what loads them', async () => {
    const res = await t.app.inject({ url: '/ifsc?code=HDFC0000005' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bank: 'HDFC Bank', source: 'offline', branch: null });
    expect(res.json().missing_reason).toMatch(
      /^the branch data set has not been imported yet \(`npm run crawl -- ifsc-import` imports it\), and the online API could not be asked \(.+ answered HTTP 503\)$/,
    );
  });

  it('says search is not ready yet', async () => {
    const res = await t.app.inject({ url: '/ifsc/search?bank=HDFC' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'NOT_READY',
      job: 'ifsc-import',
      hint: '`npm run crawl -- ifsc-import` loads it now; without internet, `npm run import -- ifsc-import --file <a downloaded copy>` (README: data sets)',
    });
  });
});

describe('GET /ifsc after an import', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(env());
    await t.ctx.scheduler.runNow(IFSC_IMPORT_JOB);
  });
  afterAll(() => t.close());

  it('answers branch details from the imported data set without asking the API', async () => {
    const res = await t.app.inject({ url: '/ifsc?code=SBIN0000001' });
    expect(res.json()).toEqual({
      status: 'ok',
      ifsc: 'SBIN0000001',
      bank: 'State Bank of India',
      bank_code: 'SBIN',
      bank_type: 'PSB',
      branch: 'TEST MAIN BRANCH',
      address: '1 TEST STREET, KOLKATA, WEST BENGAL',
      city: 'KOLKATA',
      centre: 'KOLKATA',
      district: 'KOLKATA',
      state: 'WEST BENGAL',
      contact: '+913300000000',
      micr: '700002021',
      swift: 'SBININBBXXX',
      neft: true,
      rtgs: true,
      imps: true,
      upi: true,
      source: 'dataset',
      missing: [],
      missing_reason: null,
      cached: false,
    });
    expect(apiCalls()).toHaveLength(0);
  });

  it('names the sub-member bank of a branch under a sponsor’s prefix', async () => {
    const res = await t.app.inject({ url: '/ifsc/APBL0001001' });
    expect(res.json()).toMatchObject({ bank: 'District Co-operative Central Bank Srikakul', bank_code: 'TSDX', branch: 'TEST SRIKAKULAM' });
  });

  it('finds branches by bank and city, paged', async () => {
    const res = await t.app.inject({ url: '/ifsc/search?bank=sbin&city=kolkata&limit=1' });
    expect(res.json()).toMatchObject({ status: 'ok', total: 2, page: 1, limit: 1, count: 1, branches: [{ ifsc: 'SBIN0000001', branch: 'TEST MAIN BRANCH' }] });
    const page2 = await t.app.inject({ url: '/ifsc/search?bank=SBIN&city=Kolkata&limit=1&page=2' });
    expect(page2.json().branches[0].ifsc).toBe('SBIN0000002');
  });

  it('finds branches by words of the name or address, and by state', async () => {
    const byWords = await t.app.inject({ url: '/ifsc/search?q=kasturba%20bangalore' });
    expect(byWords.json().branches.map((b: { ifsc: string }) => b.ifsc)).toEqual(['HDFC0000002']);
    const byState = await t.app.inject({ url: '/ifsc/search?state=tamil%20nadu' });
    expect(byState.json()).toMatchObject({ total: 1, branches: [{ ifsc: 'HDFC0000003' }] });
  });

  it('keeps the stored branches when a new data set is too short', async () => {
    razorpay.set('GET /IFSC.csv', { body: csv.split('\n').slice(0, 3).join('\n') });
    await t.ctx.scheduler.runNow(IFSC_IMPORT_JOB);
    const res = await t.app.inject({ url: '/ifsc/HDFC0000003' });
    expect(res.json()).toMatchObject({ source: 'dataset', branch: 'TEST ANNA SALAI' });
  });

  it('answers a code asked again from memory, and forgets it when a new data set is imported', async () => {
    const first = await t.app.inject({ url: '/ifsc/HDFC0000001' });
    expect(first.json()).toMatchObject({ branch: 'TEST KG MARG', source: 'dataset', cached: false });
    const again = await t.app.inject({ url: '/ifsc?code=hdfc0000001' });
    expect(again.json()).toEqual({ ...first.json(), cached: true });
    expect((await t.app.inject({ url: '/ifsc/HDFC0000001', headers: { 'if-none-match': String(again.headers.etag) } })).statusCode).toBe(304);
    razorpay.set('GET /IFSC.csv', { body: csv.replace('TEST KG MARG', 'TEST KG MARG NEW') });
    await t.ctx.scheduler.runNow(IFSC_IMPORT_JOB);
    expect((await t.app.inject({ url: '/ifsc/HDFC0000001' })).json()).toMatchObject({ branch: 'TEST KG MARG NEW', cached: false });
  });

  it('imports a data set sent compressed, keeps it when a later download fails, and leaves no file behind', async () => {
    const before = leftovers();
    razorpay.set('GET /IFSC.csv', {
      body: gzipSync(csv.replace('TEST ANNA SALAI', 'TEST ANNA SALAI GZ')),
      headers: { 'content-encoding': 'gzip', 'content-type': 'text/csv' },
    });
    await t.ctx.scheduler.runNow(IFSC_IMPORT_JOB);
    expect((await t.app.inject({ url: '/ifsc/HDFC0000003' })).json()).toMatchObject({ branch: 'TEST ANNA SALAI GZ', source: 'dataset' });
    razorpay.set('GET /IFSC.csv', { status: 503, body: 'down' });
    await t.ctx.scheduler.runNow(IFSC_IMPORT_JOB);
    expect((await t.app.inject({ url: '/ifsc/HDFC0000003' })).json()).toMatchObject({ branch: 'TEST ANNA SALAI GZ' });
    expect(leftovers()).toEqual(before);
  });
});

describe('GET /ifsc errors and the bank list', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(env());
  });
  afterAll(() => t.close());

  it.each([
    ['/ifsc?code=SBIN000001', 'code'],
    ['/ifsc?code=SBIN1000001', 'code'],
    ['/ifsc?code=SB1N0000001', 'code'],
    ['/ifsc', 'code'],
    ['/ifsc/search', 'q'],
    ['/ifsc/search?bank=SBI', 'bank'],
    ['/ifsc/search?bank=SBIN&limit=51', 'limit'],
    ['/ifsc/search?bank=SBIN&page=0', 'page'],
  ])('rejects %s with a 400 naming %s', async (url, param) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', code: 'INVALID_PARAMETER', param });
  });

  it('states the IFSC rule in the 400', async () => {
    const res = await t.app.inject({ url: '/ifsc?code=SBIN000001' });
    expect(res.json()).toMatchObject({ rule: '^[A-Z]{4}0[A-Z0-9]{6}$' });
    expect(res.json().message).toMatch(/4 letters, a zero, then 6 letters or digits/);
  });

  it('says which: an unknown bank, or a known bank without that branch', async () => {
    const bank = await t.app.inject({ url: '/ifsc?code=QQQQ0000001' });
    expect(bank.statusCode).toBe(404);
    expect(bank.json()).toMatchObject({ code: 'NOT_FOUND', bank_code: 'QQQQ' });
    expect(bank.json().message).toMatch(/no bank has the IFSC prefix QQQQ/);
    const branch = await t.app.inject({ url: '/ifsc/SBIN0ZZZZZZ' });
    expect(branch.statusCode).toBe(404);
    expect(branch.json().message).toMatch(/State Bank of India \(SBIN\) has no branch ZZZZZZ/);
    expect(apiCalls()).toHaveLength(0);
  });

  it('answers 404 for an unknown bank code in search', async () => {
    const res = await t.app.inject({ url: '/ifsc/search?bank=QQQQ' });
    expect(res.statusCode).toBe(404);
  });

  it('lists banks, and filters them by name', async () => {
    const all = await t.app.inject({ url: '/ifsc/banks' });
    expect(all.json().count).toBeGreaterThan(1000);
    const some = await t.app.inject({ url: '/ifsc/banks?q=state%20bank%20of%20india' });
    expect(some.json().banks.map((b: { code: string }) => b.code)).toContain('SBIN');
  });
});
