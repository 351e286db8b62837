// Framework-level refusals, seen on a real socket as a client sees them: the documented JSON
// shape, and `Connection: close` whenever the server closes the socket.

import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { frameworkError } from './client-errors.js';

let close: () => Promise<void>;
let port = 0;

beforeAll(async () => {
  const t = await testApp();
  close = t.close;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => close());

/** Sends raw bytes and reads until the server closes the socket. */
function raw(request: string | Buffer): Promise<{ status: number; headers: Record<string, string>; body: string; rest: string }> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1');
    let data = '';
    s.on('data', (d) => (data += d));
    s.on('error', reject);
    s.on('end', () => {
      const [head, body = '', ...more] = data.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body, rest: more.join('\r\n\r\n') });
      s.destroy();
    });
    s.write(request);
  });
}

describe('requests refused before routing', () => {
  it('answers a request line over 16 KiB with a 431 JSON error and Connection: close', async () => {
    const res = await raw(`GET /numerology?name=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers.connection).toBe('close');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(res.body)).toMatchObject({ status: 'error', code: 'HEADERS_TOO_LARGE' });
  });

  it('answers a malformed request with a 400 JSON error and Connection: close', async () => {
    const res = await raw('GET / HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(res.body)).toMatchObject({ status: 'error', code: 'BAD_REQUEST' });
  });

  it('ignores a large GET body and keeps the keep-alive connection for the next request', async () => {
    const body = Buffer.alloc(1_100_000, 'a');
    const first = `GET /nowhere HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const res = await raw(Buffer.concat([Buffer.from(first), body, Buffer.from('GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')]));
    expect(res.status).toBe(404);
    expect(`${res.body}${res.rest}`).toMatch(/HTTP\/1.1 200[^]*"status":"ok"/);
  });

  it('gives answers refused before routing the nosniff and CORS headers every routed answer carries', async () => {
    const routed = await raw('GET /nowhere HTTP/1.1\r\nHost: x\r\nOrigin: https://a.example\r\nConnection: close\r\n\r\n');
    expect(routed.status).toBe(404);
    const refused = [
      await raw('GET /%ff HTTP/1.1\r\nHost: x\r\nOrigin: https://a.example\r\nConnection: close\r\n\r\n'),
      await raw(`GET /numerology?name=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
      await raw('GET / HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n'),
    ];
    expect(refused.map((r) => r.status)).toEqual([400, 431, 400]);
    for (const res of [routed, ...refused]) {
      expect(res.headers['x-content-type-options'], String(res.status)).toBe('nosniff');
      expect(res.headers['access-control-allow-origin'], String(res.status)).toBe('*');
      expect(res.headers['access-control-expose-headers'], String(res.status)).toBe(routed.headers['access-control-expose-headers']);
    }
    // The bad URL got a request id (Fastify made the request), as routed answers do.
    expect(refused[0].headers['x-request-id']).toMatch(/\S/);
  });

  it('allows a listed origin on a bad URL as on a routed answer, when CORS_ORIGIN lists origins', async () => {
    const t = await testApp({ CORS_ORIGIN: 'https://a.example' });
    try {
      for (const url of ['/%ff', '/nowhere']) {
        const listed = await t.app.inject({ url, headers: { origin: 'https://a.example' } });
        expect(listed.headers['access-control-allow-origin'], url).toBe('https://a.example');
        expect(String(listed.headers.vary), url).toContain('Origin');
        const other = await t.app.inject({ url, headers: { origin: 'https://evil.example' } });
        expect(other.headers['access-control-allow-origin'], url).toBeUndefined();
      }
    } finally {
      await t.close();
    }
  });

  it('maps the framework statuses a route can raise to catalog codes', () => {
    expect([408, 413, 414, 415, 431].map((s) => [s, frameworkError(s, 'x').code, frameworkError(s, 'x').statusCode])).toEqual([
      [408, 'REQUEST_TIMEOUT', 408],
      [413, 'PAYLOAD_TOO_LARGE', 413],
      [414, 'URI_TOO_LONG', 414],
      [415, 'BAD_REQUEST', 400],
      [431, 'HEADERS_TOO_LARGE', 431],
    ]);
  });
});
