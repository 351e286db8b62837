import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { corsOrigins, installResponseHeaders } from './response-headers.js';

async function server(setting: string) {
  const app = Fastify({ genReqId: () => 'req-1' });
  installResponseHeaders(app, corsOrigins(setting));
  app.get('/x', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return app;
}

describe('headers on every answer', () => {
  it('carry the request id and allow any origin by default, errors included', async () => {
    const app = await server('*');
    for (const url of ['/x', '/boom', '/nowhere']) {
      const r = await app.inject({ url, headers: { origin: 'https://a.example' } });
      expect(r.headers['x-request-id'], url).toBe('req-1');
      expect(r.headers['access-control-allow-origin'], url).toBe('*');
      expect(r.headers['access-control-expose-headers'], url).toContain('retry-after');
      expect(r.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('allow only the listed origins, and say the answer varies by origin', async () => {
    const app = await server('https://a.example, https://b.example');
    const listed = await app.inject({ url: '/x', headers: { origin: 'https://b.example' } });
    expect(listed.headers['access-control-allow-origin']).toBe('https://b.example');
    expect(listed.headers.vary).toContain('Origin');
    const other = await app.inject({ url: '/x', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers.vary).toContain('Origin');
  });

  it('answer a preflight on any path with the read-only methods and the headers asked for', async () => {
    const app = await server('*');
    const r = await app.inject({
      method: 'OPTIONS',
      url: '/x',
      headers: { origin: 'https://a.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
    });
    expect(r.statusCode).toBe(204);
    expect(r.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    expect(r.headers['access-control-allow-headers']).toBe('x-api-key');
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(Number(r.headers['access-control-max-age'])).toBeGreaterThan(0);
  });

  it('answer a plain OPTIONS with what is allowed', async () => {
    const app = await server('*');
    const r = await app.inject({ method: 'OPTIONS', url: '/anything' });
    expect(r.statusCode).toBe(204);
    expect(r.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(r.headers['access-control-allow-methods']).toBeUndefined();
  });
});
