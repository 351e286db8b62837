// A misspelt query parameter is refused with the name meant; other unknown names are named back
// (header and `warnings`); an unknown path gets "did you mean". Through the real app, for every
// route at once, and through an MCP tool call (which runs the same validator).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { astroModule } from '../../modules/astro/index.js';
import { callTool } from '../../mcp/call.js';
import { checkNames, intendedParam } from './param-names.js';
import { PathNames } from './path-names.js';

let t: Awaited<ReturnType<typeof testApp>>;
const get = (url: string) => t.app.inject({ url });

beforeAll(async () => {
  t = await testApp({}, { modules: [astroModule], now: () => new Date('2026-11-05T06:00:00Z') });
});
afterAll(() => t.close());

describe('query parameter names', () => {
  it('refuses a name one edit from a parameter of the route, naming both', async () => {
    const r = await get('/panchang?dat=2026-11-08&city=delhi');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({
      code: 'INVALID_PARAMETER',
      param: 'dat',
      suggestion: 'date',
      message: 'dat is not a parameter of /panchang; did you mean date?',
    });
  });

  it('refuses a swapped pair and two edits in a long name', async () => {
    const a = await get('/panchang?date=2026-11-08&city=delhi&ayanmasa=lahiri');
    expect(a.statusCode).toBe(400);
    expect(a.json()).toMatchObject({ param: 'ayanmasa', suggestion: 'ayanamsa' });
    const h = await get('/panchang?date=2026-11-08&city=delhi&ayanamsha=raman');
    expect(h.json()).toMatchObject({ param: 'ayanamsha', suggestion: 'ayanamsa' });
    const b = await get('/panchang?date=2026-11-08&cty=delhi');
    expect(b.json()).toMatchObject({ param: 'cty', suggestion: 'city' });
  });

  it('ignores an unknown name that is no typo, and says so in a header and in warnings', async () => {
    const r = await get('/panchang?date=2026-11-08&city=delhi&_=17&utm_source=mail');
    expect(r.statusCode).toBe(200);
    expect(r.headers['x-ignored-params']).toBe('_, utm_source');
    expect(r.headers['access-control-expose-headers']).toContain('x-ignored-params');
    expect(r.json().warnings).toEqual(['ignored unknown parameters: _, utm_source']);
    const clean = await get('/panchang?date=2026-11-08&city=delhi');
    expect(clean.headers['x-ignored-params']).toBeUndefined();
    expect(clean.json().warnings).toBeUndefined();
  });

  it('refuses a typo in an MCP tool call as it does over HTTP', async () => {
    const set = t.mcpTools();
    const tool = [...set.byName.values()].find((x) => x.path === '/panchang')!;
    const caller = { id: 'req-1', ip: '127.0.0.1', headers: {}, log: t.app.log, protocol: 'http', host: 'localhost:80' } as const;
    const answer = await callTool(set.runner, tool, { dat: '2026-11-08', city: 'delhi' }, caller);
    expect(answer.status).toBe(400);
    expect('error' in answer && answer.error).toMatchObject({ param: 'dat', suggestion: 'date' });
  });
});

describe('the allowance by length', () => {
  it('never takes a name under 3 characters for a typo', () => {
    expect(intendedParam('_', ['q'])).toBeUndefined();
    expect(intendedParam('qq', ['q'])).toBeUndefined();
    expect(intendedParam('cb', ['cb1'])).toBeUndefined();
  });
  it('takes one edit up to 4 characters and two beyond', () => {
    expect(intendedParam('dat', ['date', 'days'])).toBe('date');
    expect(intendedParam('dy', ['day'])).toBeUndefined();
    expect(intendedParam('lnog', ['long'])).toBe('long');
    expect(intendedParam('xyzw', ['date'])).toBeUndefined();
    expect(intendedParam('longtude', ['longitude'])).toBe('longitude');
    expect(intendedParam('lngtde', ['longitude'])).toBeUndefined();
  });
  it('only ignores a typo of a name also sent', () => {
    expect(checkNames(['dat', 'date'], ['date'])).toEqual({ typo: undefined, ignored: ['dat'] });
  });
});

describe('unknown paths', () => {
  it('suggests the path a typo away', async () => {
    const r = await get('/panchang/mnth');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 'NOT_FOUND', suggestion: '/panchang/month' });
    const far = await get('/nowhere-near');
    expect(far.json().suggestion).toBeUndefined();
  });

  it('suggests the one path under a group that a bare name (or its typo) ends, as a newcomer guesses /festivals', async () => {
    const r = await get('/festivals');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 'NOT_FOUND', suggestion: '/panchang/festivals' });
    expect(r.json().message).toBe('no endpoint at /festivals; did you mean /panchang/festivals? GET / lists them');
    expect((await get('/festival')).json().suggestion).toBe('/panchang/festivals');
  });

  it('guesses no group when several paths end in the name', () => {
    const paths = new PathNames();
    for (const p of ['/fuel', '/fuel/cities', '/commodities/cities', '/panchang/festivals', '/weather', '/fetch', '/astro/match']) paths.add(p);
    expect(paths.suggest('/cities')).toBeUndefined();
    expect(paths.suggest('/festivals')).toBe('/panchang/festivals');
    // A whole path a typo away still comes first; a deeper unknown path is not read by its last name.
    expect(paths.suggest('/weathr')).toBe('/weather');
    expect(paths.suggest('/x/festivals')).toBeUndefined();
    // …but a bare name one path ends in exactly beats a whole path two edits away.
    expect(paths.suggest('/match')).toBe('/astro/match');
  });
});
