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

  it('names the office behind an RTO code of the shipped list', async () => {
    const res = await t.app.inject({ url: '/vehicle?number=BR01AB1234' });
    expect(res.json().rto).toEqual({ office: 'Patna', city: 'Patna', district: 'Patna' });
  });

  it('answers rto null for a code the list does not hold, rather than guessing', async () => {
    // Maharashtra's offices are not in the shipped list (data/SOURCES.md).
    const res = await t.app.inject({ url: '/vehicle?number=MH12AB1234' });
    expect(res.json()).toMatchObject({ rto_code: 'MH12', rto: null });
  });

  it('answers rto null where the two lists disagreed (KA60)', async () => {
    expect((await t.app.inject({ url: '/vehicle?number=KA60AB1234' })).json().rto).toBeNull();
  });
});
