// Issue 44's newcomer, walked again as one visit: a fresh instance on a machine without internet
// (an empty SQLite file in a temporary folder, the in-memory cache, its jobs scheduled as a plain
// start schedules them, every upstream on a closed port of 127.0.0.1), asked the calls the issue
// lists, point by point, in its order. Each answer is held to what the issue's "What to build"
// says. The day is the fixture clock's (25 Nov 2026 in India), so "this month" is November 2026
// on any day this runs. The modules' own tests hold the details; this holds the walk.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { testApp } from './helpers/app.js';
import { fixtureClock } from './helpers/clock.js';
import { offlineUpstreams, ROOT } from './helpers/server-process.js';

const CLOSED = '127.0.0.1:9';
const BIRTH = 'year=1990&month=5&day=15&hour=10&min=30';
const DELHI_BIRTH = `lat=28.6139&lon=77.209&${BIRTH}`;
const HTML = { accept: 'text/html' };

interface Line {
  level: number;
  msg: string;
}

let t: Awaited<ReturnType<typeof testApp>>;
let dir: string;
let closed = false;
const lines: Line[] = [];
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'jankari-newcomer-'));
  t = await testApp(
    { ...offlineUpstreams(), DATABASE_URL: `sqlite:${join(dir, 'jankari.db')}`, SCHEDULER_ENABLED: 'true', LOG_LEVEL: 'info' },
    { now: fixtureClock(), logLevel: 'info', logStream: { write: (s: string) => lines.push(JSON.parse(s)) } },
  );
  // A newcomer's first minute: every start-up catch-up has tried its upstream once and failed
  // (nothing answers on the closed port), or has ended. No figure of time is asserted.
  const until = Date.now() + 240_000;
  const settled = () => t.ctx.loads.list().every((l) => l.state !== 'waiting' && (l.state !== 'loading' || t.ctx.scheduler.retryAt(l.name) !== undefined));
  while (!settled() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
}, 300_000);

afterAll(async () => {
  if (!closed) await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('1. a typo in a parameter name', () => {
  it('/panchang?dat=… is a 400 naming dat and date, not today’s panchang', async () => {
    const r = await get('/panchang?dat=2026-11-08&city=delhi');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'INVALID_PARAMETER', param: 'dat', suggestion: 'date' });
    expect(r.json().message).toBe('dat is not a parameter of /panchang; did you mean date?');
  });

  it('/astro?…&ayanamsha=raman is a 400 naming the real parameter, ayanamsa', async () => {
    const r = await get(`/astro?${DELHI_BIRTH}&ayanamsha=raman`);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'INVALID_PARAMETER', param: 'ayanamsha', suggestion: 'ayanamsa' });
    // …and the name it meant is taken as written.
    const raman = await get(`/astro?${DELHI_BIRTH}&ayanamsa=raman&needs=lagna`);
    expect(raman.statusCode).toBe(200);
    expect(raman.json().settings.ayanamsa).toBe('raman');
  });

  it('an unknown name that is no typo still answers, and is named in warnings and X-Ignored-Params', async () => {
    const r = await get('/panchang?date=2026-11-08&city=delhi&utm_source=newsletter');
    expect(r.statusCode).toBe(200);
    expect(r.json().date).toBe('2026-11-08');
    expect(r.headers['x-ignored-params']).toBe('utm_source');
    expect(JSON.stringify(r.json().warnings)).toContain('utm_source');
  });

  it('an unknown path says which one was meant', async () => {
    const r = await get('/weathr');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 'NOT_FOUND', suggestion: '/weather' });
    expect(r.json().message).toContain('did you mean /weather?');
    // The issue's "/festivals" is the name a newcomer guesses for /panchang/festivals.
    expect((await get('/festivals')).json()).toMatchObject({ code: 'NOT_FOUND', suggestion: '/panchang/festivals' });
  });
});

