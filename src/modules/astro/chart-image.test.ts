// /astro/chart: the drawn chart agrees with /astro's numbers for every book chart of the fixtures
// (fixtures/astro-book-charts.json), in every style, for D1 and D9; it is a valid standalone SVG
// (or the same drawing as PNG), the same bytes for the same query, and bad input gets /astro's errors.

import { readFileSync } from 'node:fs';
import { parseDocument } from 'htmlparser2';
import { findAll, getAttributeValue, textContent } from 'domutils';
import type { Element } from 'domhandler';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { documentedAnswers } from '../../../test/helpers/answers.js';
import { xmlTextFault } from '../../lib/xml/index.js';
import { drawPng, hasDevanagari, NO_DEVANAGARI_FALLBACK } from './draw/png.js';
import { isCombust, type ChartPicture } from './draw/picture.js';
import { astroModule } from './index.js';

const book = JSON.parse(readFileSync(new URL('./fixtures/astro-book-charts.json', import.meta.url), 'utf8'));

/** "18N26" / "89W47" → signed degrees. */
const dm = (s: string) => {
  const m = /^(\d+)([NSEW])(\d+)$/.exec(s)!;
  const v = Number(m[1]) + Number(m[3]) / 60;
  return m[2] === 'S' || m[2] === 'W' ? -v : v;
};
interface Birth {
  date: string;
  time: string;
  tz: string;
  lat?: string;
  lon?: string;
}
// Ex. 50/51 carries no place in the vector; golden.test.ts gives it the one the vector's ref names.
const birthQuery = (b: Birth) => {
  const [y, mo, d] = b.date.split('-').map(Number);
  const [h, mi] = b.time.split(':').map(Number);
  return `latitude=${dm(b.lat ?? '16N15')}&longitude=${dm(b.lon ?? '81E12')}&year=${y}&month=${mo}&day=${d}&hour=${h}&min=${mi}&tz=${encodeURIComponent(b.tz.slice(0, 6))}`;
};
const CHARTS: [string, Birth][] = [
  ['PVNR chart 6', book.ashtakavarga.PVNR_chart6.birth],
  ['Reagan chart 7', book.ashtakavarga.Reagan_chart7.birth],
  ...(book.vimsottari_balance_book as { ref: string; birth: Birth }[]).map((c) => [c.ref, c.birth] as [string, Birth]),
];
const DELHI_1990 = 'latitude=28.6139&longitude=77.209&year=1990&month=5&day=15&hour=10&min=30&tz=%2B05:30';
const NOW = new Date('2026-11-21T12:00:00Z');

let t: Awaited<ReturnType<typeof testApp>>;
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const answers = documentedAnswers();

beforeAll(async () => {
  t = await testApp({}, { modules: [astroModule], now: () => NOW, beforeReady: answers.record });
});
afterAll(() => t.close());

const elements = (svg: string, name: string) => findAll((e) => e.name === name, parseDocument(svg, { xmlMode: true }).children) as Element[];
const attr = (e: Element, k: string) => getAttributeValue(e, k);

type Pt = [number, number];
const inside = ([x, y]: Pt, poly: Pt[]) => {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
};

/** Each graha's (and the lagna's) drawn sign and house, read back from the data-* marks, checked to sit inside the box that says the same. */
function drawn(svg: string, transit = false) {
  const boxes = elements(svg, 'polygon').map((p) => ({
    house: Number(attr(p, 'data-house')),
    sign: Number(attr(p, 'data-sign')),
    poly: attr(p, 'points')!
      .split(' ')
      .map((xy) => xy.split(',').map(Number) as Pt),
  }));
  const out: Record<string, { sign: number; house: number; retrograde: boolean; combust: boolean }> = {};
  for (const e of elements(svg, 'text')) {
    const g = attr(e, 'data-graha');
    if (!g || (attr(e, 'data-transit') === 'true') !== transit) continue;
    const at: Pt = [Number(attr(e, 'x')), Number(attr(e, 'y')) - Number(attr(e, 'font-size')) * 0.36];
    const sign = Number(attr(e, 'data-sign'));
    const house = Number(attr(e, 'data-house'));
    const box = boxes.find((b) => inside(at, b.poly));
    expect(box, `${g} is drawn inside a box`).toBeDefined();
    expect([box!.sign, box!.house], `${g} sits in the box of its sign and house`).toEqual([sign, house]);
    expect(out[g], `${g} drawn once`).toBeUndefined();
    out[g] = { sign, house, retrograde: attr(e, 'data-retrograde') === 'true', combust: attr(e, 'data-combust') === 'true' };
  }
  return out;
}

