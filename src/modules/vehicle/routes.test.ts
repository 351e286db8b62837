import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { vehicleModule } from './index.js';
import { VehicleResponse } from './schemas.js';

describe('GET /vehicle', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp({}, { modules: [vehicleModule] });
  });
  afterAll(() => t.close());

  it('answers the parsed mark and what it cannot tell, as the documented example shows', async () => {
    const res = await t.app.inject({ url: '/vehicle?number=ka01ab1234' });
    expect(res.statusCode).toBe(200);
    // The OpenAPI example is this very answer, so the documentation cannot drift from it.
    expect(res.json()).toEqual((VehicleResponse as unknown as { examples: unknown[] }).examples[0]);
  });

  it.each(['/vehicle', '/vehicle?number=', '/vehicle?number=QQ01AB1234', '/vehicle?number=%F0%9F%9A%97'])(
    'rejects %s with a 400 naming number',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', code: 'INVALID_PARAMETER', param: 'number' });
    },
  );

  it('names the office behind an RTO code of the shipped list, and how sure it is', async () => {
    const res = await t.app.inject({ url: '/vehicle?number=MH12AB1234' });
    expect(res.json()).toMatchObject({ rto: { office: 'Pune', agreement: 'two-sources', source: 'wikipedia-2023' }, rto_reason: null });
  });

  it('names an office only one list gives, and says it is one list', async () => {
    expect((await t.app.inject({ url: '/vehicle?number=KA60AB1234' })).json().rto).toMatchObject({ office: 'Yellapur', agreement: 'one-source' });
  });

  it('answers rto null with a reason for a code the lists do not hold, rather than guessing', async () => {
    // MP55 is in Wikipedia's 2018 list as "yet to be allotted": not an office (data/SOURCES.md).
    const res = await t.app.inject({ url: '/vehicle?number=MP55AB1234' });
    expect(res.json()).toMatchObject({ rto_code: 'MP55', rto: null, rto_reason: expect.stringMatching(/MP55 is not in the published RTO lists/) });
  });

  it('says why a BH-series mark has no office', async () => {
    expect((await t.app.inject({ url: '/vehicle?number=21BH2345AA' })).json()).toMatchObject({ rto: null, rto_reason: 'BH-series marks carry no RTO code' });
  });
});
