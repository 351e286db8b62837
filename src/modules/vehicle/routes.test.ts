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
});