describe('2. one place vocabulary', () => {
  it.each(['varanasi', 'new%20delhi', 'bombay', 'bengaluru'])('/panchang?city=%s answers', async (city) => {
    const r = await get(`/panchang?city=${city}`);
    expect(r.statusCode).toBe(200);
    expect(r.json().place.timezone).toBe('+05:30');
  });

  it('an unknown city is the same 400 with suggestions on every endpoint that takes a place', async () => {
    const paths = ['/panchang', '/weather', '/aqi', '/fuel', '/commodities', `/astro?${BIRTH}`];
    const answers = await Promise.all(paths.map((p) => get(`${p}${p.includes('?') ? '&' : '?'}city=varansi`)));
    for (const [i, r] of answers.entries()) {
      expect(r.statusCode, paths[i]).toBe(400);
      expect(r.json(), paths[i]).toMatchObject({ code: 'INVALID_PARAMETER', param: 'city' });
      // /commodities suggests its own priced places (docs/decisions/places-vocabulary.md): the names worth sending back there.
      expect(r.json().suggestions.join(' '), paths[i]).toMatch(/^Varanasi\b/);
      expect(r.json().message, paths[i]).toContain('unknown place "varansi"; did you mean Varanasi');
    }
  });

  it('takes lat and lon where it takes a city', async () => {
    const p = await get('/panchang?date=2026-11-08&lat=25.3176&lon=82.9739');
    expect(p.statusCode).toBe(200);
    expect(p.json().place).toMatchObject({ latitude: 25.3176, longitude: 82.9739 });
    // Offline, /weather gets as far as its upstream: the place was accepted.
    const w = await get('/weather?lat=25.3176&lon=82.9739');
    expect(w.statusCode).toBe(502);
    expect(w.json().tried[0].host).toBe(CLOSED);
  });
});

describe('3. spellings people write', () => {
  const CANONICAL: Record<string, string> = {
    aswini: 'Ashwini',
    ashvini: 'Ashwini',
    moola: 'Mula',
    dhanishtha: 'Dhanishta',
    jyeshta: 'Jyeshtha',
    sravana: 'Shravana',
    satabhisha: 'Shatabhisha',
  };
  it.each(Object.entries(CANONICAL))('/astro/match takes %s (%s)', async (written, name) => {
    const r = await get(`/astro/match?boy_nakshatra=${written}&boy_pada=1&girl_nakshatra=rohini&girl_pada=2`);
    expect(r.statusCode).toBe(200);
    expect(r.json().boy.moon.nakshatra.name).toBe(name);
  });

  it('suggests the nearest name for one it cannot read', async () => {
    const r = await get('/astro/match?boy_nakshatra=aswni&boy_pada=1&girl_nakshatra=rohini&girl_pada=2');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ param: 'boy_nakshatra', suggestion: 'Ashwini' });
  });
});

describe('4. dates', () => {
  it('/train takes 2026-12-15 (asks its upstreams), as it takes 20261215; a date that is none is refused', async () => {
    for (const date of ['2026-12-15', '20261215']) {
      const r = await get(`/train?from=NDLS&to=BCT&date=${date}`);
      expect(r.statusCode, date).toBe(502);
      expect(r.json().tried.length, date).toBeGreaterThan(0);
    }
    const bad = await get('/train?from=NDLS&to=BCT&date=2026-13-45');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().param).toBe('date');
  });

  it('/numerology takes an ISO date of birth beside DD-MM-YYYY', async () => {
    const iso = await get('/numerology?name=Thomas+Cruise+Mapother&dob=1962-07-03&gender=M');
    const old = await get('/numerology?name=Thomas+Cruise+Mapother&dob=03-07-1962&gender=M');
    expect(iso.statusCode).toBe(200);
    expect(iso.json().core).toEqual(old.json().core);
  });

  it('/panchang/month and /panchang/festivals default to this month and year in India', async () => {
    const month = await get('/panchang/month?city=delhi');
    expect(month.statusCode).toBe(200);
    expect(month.json()).toMatchObject({ year: 2026, month: 11 });
    const festivals = await get('/panchang/festivals?city=delhi');
    expect(festivals.statusCode).toBe(200);
    expect(festivals.json().year).toBe(2026);
  });
});