const houseFrom = (sign: number, lagna: number) => ((sign - lagna + 12) % 12) + 1;

describe('GET /astro/chart against /astro, every book chart', () => {
  for (const [name, birth] of CHARTS) {
    for (const style of ['north', 'south', 'east']) {
      it(`${name}, ${style}: every graha is drawn in the sign and house /astro gives it, in D1 and D9`, async () => {
        const q = birthQuery(birth);
        const json = (await get(`/astro?${q}&needs=graha,lagna,d9`)).json();
        for (const varga of ['D1', 'D9']) {
          const r = await get(`/astro/chart?${q}&style=${style}&varga=${varga}`);
          expect(r.statusCode, r.body).toBe(200);
          const marks = drawn(r.body);
          const signOf = (g: string) => (varga === 'D1' ? (g === 'Lg' ? json.chart.lagna.Lg.rashi : json.chart.graha[g].rashi) : json.chart.varga.D9[g].rashi);
          const lagna = signOf('Lg');
          expect(Object.keys(marks).sort()).toEqual(['Ju', 'Ke', 'Lg', 'Ma', 'Me', 'Mo', 'Ra', 'Sa', 'Su', 'Ve']);
          for (const [g, m] of Object.entries(marks)) {
            expect([g, m.sign, m.house]).toEqual([g, signOf(g), houseFrom(signOf(g), lagna)]);
            if (g !== 'Lg' && g !== 'Ra' && g !== 'Ke') expect(m.retrograde, `${g} retrograde`).toBe(json.chart.graha[g].retrograde);
          }
          expect(r.body).toContain(`data-lagna-sign="${lagna}"`);
        }
      });
    }
  }
});

