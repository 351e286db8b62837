import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/helpers/app.js';
import { documentedAnswers } from '../../../../test/helpers/answers.js';
import { findTown } from '../../../lib/places/index.js';
import { astroModule } from '../index.js';

const BOY_BIRTH = 'boy_latitude=28.6139&boy_longitude=77.209&boy_year=1990&boy_month=5&boy_day=15&boy_hour=10&boy_min=30&boy_tz=%2B05:30';
const GIRL_BIRTH = 'girl_latitude=19.076&girl_longitude=72.8777&girl_year=1992&girl_month=2&girl_day=3&girl_hour=6&girl_min=10&girl_tz=%2B05:30';
const ASTRO = 'latitude=28.6139&longitude=77.209&year=1990&month=5&day=15&hour=10&min=30&tz=%2B05:30';
const STARS = 'boy_nakshatra=4&boy_pada=2&girl_nakshatra=13&girl_pada=3';

let t: Awaited<ReturnType<typeof testApp>>;
const get = (url: string) => t.app.inject({ url });
const answers = documentedAnswers();

beforeAll(async () => {
  t = await testApp({}, { modules: [astroModule], now: () => new Date('2026-11-21T12:00:00Z'), beforeReady: answers.record });
});
afterAll(() => t.close());

describe('GET /astro/match input', () => {
  // The /astro parameter that fails, and the same failure with the boy_ prefix.
  const same: [string, string, string, string][] = [
    ['month 13', ASTRO.replace('month=5', 'month=13'), BOY_BIRTH.replace('boy_month=5', 'boy_month=13'), 'month'],
    ['31 February', ASTRO.replace('month=5&day=15', 'month=2&day=31'), BOY_BIRTH.replace('boy_month=5&boy_day=15', 'boy_month=2&boy_day=31'), 'day'],
    ['hour 24', ASTRO.replace('hour=10', 'hour=24'), BOY_BIRTH.replace('boy_hour=10', 'boy_hour=24'), 'hour'],
    ['latitude beyond 90', ASTRO.replace('latitude=28.6139', 'latitude=91'), BOY_BIRTH.replace('boy_latitude=28.6139', 'boy_latitude=91'), 'latitude'],
    ['a tz without a colon', ASTRO.replace('tz=%2B05:30', 'tz=%2B0530'), BOY_BIRTH.replace('boy_tz=%2B05:30', 'boy_tz=%2B0530'), 'tz'],
    ['a tz with 75 minutes', ASTRO.replace('tz=%2B05:30', 'tz=%2B05:75'), BOY_BIRTH.replace('boy_tz=%2B05:30', 'boy_tz=%2B05:75'), 'tz'],
    ['a missing longitude', ASTRO.replace('&longitude=77.209', ''), BOY_BIRTH.replace('&boy_longitude=77.209', ''), 'longitude'],
    ['a missing minute', ASTRO.replace('&min=30', ''), BOY_BIRTH.replace('&boy_min=30', ''), 'min'],
  ];
  for (const [what, astro, match, param] of same) {
    it(`rejects ${what} with the /astro message for boy_${param}`, async () => {
      const a = (await get(`/astro?${astro}`)).json();
      const r = await get(`/astro/match?${match}&${GIRL_BIRTH}`);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ status: 'error', code: 'INVALID_PARAMETER', param: `boy_${param}` });
      expect(r.json().message).toBe(a.message.replace(new RegExp(`\\b(${param}|lat|lon)\\b`, 'g'), 'boy_$1'));
    });
  }

  it('rejects an unknown ayanamsa as /astro does', async () => {
    const r = await get(`/astro/match?${STARS}&ayanamsa=fagan`);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ param: 'ayanamsa', valid_values: expect.arrayContaining(['lahiri', 'raman']) });
  });

  const bad: [string, string, string][] = [
    ['a nakshatra 28', STARS.replace('boy_nakshatra=4', 'boy_nakshatra=28'), 'boy_nakshatra'],
    ['an unknown nakshatra name', STARS.replace('boy_nakshatra=4', 'boy_nakshatra=Abhijit'), 'boy_nakshatra'],
    ['pada 5', STARS.replace('girl_pada=3', 'girl_pada=5'), 'girl_pada'],
    ['a nakshatra without its pada', STARS.replace('&girl_pada=3', ''), 'girl_pada'],
    ['no girl at all', 'boy_nakshatra=4&boy_pada=2', 'girl_nakshatra'],
    ['a nakshatra and birth data for one partner', `${STARS}&boy_year=1990`, 'boy_nakshatra'],
    ['a_/b_ without a role', 'a_nakshatra=4&a_pada=2&b_nakshatra=13&b_pada=3', 'a_role'],
    ['both roles the same', 'a_nakshatra=4&a_pada=2&b_nakshatra=13&b_pada=3&a_role=boy&b_role=boy', 'b_role'],
    ['boy_ mixed with a_', 'boy_nakshatra=4&boy_pada=2&a_nakshatra=13&a_pada=3&a_role=girl', 'boy_nakshatra'],
    ['an unknown system', `${STARS}&system=east`, 'system'],
  ];
  for (const [what, q, param] of bad) {
    it(`rejects ${what} with a 400 naming ${param}`, async () => {
      const r = await get(`/astro/match?${q}`);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ status: 'error', code: 'INVALID_PARAMETER', param });
      expect(r.json().message).toContain(param);
    });
  }
});