describe('5. offline answers keep what is known', () => {
  it('/gst answers the local decoding, the registry marked unreachable and why', async () => {
    const r = await get('/gst?number=27AAPFU0939F1ZV');
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b.decoded).toMatchObject({
      state_code: '27',
      state: 'Maharashtra',
      pan: 'AAPFU0939F',
      entity_number: '1',
      check_digit: 'V',
      check_digit_valid: true,
    });
    // The PAN's fourth letter, F: a firm or LLP.
    expect(b.decoded.entity_type).toBe('Firm / LLP');
    expect(b.registry.status).toBe('unreachable');
    expect(b.registry.error.message).toContain(CLOSED);
    expect(b.missing.map((m: { part: string }) => m.part)).toContain('profile');
  });

  it('/gst/pan without a provider is 503 NOT_CONFIGURED naming the settings', async () => {
    const r = await get('/gst/pan?pan=AAPFU0939F');
    expect(r.statusCode).toBe(503);
    expect(r.json()).toMatchObject({ code: 'NOT_CONFIGURED', settings: ['GST_CASHFREE_CLIENT_ID', 'GST_CASHFREE_CLIENT_SECRET'] });
    expect(r.json().hint).toContain('GST_CASHFREE_CLIENT_ID');
    expect(r.json().message).not.toMatch(/upstream failed/);
  });

  it('/vehicle names the RTO office of a listed code', async () => {
    const r = await get('/vehicle?number=KA01AB1234');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ rto_code: 'KA01', rto: { office: 'Koramangala', city: 'Bengaluru', district: 'Bengaluru Urban' } });
  });
});

describe('6. data downloaded at first start', () => {
  it.each([
    ['/ifsc/search?bank=SBIN&city=kolkata', 'ifsc-import'],
    ['/train/stations?q=delhi', 'train-stations'],
  ])('%s is a 503 that says how to seed it from a file', async (url, job) => {
    const r = await get(url);
    expect(r.statusCode).toBe(503);
    expect(r.json()).toMatchObject({ code: 'NOT_READY', job });
    expect(r.json().hint).toContain(`npm run import -- ${job} --file`);
  });
});