describe('GET /astro/chart drawing', () => {
  it('is a standalone SVG with a title, a description of every placement, and nothing fetched from outside', async () => {
    const r = await get(`/astro/chart?${DELHI_1990}&name=Asha`);
    expect(r.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    const svg = r.body;
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).not.toMatch(/href|@import|url\(|<image|<script|<foreignObject/i);
    expect(textContent(elements(svg, 'title')[0]!)).toContain('Asha');
    const desc = textContent(elements(svg, 'desc')[0]!);
    const json = (await get(`/astro?${DELHI_1990}&needs=graha,lagna`)).json();
    expect(desc).toContain(`Lagna: ${json.chart.lagna.Lg.rashi_name} (House 1).`);
    for (const g of Object.values(json.chart.graha) as { name: string; rashi: number }[]) {
      const house = houseFrom(g.rashi, json.chart.lagna.Lg.rashi);
      expect(desc).toMatch(new RegExp(`House ${house}, [A-Za-z]+: [^.]*${g.name}`));
    }
    // librsvg parses XML strictly: a malformed document would not rasterise.
    const meta = await sharp(Buffer.from(svg)).metadata();
    expect(meta.width).toBe(480);
  });

  it('prints the title line: name, birth moment, place and varga', async () => {
    const svg = (await get(`/astro/chart?${DELHI_1990}&name=Asha%20Rao&varga=D10`)).body;
    const title = elements(svg, 'g').find((g) => attr(g, 'data-part') === 'title')!;
    const text = textContent(title);
    expect(text).toContain('Asha Rao · D10 Dasamsa');
    expect(text).toContain('1990-05-15 10:30 +05:30');
    expect(text).toContain('28.614°N 77.209°E');
  });

  it('answers the same bytes for the same query, with a strong ETag, a 304 for it and an hour of caching', async () => {
    const url = `/astro/chart?${DELHI_1990}&style=south&degrees=1`;
    const a = await get(url);
    const b = await get(url);
    expect(b.body).toBe(a.body);
    expect(a.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(a.headers['cache-control']).toBe('public, max-age=3600');
    expect((await get(url, { 'if-none-match': String(a.headers.etag) })).statusCode).toBe(304);
  });

  it('prints degrees in degrees and minutes when degrees=1', async () => {
    const json = (await get(`/astro?${DELHI_1990}&needs=graha`)).json();
    const su = json.chart.graha.Su.degree as number;
    const svg = (await get(`/astro/chart?${DELHI_1990}&degrees=1`)).body;
    const text = elements(svg, 'text').find((e) => attr(e, 'data-graha') === 'Su')!;
    expect(textContent(text)).toContain(`Su ${Math.floor(su)}°${String(Math.floor((su % 1) * 60)).padStart(2, '0')}′`);
  });

  it('writes Hindi abbreviations with lang=hi', async () => {
    const r = await get(`/astro/chart?${DELHI_1990}&lang=hi&style=east`);
    expect(r.headers['content-language']).toBe('hi');
    const labels = Object.fromEntries(
      elements(r.body, 'text')
        .filter((e) => attr(e, 'data-graha'))
        .map((e) => [attr(e, 'data-graha'), textContent(e)]),
    );
    expect(labels.Su!.startsWith('सू')).toBe(true);
    expect(labels.Mo!.startsWith('चं')).toBe(true);
    expect(labels.Lg).toBe('ल');
    expect(textContent(elements(r.body, 'desc')[0]!)).toContain('लग्न');
  });

  it('marks combust grahas by the orbs of the decision record (Mercury 14°, 12° retrograde; the Sun never)', () => {
    expect(isCombust('Me', 113.9, 100, false)).toBe(true);
    expect(isCombust('Me', 113.9, 100, true)).toBe(false);
    expect(isCombust('Ve', 9.5, 359.9, false)).toBe(true);
    expect(isCombust('Sa', 116, 100, false)).toBe(false);
    expect(isCombust('Su', 100, 100, false)).toBe(false);
    expect(isCombust('Ra', 100, 100, false)).toBe(false);
  });

  it('marks a graha combust in the drawing when /astro puts it within its orb of the Sun', async () => {
    // PVNR chart 6: Mars at Gemini 13°32′, the Sun at Gemini 13°16′.
    const svg = (await get(`/astro/chart?${birthQuery(book.ashtakavarga.PVNR_chart6.birth)}`)).body;
    const marks = drawn(svg);
    expect(marks.Ma!.combust).toBe(true);
    expect(marks.Su!.combust).toBe(false);
    expect(marks.Ju!.combust).toBe(false);
  });
});

describe('GET /astro/chart transit overlay', () => {
  it('draws the grahas of now (the injected clock) in a second colour, in the signs /astro gives for that moment', async () => {
    const r = await get(`/astro/chart?${DELHI_1990}&transit=1`);
    expect(r.statusCode).toBe(200);
    // NOW is 2026-11-21 12:00 UTC = 17:30 at +05:30.
    const now = (await get(`/astro?latitude=28.6139&longitude=77.209&year=2026&month=11&day=21&hour=17&min=30&tz=%2B05:30&needs=graha`)).json();
    const natal = (await get(`/astro?${DELHI_1990}&needs=lagna`)).json();
    const marks = drawn(r.body, true);
    expect(Object.keys(marks).sort()).toEqual(['Ju', 'Ke', 'Ma', 'Me', 'Mo', 'Ra', 'Sa', 'Su', 'Ve']);
    for (const [g, m] of Object.entries(marks))
      expect([g, m.sign, m.house]).toEqual([g, now.chart.graha[g].rashi, houseFrom(now.chart.graha[g].rashi, natal.chart.lagna.Lg.rashi)]);
    expect(r.body).toContain('Transit 2026-11-21 17:30 +05:30');
    // It moves with the clock, so it is cached for minutes, not the hour a birth chart is.
    expect(r.headers['cache-control']).toBe('public, max-age=300');
  });

  it('takes transit_date as local time at the place (noon for a date alone)', async () => {
    const r = await get(`/astro/chart?${DELHI_1990}&transit=1&transit_date=2000-01-01&style=south`);
    const then = (await get(`/astro?latitude=28.6139&longitude=77.209&year=2000&month=1&day=1&hour=12&min=0&tz=%2B05:30&needs=graha`)).json();
    const marks = drawn(r.body, true);
    for (const [g, m] of Object.entries(marks)) expect([g, m.sign]).toEqual([g, then.chart.graha[g].rashi]);
    expect(r.body).toContain('Transit 2000-01-01 12:00 +05:30');
    expect(r.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('takes the birth place by name: the same drawing, transit included, as its coordinates', async () => {
    const at = (place: string) => get(`/astro/chart?${DELHI_1990.replace(/latitude=[^&]*&longitude=[^&]*/, place)}&transit=1&style=south`);
    const byName = await at('city=new%20delhi');
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.body).toBe((await at('latitude=28.65195&longitude=77.23149')).body);
  });
});

describe('GET /astro/chart as PNG', () => {
  it('rasterises the same drawing at the asked width', async () => {
    const r = await get(`/astro/chart?${DELHI_1990}&format=png&size=600`);
    expect(r.headers['content-type']).toBe('image/png');
    const meta = await sharp(r.rawPayload).metadata();
    expect([meta.format, meta.width]).toEqual(['png', 600]);
    const svg = (await get(`/astro/chart?${DELHI_1990}&size=600`)).body;
    expect(meta.height).toBe(Number(/height="(\d+)"/.exec(svg)![1]));
    const again = await get(`/astro/chart?${DELHI_1990}&format=png&size=600`);
    expect(again.rawPayload.equals(r.rawPayload)).toBe(true);
  });

  it('draws a Hindi PNG in Hindi with the shipped Devanagari font, whatever fonts the host has', async () => {
    const r = await get(`/astro/chart?${DELHI_1990}&format=png&lang=hi`);
    expect(r.statusCode).toBe(200);
    expect(await hasDevanagari()).toBe(true);
    expect(r.headers['content-language']).toBe('hi');
    expect(r.headers['x-language-fallback']).toBeUndefined();
    expect(r.headers['access-control-expose-headers']).toContain('x-language-fallback');
    // Not the English picture under a Hindi label.
    const en = await get(`/astro/chart?${DELHI_1990}&format=png&lang=en`);
    expect(r.rawPayload.equals(en.rawPayload)).toBe(false);
  });

  it('says why a Hindi PNG is drawn in English without a Devanagari font, and says nothing when one is there', async () => {
    const svg = (await get(`/astro/chart?${DELHI_1990}&lang=hi`)).headers;
    expect(svg['x-language-fallback']).toBeUndefined();
    const pic: ChartPicture = {
      style: 'north',
      varga: 'D1',
      lang: 'hi',
      degrees: false,
      birth: { datetime: '1990-05-15 10:30:00', timezone: '+05:30' },
      latitude: 28.6139,
      longitude: 77.209,
      lagnaSign: 4,
      grahas: [{ id: 'Su', sign: 2, degree: 0.5, retrograde: false, combust: false }],
    };
    const without = await drawPng(pic, 240, async () => false);
    expect(without).toMatchObject({ lang: 'en', fallback: NO_DEVANAGARI_FALLBACK });
    const withFont = await drawPng(pic, 240, async () => true);
    expect(withFont.lang).toBe('hi');
    expect(withFont.fallback).toBeUndefined();
  });

  it.each(['', '&format=png'])('answers in the documented media type (%s)', async (extra) => {
    const res = await answers.media(t.app, `/astro/chart?${DELHI_1990}${extra}`);
    expect(res.rawPayload.length).toBeGreaterThan(1000);
  });
});

// Issue 42: 1,200 PNG charts at 2,400 px sent at once took the instance to 1.35 GB. PNGs now take
// one of the app's raster slots (RASTER_CONCURRENCY) for their making, and a burst beyond the
// queue (RASTER_QUEUE_MAX) is told to come back: 503 with Retry-After, not an unbounded wait.
describe('GET /astro/chart as PNG under a burst', () => {
  let busy: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    busy = await testApp({ RASTER_CONCURRENCY: '1', RASTER_QUEUE_MAX: '1' }, { modules: [astroModule], now: () => NOW });
  });
  afterAll(() => busy.close());

  it('draws one at a time, lets one wait, and answers the rest 503 with Retry-After (an SVG needs no slot)', async () => {
    const png = (i: number) => busy.app.inject({ url: `/astro/chart?${DELHI_1990.replace('min=30', `min=${i}`)}&format=png&size=240` });
    const svg = busy.app.inject({ url: `/astro/chart?${DELHI_1990}` });
    const answers = await Promise.all([png(1), png(2), png(3), png(4), svg]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 503, 503, 200]);
    for (const r of answers.slice(2, 4)) {
      expect(r.headers['retry-after']).toBe('5');
      expect(r.json()).toMatchObject({ status: 'error', code: 'NOT_READY' });
      expect(r.json().message).toMatch(/^all 1 image rasterisations are busy and 1 requests wait; try again shortly/);
    }
    // Once the burst is over, the slot is free again.
    expect((await png(5)).statusCode).toBe(200);
    expect([busy.ctx.raster.busy, busy.ctx.raster.waiting]).toEqual([0, 0]);
  });
});

describe('GET /astro/chart input', () => {
  const bad: [string, string, string][] = [
    ['month 13', DELHI_1990.replace('month=5', 'month=13'), 'month'],
    ['31 February', DELHI_1990.replace('month=5&day=15', 'month=2&day=31'), 'day'],
    ['a missing longitude', DELHI_1990.replace('&longitude=77.209', ''), 'longitude'],
    ['a tz with 75 minutes', DELHI_1990.replace('tz=%2B05:30', 'tz=%2B05:75'), 'tz'],
    ['an unknown style', `${DELHI_1990}&style=west`, 'style'],
    ['an unknown varga', `${DELHI_1990}&varga=D5`, 'varga'],
    ['a size below 240', `${DELHI_1990}&size=100`, 'size'],
    ['a size above 2400', `${DELHI_1990}&size=5000`, 'size'],
    ['an unknown lang', `${DELHI_1990}&lang=ta`, 'lang'],
    ['a transit_date in month 13', `${DELHI_1990}&transit=1&transit_date=2026-13-01`, 'transit_date'],
    ['a transit_date of 30 February', `${DELHI_1990}&transit=1&transit_date=2026-02-30`, 'transit_date'],
    ['a transit_date at hour 24', `${DELHI_1990}&transit=1&transit_date=2026-02-03T24:00`, 'transit_date'],
  ];
  for (const [what, q, param] of bad) {
    it(`rejects ${what} with a 400 naming ${param}`, async () => {
      const r = await get(`/astro/chart?${q}`);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ status: 'error', code: 'INVALID_PARAMETER', param });
    });
  }

  // Issue 42: a name with U+FFFE or U+FFFF was a 500 as PNG (librsvg refuses the SVG) and an SVG
  // no XML parser reads. Every character XML 1.0 does not allow, and the C1 controls, are a 400.
  const refused: [string, string, string][] = [
    ['U+FFFE', '%EF%BF%BE', 'a noncharacter'],
    ['U+FFFF', '%EF%BF%BF', 'a noncharacter'],
    ['U+0085 (a C1 control)', '%C2%85', 'a C1 control character'],
  ];
  for (const format of ['svg', 'png']) {
    for (const [what, encoded, kind] of refused) {
      it(`refuses a name carrying ${what} with a 400 naming name (format=${format})`, async () => {
        const r = await get(`/astro/chart?${DELHI_1990}&format=${format}&name=Asha${encoded}Rao`);
        expect(r.statusCode).toBe(400);
        expect(r.json()).toMatchObject({ code: 'INVALID_PARAMETER', param: 'name', position: 5 });
        expect(r.json().message).toContain(kind);
      });
    }
  }

  it('draws a name of any script, emoji included, and keeps the SVG free of characters XML refuses', async () => {
    const name = 'आशा 😀 Ñandú';
    const r = await get(`/astro/chart?${DELHI_1990}&name=${encodeURIComponent(name)}`);
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain(name);
    expect(xmlTextFault(r.body)).toBeUndefined();
    const png = await get(`/astro/chart?${DELHI_1990}&format=png&size=240&name=${encodeURIComponent(name)}`);
    expect(png.statusCode).toBe(200);
  });

  it("answers the birth fields' errors exactly as /astro does", async () => {
    for (const q of [
      DELHI_1990.replace('month=5', 'month=13'),
      DELHI_1990.replace('&longitude=77.209', ''),
      DELHI_1990.replace('month=5&day=15', 'month=2&day=31'),
    ]) {
      const a = await get(`/astro?${q}`);
      const c = await get(`/astro/chart?${q}`);
      expect(c.statusCode).toBe(a.statusCode);
      expect({ ...c.json(), request_id: undefined }).toEqual({ ...a.json(), request_id: undefined });
    }
  });
});
