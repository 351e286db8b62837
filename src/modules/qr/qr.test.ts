// /qr and /qr/upi through the app: the image really encodes what was asked (decoded back with
// jsQR), it is cacheable, and the limits are said in the errors.

import jsqrModule from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { documentedAnswers } from '../../../test/helpers/answers.js';
import { qrModule } from './index.js';

let t: Awaited<ReturnType<typeof testApp>>;
const answers = documentedAnswers();
beforeAll(async () => {
  t = await testApp({}, { modules: [qrModule], beforeReady: answers.record });
});
afterAll(() => t.close());

// jsqr is CommonJS whose types declare an ES default: take whichever the loader hands over.
const jsQR = ((jsqrModule as unknown as { default?: unknown }).default ?? jsqrModule) as (
  data: Uint8ClampedArray,
  w: number,
  h: number,
) => { data: string } | null;

const decode = (png: Buffer): string | undefined => {
  const img = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data;
};

describe('GET /qr', () => {
  it('draws a PNG of the requested size that decodes to the text', async () => {
    const text = 'https://example.org/पेट्रोल?city=Mumbai';
    const r = await t.app.inject(`/qr?text=${encodeURIComponent(text)}&size=300`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/png');
    expect(PNG.sync.read(r.rawPayload).width).toBe(300);
    expect(decode(r.rawPayload)).toBe(text);
  });

  it('draws the chosen colours, a transparent background included', async () => {
    const r = await t.app.inject('/qr?text=colours&size=200&dark=%23123456&light=ffffff00');
    const img = PNG.sync.read(r.rawPayload);
    // The corner is quiet zone (background); the module at the finder's corner is dark.
    expect([...img.data.subarray(0, 4)]).toEqual([255, 255, 255, 0]);
    const inset = Math.ceil((4.5 * 200) / 29); // the middle of the first finder module (21 + 2×4 modules)
    const at = (inset * 200 + inset) * 4;
    expect([...img.data.subarray(at, at + 4)]).toEqual([0x12, 0x34, 0x56, 255]);
  });

  it('draws an SVG with the chosen colours', async () => {
    const r = await t.app.inject('/qr?text=hello&format=svg&dark=%23123456&light=ffffff00');
    expect(r.headers['content-type']).toContain('image/svg+xml');
    expect(r.body).toMatch(/^<svg /);
    expect(r.body).toContain('#123456');
  });

  it('is cacheable for a year, and answers 304 to its own ETag', async () => {
    const r = await t.app.inject('/qr?text=cache-me');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const again = await t.app.inject({ url: '/qr?text=cache-me', headers: { 'if-none-match': String(r.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const other = await t.app.inject('/qr?text=cache-me&ecc=H');
    expect(other.headers.etag).not.toBe(r.headers.etag);
  });

  it('says the limit when the text is too long for the error-correction level', async () => {
    const text = 'x'.repeat(2000);
    expect((await t.app.inject(`/qr?text=${text}&ecc=L`)).statusCode).toBe(200);
    const r = await t.app.inject(`/qr?text=${text}&ecc=H`);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'INVALID_PARAMETER', param: 'text', limit: 1273 });
    expect(r.json().message).toBe('text is 2000 bytes; a QR code holds at most 1273 bytes at ecc=H (L holds the most: 2953)');
  });

  it('refuses bad colours, sizes and levels, naming the rule', async () => {
    expect((await t.app.inject('/qr?text=a&dark=red')).json()).toMatchObject({ param: 'dark', message: expect.stringContaining('hex RRGGBB') });
    expect((await t.app.inject('/qr?text=a&size=5000')).json()).toMatchObject({ param: 'size', message: 'size must be an integer from 64 to 2048' });
    expect((await t.app.inject('/qr?text=a&ecc=X')).json()).toMatchObject({ param: 'ecc', valid_values: ['L', 'M', 'Q', 'H'] });
    expect((await t.app.inject('/qr')).json()).toMatchObject({ param: 'text' });
  });
});

describe('GET /qr/upi', () => {
  it('builds the NPCI link, percent-encoded, with a two-decimal amount', async () => {
    const r = await t.app.inject('/qr/upi?pa=asha.stores@okaxis&pn=Asha%20Stores&am=149.5&tn=Order%2042&format=json');
    expect(r.json()).toEqual({
      status: 'ok',
      link: 'upi://pay?pa=asha.stores%40okaxis&pn=Asha%20Stores&am=149.50&tn=Order%2042&cu=INR',
      pa: 'asha.stores@okaxis',
      pn: 'Asha Stores',
      am: '149.50',
      tn: 'Order 42',
      cu: 'INR',
    });
  });

  it('draws the link as a QR code that decodes to it', async () => {
    const r = await t.app.inject('/qr/upi?pa=asha.stores@okaxis&pn=Asha%20Stores&am=10');
    expect(r.headers['content-type']).toBe('image/png');
    expect(decode(r.rawPayload)).toBe('upi://pay?pa=asha.stores%40okaxis&pn=Asha%20Stores&am=10.00&cu=INR');
  });

  it('refuses a malformed UPI id, an amount out of range, and other currencies', async () => {
    expect((await t.app.inject('/qr/upi?pa=not-a-vpa&pn=A')).json()).toMatchObject({ param: 'pa', message: expect.stringContaining('name@bank') });
    expect((await t.app.inject('/qr/upi?pa=ab@okaxis&pn=A&am=0')).json()).toMatchObject({
      param: 'am',
      message: 'am must be an amount from 0.01 to 500000 rupees, with at most two decimals',
    });
    expect((await t.app.inject('/qr/upi?pa=ab@okaxis&pn=A&am=12.345')).json()).toMatchObject({ param: 'am' });
    expect((await t.app.inject('/qr/upi?pa=ab@okaxis&pn=A&cu=USD')).json()).toMatchObject({ param: 'cu', valid_values: ['INR'] });
  });
});

describe('/qr and /qr/upi answers as /openapi.json documents them', () => {
  it('answers the UPI link (format=json) as upi.ts built it, every field documented', async () => {
    const full = await answers.check(t.app, '/qr/upi?pa=asha.stores@okaxis&pn=Asha%20Stores&am=149.5&tn=Order%2042&format=json');
    expect(full).toMatchObject({ serialized: true, body: { am: '149.50', tn: 'Order 42' } });
    const bare = await answers.check(t.app, '/qr/upi?pa=asha.stores@okaxis&pn=Asha%20Stores&format=json');
    expect(bare).toMatchObject({ serialized: true, body: { am: null, tn: null } });
  });

  it.each(['/qr?text=hello', '/qr?text=hello&format=svg', '/qr/upi?pa=ab@okaxis&pn=A', '/qr/upi?pa=ab@okaxis&pn=A&format=svg'])(
    'answers %s in a documented media type',
    async (url) => {
      const res = await answers.media(t.app, url);
      expect(res.rawPayload.length).toBeGreaterThan(100);
    },
  );
});
