// /panchang's muhurtas, choghadiya and horas against published panchangs
// (fixtures/panchang-muhurtas.json, see PROVENANCE.md): drikpanchang's day pages for New Delhi and
// Buddh Gaya, a year of drikpanchang's calendar export at one place, hora tables of two cities and
// two weekday choghadiya tables. Sites round to the minute, so times may differ by 2 minutes.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { astroModule } from './index.js';

const vec = JSON.parse(readFileSync(new URL('./fixtures/panchang-muhurtas.json', import.meta.url), 'utf8'));

let t: Awaited<ReturnType<typeof testApp>>;

beforeAll(async () => {
  t = await testApp({}, { modules: [astroModule], now: () => new Date('2025-11-22T03:00:00Z') });
});
afterAll(() => t.close());

type Span = { start: string; end: string };
type Place = { latitude: number; longitude: number };

async function day(place: Place, date: string, tz = '%2B05:30') {
  const r = await t.app.inject({ url: `/panchang?latitude=${place.latitude}&longitude=${place.longitude}&date=${date}&tz=${tz}` });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

/** Wall-clock minutes of an answer's ISO time or a fixture's "YYYY-MM-DD HH:MM". */
const wall = (s: string) => Date.parse(`${s.slice(0, 16).replace(' ', 'T')}:00Z`) / 60000;
const near = (ours: Span, ref: [string, string], what: string, tolerance = 2) => {
  expect(Math.abs(wall(ours.start) - wall(ref[0])), `${what} start ${ours.start} vs ${ref[0]}`).toBeLessThanOrEqual(tolerance);
  expect(Math.abs(wall(ours.end) - wall(ref[1])), `${what} end ${ours.end} vs ${ref[1]}`).toBeLessThanOrEqual(tolerance);
};
const nearAll = (ours: Span[], ref: [string, string][], what: string) => {
  expect(
    ours.map((s) => s.start),
    what,
  ).toHaveLength(ref.length);
  ours.forEach((s, i) => near(s, ref[i]!, `${what} ${i + 1}`));
};

describe('GET /panchang muhurtas against drikpanchang day pages', () => {
  const single = ['brahma', 'pratah_sandhya', 'abhijit', 'vijaya', 'godhuli', 'sayahna_sandhya', 'nishita'] as const;
  for (const ref of vec.pages.days) {
    it(`${ref.place.name} ${ref.date}: every muhurta the page gives, within 2 minutes`, async () => {
      const b = await day(ref.place, ref.date);
      expect(b.weekday).toBe(ref.weekday);
      for (const k of single) if (ref[k]) near(b.muhurtas[k], ref[k], k);
      nearAll(b.muhurtas.amrit_kalam, ref.amrit_kalam, 'amrit_kalam');
      if (ref.dur_muhurtam) nearAll(b.muhurtas.dur_muhurtam, ref.dur_muhurtam, 'dur_muhurtam');
    });
  }

  it('starts Godhuli at sunset as the current pages do; pages of 2020-2022 started it 2 to 3 minutes earlier', async () => {
    for (const ref of vec.pages.days.filter((d: Record<string, unknown>) => d.godhuli_as_published_then)) {
      const b = await day(ref.place, ref.date);
      expect(b.muhurtas.godhuli.start.slice(11, 16)).toBe(b.sunset);
      const earlier = wall(b.muhurtas.godhuli.start) - wall(ref.godhuli_as_published_then[0]);
      expect(earlier).toBeGreaterThanOrEqual(1);
      expect(earlier).toBeLessThanOrEqual(4);
    }
  });

  it('gives Abhijit in the block as the same span as the top-level HH:MM pair', async () => {
    const b = await day(vec.pages.days[0].place, '2025-11-22');
    expect([b.muhurtas.abhijit.start.slice(11, 16), b.muhurtas.abhijit.end.slice(11, 16)]).toEqual(b.abhijit);
  });
});

describe('GET /panchang Dur muhurtam, Varjyam and Amrit kalam over a year of drikpanchang', () => {
  for (const ref of vec.year.days) {
    it(`${ref.date} (${ref.nakshatra.split(' ')[0]}): the same periods, none missing or extra, within 2 minutes`, async () => {
      const b = await day(vec.year.place, ref.date);
      nearAll(b.muhurtas.dur_muhurtam, ref.dur_muhurtam, 'dur_muhurtam');
      nearAll(b.muhurtas.varjyam, ref.varjyam, 'varjyam');
      nearAll(b.muhurtas.amrit_kalam, ref.amrit_kalam, 'amrit_kalam');
    });
  }

  it('gives Mula two Varjyams, at 20 and 56 of its 60 ghatis', async () => {
    const b = await day(vec.year.place, '2023-06-05');
    expect(b.muhurtas.varjyam.map((v: { nakshatra: { name: string } }) => v.nakshatra.name)).toEqual(['Mula', 'Mula']);
  });
});

describe('GET /panchang horas and choghadiya', () => {
  for (const ref of vec.horas.days) {
    it(`${ref.place.name} ${ref.date}: the 24 horas' lords in the published order, from sunrise to the next sunrise`, async () => {
      const b = await day(ref.place, ref.date);
      expect(b.horas.map((h: { lord: string }) => h.lord)).toEqual(ref.lords);
      expect(b.horas.map((h: { number: number }) => h.number)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
      // The table's own sunrise and sunset differ from ours by up to 3 minutes.
      near({ start: b.horas[0].start, end: b.horas[12].start }, [ref.first, ref.sunset], 'day horas', 3);
      expect(Math.abs(wall(b.horas[23].end) - wall(ref.last))).toBeLessThanOrEqual(3);
    });
  }

  for (const [weekday, date] of [
    ['Saturday', '2025-11-22'],
    ['Monday', '2025-11-24'],
  ] as const) {
    it(`${weekday}: day and night choghadiya in the published sequence, with their quality`, async () => {
      const b = await day(vec.pages.days[0].place, date);
      expect(b.weekday).toBe(weekday);
      expect(b.choghadiya.day.map((c: { name: string }) => c.name)).toEqual(vec.choghadiya.weekdays[weekday].day);
      expect(b.choghadiya.night.map((c: { name: string }) => c.name)).toEqual(vec.choghadiya.weekdays[weekday].night);
      const quality = Object.fromEntries(b.choghadiya.day.concat(b.choghadiya.night).map((c: { name: string; quality: string }) => [c.name, c.quality]));
      expect(quality).toMatchObject({ Amrit: 'good', Shubh: 'good', Labh: 'good', Char: 'neutral', Udveg: 'bad', Kaal: 'bad', Rog: 'bad' });
    });
  }

  it('starts each weekday with its lord: the first day choghadiya and the first hora, Sunday to Saturday', async () => {
    const first = { Sunday: 'Udveg', Monday: 'Amrit', Tuesday: 'Rog', Wednesday: 'Labh', Thursday: 'Shubh', Friday: 'Char', Saturday: 'Kaal' };
    const lords = { Sunday: 'Su', Monday: 'Mo', Tuesday: 'Ma', Wednesday: 'Me', Thursday: 'Ju', Friday: 'Ve', Saturday: 'Sa' };
    for (let d = 23; d <= 29; d++) {
      const b = await day(vec.pages.days[0].place, `2025-11-${d}`);
      const w = b.weekday as keyof typeof first;
      expect(b.choghadiya.day[0].name, w).toBe(first[w]);
      expect(b.choghadiya.day[7].name, w).toBe(first[w]);
      expect(b.horas[0].lord, w).toBe(lords[w]);
    }
  });
});

describe('GET /panchang?muhurtas=0', () => {
  it('leaves out muhurtas, choghadiya and horas, keeps every other field, and is cached apart from the full day', async () => {
    const q = '/panchang?latitude=28.6139&longitude=77.209&date=2025-12-02&tz=%2B05:30';
    const lean = (await t.app.inject({ url: `${q}&muhurtas=0` })).json();
    const full = (await t.app.inject({ url: q })).json();
    expect(lean.cached).toBe(false);
    expect(full.cached).toBe(false);
    expect(lean).not.toHaveProperty('muhurtas');
    expect(lean).not.toHaveProperty('choghadiya');
    expect(lean).not.toHaveProperty('horas');
    const { muhurtas: _m, choghadiya: _c, horas: _h, ...rest } = full;
    expect(lean).toEqual(rest);
  });
});

describe('GET /panchang muhurtas far from India (New York, daylight saving time)', () => {
  const nyc = { latitude: 40.7128, longitude: -74.006 };
  let b: Record<string, any>;
  beforeAll(async () => {
    const r = await t.app.inject({ url: `/panchang?latitude=${nyc.latitude}&longitude=${nyc.longitude}&date=2025-07-04` });
    expect(r.statusCode, r.body).toBe(200);
    b = r.json();
  });

  it("writes every time with the place's own offset", () => {
    expect(b.place.timezone).toBe('-04:00');
    const all = [...Object.values(b.muhurtas).flat(), ...b.choghadiya.day, ...b.choghadiya.night, ...b.horas] as Span[];
    for (const s of all) {
      expect(s.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00-04:00$/);
      expect(Date.parse(s.end)).toBeGreaterThan(Date.parse(s.start));
    }
  });

  it('tiles the day and the night without gaps: choghadiya and horas from sunrise to the next sunrise', () => {
    const sunrise = Date.parse(b.horas[0].start);
    const nextSunrise = Date.parse(`${b.next_sunrise.replace(' ', 'T')}:00-04:00`);
    for (const list of [[...b.choghadiya.day, ...b.choghadiya.night], b.horas] as Span[][]) {
      expect(Date.parse(list[0]!.start)).toBe(sunrise);
      expect(Date.parse(list.at(-1)!.end)).toBe(nextSunrise);
      // Each part starts where the last ended (to the rounding minute).
      for (let i = 1; i < list.length; i++) expect(Math.abs(Date.parse(list[i]!.start) - Date.parse(list[i - 1]!.end))).toBeLessThanOrEqual(60_000);
    }
    expect(b.horas[12].start).toBe(b.choghadiya.night[0].start);
    expect(b.horas[12].start.slice(11, 16)).toBe(b.sunset);
  });

  it('puts Nishita around the middle of the night and Brahma muhurta before sunrise', () => {
    const sunset = Date.parse(b.horas[12].start);
    const nextSunrise = Date.parse(b.horas[23].end);
    const mid = (Date.parse(b.muhurtas.nishita.start) + Date.parse(b.muhurtas.nishita.end)) / 2;
    expect(Math.abs(mid - (sunset + nextSunrise) / 2)).toBeLessThanOrEqual(60_000);
    expect(Date.parse(b.muhurtas.brahma.end)).toBeLessThan(Date.parse(b.horas[0].start));
    expect(b.muhurtas.pratah_sandhya.end).toBe(b.horas[0].start);
  });

  it('lists Varjyam and Amrit kalam that begin between sunrise and the next sunrise only', () => {
    for (const w of [...b.muhurtas.varjyam, ...b.muhurtas.amrit_kalam]) {
      expect(Date.parse(w.start)).toBeGreaterThanOrEqual(Date.parse(b.horas[0].start));
      expect(Date.parse(w.start)).toBeLessThan(Date.parse(b.horas[23].end));
    }
  });
});
