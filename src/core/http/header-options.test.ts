// Options as headers, read as their query parameters: a list parameter, switches, aliases,
// and the refusal of an alias whose parameter the route lacks.

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandlers } from './error-handler.js';
import { headerOf, headerOptions } from './header-options.js';

const Query = {
  type: 'object',
  properties: {
    url: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' }, description: 'selectors' },
    deep: { type: 'string', enum: ['0', '1'], default: '0', description: 'read deeper' },
    limit: { type: 'integer', minimum: 1, maximum: 9, default: 3, description: 'how many' },
  },
  required: ['url'],
};

async function appWith(aliases: Parameters<typeof headerOptions>[2]) {
  const opts = headerOptions(Query, ['url'], aliases);
  const app = Fastify({ ajv: { customOptions: { coerceTypes: 'array', useDefaults: true } } });
  installErrorHandlers(app);
  app.get('/x/*', { schema: { headers: opts.schema } }, async (req) => opts.query(req, { url: 'u' }));
  await app.ready();
  return app;
}

describe('headerOptions', () => {
  it('names each parameter X-<name> with dashes, and documents the defaults', () => {
    expect(headerOf('wait_for')).toBe('x-wait-for');
    const { schema } = headerOptions(Query, ['url'], []);
    expect(Object.keys(schema.properties)).toEqual(['x-tags', 'x-deep', 'x-limit']);
    expect(schema.properties['x-deep']).toMatchObject({ enum: ['1', '0', 'true', 'false'], description: 'the query parameter deep (default 0): read deeper' });
  });

  it('reads switches as 1/0, numbers and lists as the query would, and fills defaults', async () => {
    const app = await appWith([]);
    const r = await app.inject({ url: '/x/a', headers: { 'x-deep': 'true', 'x-limit': '5', 'x-tags': 'main, .post' } });
    expect(r.json()).toEqual({ url: 'u', deep: '1', limit: 5, tags: ['main, .post'] });
    expect((await app.inject({ url: '/x/a' })).json()).toEqual({ url: 'u', deep: '0', limit: 3 });
    await app.close();
  });

  it('reads an alias, lets the exact name win, and adds to a list', async () => {
    const app = await appWith([
      { header: 'x-count', param: 'limit', description: 'another name' },
      { header: 'x-with-more', param: 'tags', value: (v) => (v === 'true' ? 'more' : undefined), adds: true, description: 'adds more' },
    ]);
    expect((await app.inject({ url: '/x/a', headers: { 'x-count': '7' } })).json().limit).toBe(7);
    expect((await app.inject({ url: '/x/a', headers: { 'x-count': '7', 'x-limit': '2' } })).json().limit).toBe(2);
    expect((await app.inject({ url: '/x/a', headers: { 'x-with-more': 'true' } })).json().tags).toEqual(['more']);
    await app.close();
  });

  it('refuses an alias of a parameter the route does not take, naming the header', async () => {
    const app = await appWith([{ header: 'x-target-selector', param: 'include', description: 'selectors' }]);
    const r = await app.inject({ url: '/x/a', headers: { 'x-target-selector': 'main' } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'INVALID_PARAMETER', param: 'x-target-selector', message: expect.stringMatching(/not supported by this server/) });
    await app.close();
  });
});