describe('GET /astro/match output', () => {
  it('matches two nakshatras with every koota, its attributes and the conventions, as documented', async () => {
    const { body } = await answers.check(t.app, `/astro/match?${STARS}`);
    const b = body as Record<string, any>;
    expect(b.boy).toMatchObject({ given_as: 'nakshatra', moon: { nakshatra: { name: 'Rohini', pada: 2 }, rashi_name: 'Vrishabha', gana: 'Manushya' } });
    expect(b.girl.moon).toMatchObject({ nakshatra: { name: 'Hasta', pada: 3 }, rashi_name: 'Kanya', yoni: 'Buffalo' });
    expect(Object.keys(b.ashtakoota.kootas)).toEqual(['varna', 'vashya', 'tara', 'yoni', 'graha_maitri', 'gana', 'bhakoot', 'nadi']);
    expect(b.ashtakoota.kootas.bhakoot).toMatchObject({ points: 0, distance: '9/5' });
    expect(b.ashtakoota.total).toBe(25);
    expect(b.ashtakoota.verdict.band).toBe('good');
    expect(b.manglik).toMatchObject({ boy: { computed: false }, girl: { computed: false }, both_manglik: null });
    expect(b.manglik.boy.reason).toContain('cannot be computed');
    expect(b.conventions).toMatchObject({ record: 'docs/decisions/astro-match-conventions.md' });
    expect(Object.keys(b.conventions)).toEqual(
      expect.arrayContaining(['varna', 'vashya', 'tara', 'yoni', 'graha_maitri', 'gana', 'bhakoot', 'nadi', 'cancellations', 'verdict', 'manglik']),
    );
  });

  it('reads nakshatra names in any case and spacing, and a_/b_ with a role as boy_/girl_', async () => {
    const a = (await get(`/astro/match?${STARS}`)).json();
    const b = (await get('/astro/match?a_nakshatra=hasta&a_pada=3&b_nakshatra=ROHINI&b_pada=2&a_role=girl')).json();
    const c = (await get('/astro/match?a_nakshatra=4&a_pada=2&b_nakshatra=13&b_pada=3&b_role=girl')).json();
    expect(b.ashtakoota).toEqual(a.ashtakoota);
    expect(c.ashtakoota).toEqual(a.ashtakoota);
  });

  it('reads the common transliterations of nakshatra names, and suggests the nearest name for one it cannot read', async () => {
    const cases: [string, string][] = [
      ['aswini', 'Ashwini'],
      ['ashvini', 'Ashwini'],
      ['moola', 'Mula'],
      ['dhanishtha', 'Dhanishta'],
      ['jyeshta', 'Jyeshtha'],
      ['sravana', 'Shravana'],
      ['satabhisha', 'Shatabhisha'],
      ['poorva phalguni', 'Purva Phalguni'],
      ['uthra', 'Uttara Phalguni'],
    ];
    for (const [sent, name] of cases) {
      const r = await get(`/astro/match?boy_nakshatra=${encodeURIComponent(sent)}&boy_pada=1&girl_nakshatra=13&girl_pada=3`);
      expect(r.statusCode, `${sent}: ${r.body}`).toBe(200);
      expect(r.json().boy.moon.nakshatra.name, sent).toBe(name);
    }
    const wrong = await get('/astro/match?boy_nakshatra=rohnni&boy_pada=1&girl_nakshatra=13&girl_pada=3');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ param: 'boy_nakshatra', suggestion: 'Rohini' });
  });

  it('answers the same input from the cache the second time', async () => {
    const q = `/astro/match?${STARS}&cancellations=apply`;
    expect((await get(q)).json().cached).toBe(false);
    expect((await get(q)).json().cached).toBe(true);
  });

  it("takes each Moon from a birth as /astro does, and computes each chart's manglik dosha", async () => {
    const { body } = await answers.check(t.app, `/astro/match?${BOY_BIRTH}&${GIRL_BIRTH}`);
    const b = body as Record<string, any>;
    const chart = (await get(`/astro?${ASTRO}&needs=graha,lagna`)).json();
    expect(b.boy.given_as).toBe('birth');
    expect(b.boy.moon.longitude).toBe(chart.chart.graha.Mo.longitude);
    expect(b.boy.moon.nakshatra).toEqual(chart.chart.graha.Mo.nakshatra);
    expect(b.boy.birth).toMatchObject({ datetime: '1990-05-15 10:30:00', timezone: '+05:30', lagna: { longitude: chart.chart.lagna.Lg.longitude } });
    const marsSign = chart.chart.graha.Ma.rashi;
    expect(b.manglik.boy).toMatchObject({ computed: true, mars: { rashi: marsSign } });
    expect(b.manglik.boy.houses.lagna).toBe(((marsSign - chart.chart.lagna.Lg.rashi + 12) % 12) + 1);
    expect(typeof b.manglik.both_manglik).toBe('boolean');
  });

  it("takes each birth place as a town of the place vocabulary: the same answer as its coordinates, in the place's time zone", async () => {
    // No tz: the offset is the place's, as /astro takes it.
    const times = 'boy_year=1990&boy_month=5&boy_day=15&boy_hour=10&boy_min=30&girl_year=1992&girl_month=2&girl_day=3&girl_hour=6&girl_min=10';
    const [boy, girl] = [findTown('benares'), findTown('bombay')];
    const byCity = await get(`/astro/match?${times}&boy_city=benares&girl_city=Bombay&kuja_houses=without_2nd`);
    expect(byCity.statusCode, byCity.body).toBe(200);
    const byPoint = await get(
      `/astro/match?${times}&boy_latitude=${boy.lat}&boy_longitude=${boy.lon}&girl_lat=${girl.lat}&girl_lon=${girl.lon}&kuja_houses=without_2nd`,
    );
    const { cached: _, ...a } = byCity.json();
    const { cached: __, ...b } = byPoint.json();
    expect(a).toEqual(b);
    expect(a.boy.birth).toMatchObject({ latitude: boy.lat, longitude: boy.lon, timezone: '+05:30', timezone_source: 'Asia/Kolkata' });
    expect(a.girl.birth).toMatchObject({ latitude: girl.lat, longitude: girl.lon });
    // The a_/b_ naming takes a_city and b_city the same way.
    const ab = (
      await get(`/astro/match?${times.replaceAll('boy_', 'a_').replaceAll('girl_', 'b_')}&a_role=boy&a_city=benares&b_city=bombay&kuja_houses=without_2nd`)
    ).json();
    expect(ab.boy.birth).toEqual(a.boy.birth);
  });

  it("refuses an unknown birth town with the vocabulary's 400, naming the partner's parameter", async () => {
    for (const who of ['boy', 'girl']) {
      const q = `${BOY_BIRTH}&${GIRL_BIRTH}`.replace(new RegExp(`${who}_latitude=[^&]*&${who}_longitude=[^&]*`), `${who}_city=varansi`);
      const r = await get(`/astro/match?${q}`);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ code: 'INVALID_PARAMETER', param: `${who}_city`, suggestions: ['Varanasi, Uttar Pradesh'] });
      // As /astro's city says it.
      const astro = (await get(`/astro?city=varansi&${ASTRO.replace('latitude=28.6139&longitude=77.209&', '')}`)).json();
      expect(r.json().message).toBe(astro.message);
      expect(r.json().hint).toBe(astro.hint);
    }
  });

  it('mixes a birth for one partner with a nakshatra for the other, computing manglik only for the birth', async () => {
    const b = (await get(`/astro/match?${BOY_BIRTH}&girl_nakshatra=1&girl_pada=1`)).json();
    expect(b.manglik.boy.computed).toBe(true);
    expect(b.manglik.girl.computed).toBe(false);
    expect(b.manglik.both_manglik).toBeNull();
  });

  it('gives the ten poruthams with system=south, as documented', async () => {
    const { body } = await answers.check(t.app, `/astro/match?${STARS}&system=south`);
    const b = body as Record<string, any>;
    expect(b.ashtakoota).toBeUndefined();
    expect(Object.keys(b.south.poruthams)).toEqual(['dina', 'gana', 'mahendra', 'stree_deergha', 'yoni', 'rasi', 'rasyadhipati', 'vasya', 'rajju', 'vedha']);
    expect(b.south.of).toBe(10);
    expect(b.conventions).toHaveProperty('rajju');
  });

  it('names the nadi dosha cancellations and applies them only when asked', async () => {
    const q = 'boy_nakshatra=3&boy_pada=2&girl_nakshatra=4&girl_pada=1';
    const report = (await get(`/astro/match?${q}`)).json().ashtakoota;
    const apply = (await get(`/astro/match?${q}&cancellations=apply`)).json().ashtakoota;
    expect(report.doshas.nadi).toMatchObject({ present: true, cancelled: true, applied: false });
    expect(report.doshas.nadi.cancellations.find((c: { rule: string }) => c.rule === 'same_rasi_different_nakshatra').applies).toBe(true);
    expect(apply.total).toBe(report.total + 8);
  });
});

describe('GET /astro/match in the listings', () => {
  it('is listed on the landing page with its example, beside /astro', async () => {
    const r = await t.app.inject({ url: '/', headers: { accept: 'application/json' } });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('/astro/match');
    expect(r.body).toContain('/astro/match?boy_nakshatra=4&boy_pada=2&girl_nakshatra=13&girl_pada=3');
    const page = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(page.body).toContain('/astro/match');
  });

  it('is in /openapi.json with its parameters', async () => {
    const doc = (await t.app.inject('/openapi.json')).json();
    const names = doc.paths['/astro/match'].get.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['boy_nakshatra', 'girl_pada', 'a_role', 'b_latitude', 'system', 'cancellations', 'janma_tara', 'kuja_houses']),
    );
  });
});