describe('7. the landing page offline', () => {
  it('opens with astro chart, matching and panchang, and those examples answer offline', async () => {
    const page = (await get('/', HTML)).body;
    const list = page.match(/<ul class="calls">([\s\S]*?)<\/ul>/)![1]!;
    const examples = [...list.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    expect(examples.map((e) => e.split('?')[0])).toEqual(['/astro/chart', '/astro/match', '/panchang', '/weather']);
    for (const e of examples.slice(0, 3)) expect((await get(e)).statusCode, e).toBe(200);
    // The fourth says it needs internet, and offline it says which host it could not reach.
    expect(list).toContain('needs internet');
    expect((await get(examples[3]!)).json().tried[0].host).toBe(CLOSED);
  });

  it('the price charts’ status says nothing was ever stored, never "stored data kept"', async () => {
    for (const url of ['/fuel/status', '/commodities/latest']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(200);
      expect(r.json().last_success, url).toBeNull();
      expect(JSON.stringify(r.json()), url).not.toContain('stored data kept');
    }
  });
});

describe('8. honest states', () => {
  it('lang=hi&format=png draws Hindi, not the English picture under a Hindi label', async () => {
    const hi = await get(`/astro/chart?${DELHI_BIRTH}&format=png&lang=hi`);
    const en = await get(`/astro/chart?${DELHI_BIRTH}&format=png&lang=en`);
    expect(hi.statusCode).toBe(200);
    expect(hi.headers['content-type']).toBe('image/png');
    expect(hi.headers['content-language']).toBe('hi');
    expect(hi.headers['x-language-fallback']).toBeUndefined();
    expect(hi.rawPayload.equals(en.rawPayload)).toBe(false);
  });

  it('/health lists each failing start-up job as retrying with its error, never loading with no error', async () => {
    const loads = (await get('/health')).json().loads as { name: string; state: string; error: string | null; next_try: string | null }[];
    const failing = loads.filter((l) => l.state !== 'ready');
    expect(failing.map((l) => l.name)).toEqual(expect.arrayContaining(['fuel-crawl', 'ifsc-import', 'train-stations']));
    for (const l of failing) {
      expect(l.state, l.name).toBe('retrying');
      expect(l.error, l.name).toBeTruthy();
      expect(Number.isNaN(Date.parse(l.next_try ?? ''))).toBe(false);
    }
  });

  it('the iCalendar lists Janmashtami once on its day, naming both schools', async () => {
    const ics = (await get('/panchang/festivals?city=delhi&year=2026&format=ics')).body.replace(/\r\n[ \t]/g, '');
    const events = ics.split('BEGIN:VEVENT').slice(1);
    const days = events.filter((e) => /^SUMMARY:.*Janmashtami/m.test(e)).map((e) => e.match(/^DTSTART[^:]*:(\d{8})/m)![1]);
    expect(days.length).toBeGreaterThan(0);
    expect(new Set(days).size).toBe(days.length);
  });

  it('Janmashtami’s month is named in the count its month system says', async () => {
    const f = (await get('/panchang/festivals?city=delhi&year=2026')).json().festivals as { id: string; month_system: string; lunar_month: string }[];
    const j = f.filter((x) => x.id === 'janmashtami');
    expect(j.length).toBeGreaterThan(0);
    for (const x of j) expect(x.lunar_month).toBe(`Bhadrapada (${x.month_system})`);
  });

  it('the landing page and the README give the same fuel coverage', async () => {
    const page = (await get('/', HTML)).body;
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const coverage = '33 states and union territories and 13 cities (46 locations)';
    expect(page).toContain(coverage);
    expect(readme).toContain(coverage);
  });
});

describe('9. smaller things', () => {
  it('/fetch of a loopback address names FETCH_ALLOW_HOSTS', async () => {
    const r = await get(`/fetch?url=${encodeURIComponent(`http://${CLOSED}/`)}`);
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('BLOCKED_URL');
    expect(r.json().hint).toContain('FETCH_ALLOW_HOSTS');
  });

  it('/search?q=x says its rule once', async () => {
    const r = await get('/search?q=x');
    expect(r.statusCode).toBe(400);
    const text = r.json().error as string;
    expect(text.match(/2 to 400/g)).toHaveLength(1);
    expect(text.match(/characters/g)).toHaveLength(1);
  });

  it('the dead commodity parameter is in neither /docs nor the landing form', async () => {
    expect((await get('/', HTML)).body).not.toMatch(/name="commodity"/);
    expect((await get('/docs', HTML)).body).not.toMatch(/<code>commodity<\/code>/);
  });

  it('HOST defaults to this machine only, and logs are readable on a terminal by default', () => {
    const config = loadConfig({});
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.LOG_FORMAT).toBe('auto');
  });
});

describe('8. at shutdown', () => {
  it('logs a job that never loaded as not loaded, never as loaded', async () => {
    const never = t.ctx.loads
      .list()
      .filter((l) => l.state !== 'ready')
      .map((l) => l.name);
    expect(never.length).toBeGreaterThan(0);
    await t.close();
    closed = true;
    const msgs = lines.map((l) => l.msg);
    for (const job of never) {
      expect(msgs, job).not.toContain(`${job} loaded`);
      expect(msgs, job).toContain(`${job} not loaded: the server stopped first`);
    }
  });
});
