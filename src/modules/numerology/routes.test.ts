import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { numerologyModule } from './index.js';

// 21 Nov 2026, 20:00 UTC = 22 Nov 2026, 01:30 in Kolkata: "today" is the 22nd there.
const NOW = new Date('2026-11-21T20:00:00Z');

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp({}, { now: () => NOW, modules: [numerologyModule] });
});
afterAll(() => t.close());

const get = (qs: string) => t.app.inject({ url: `/numerology?${qs}` });

describe('GET /numerology', () => {
  it('returns the full report for a name and date of birth', async () => {
    const res = await get('name=Thomas+Cruise+Mapother&dob=03-07-1962&gender=M');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      status: 'ok',
      input: { name: 'Thomas Cruise Mapother', dob: '3-7-1962', gender: 'male' },
      core: {
        life_path: 1,
        life_path_meaning: expect.stringMatching(/Leader/),
        destiny_number: 4,
        destiny_chaldean: 8,
        soul_urge: 9,
        personality_number: 4,
        birthday_number: 3,
        maturity_number: 5,
        balance_number: 9,
        is_master_number: false,
      },
      // Birth 7 + 3, year 2026 → 10 → 1: 7 + 3 + 1 = 11 → 2; Nov: 2 + 2 = 4; 22nd: 4 + 4 = 8.
      current_cycle: { personal_year: 2, personal_month: 4, personal_day: 8, year: 2026, as_of: '2026-11-22' },
      feng_shui: {
        kua_number: 2,
        direction: 'South-West',
        group: 'West',
        favourable_directions: ['North-East', 'West', 'North-West', 'South-West'],
        solar_year: 1962,
      },
      zodiac: { sign: 'Cancer' },
      pinnacles: [
        { pinnacle: 1, number: 1, period: '0-35' },
        { pinnacle: 2, number: 3, period: '36-44' },
        { pinnacle: 3, number: 4, period: '45-53' },
        { pinnacle: 4, number: 7, period: '54+' },
      ],
      challenges: [
        { challenge: 1, name: 'early', number: 4, period: '0-35' },
        { challenge: 2, name: 'middle', number: 6, period: '36-44' },
        { challenge: 3, name: 'later', number: 2, period: '45+' },
        { challenge: 4, name: 'main', number: 2, period: '0+' },
      ],
      compatibility: { best_matches: [1, 5, 7] },
      missing_numbers: [],
      karmic_debts: [
        { number: 13, found_in: ['personality_number'] },
        { number: 19, found_in: ['life_path'] },
      ],
      name_values: { pythagorean: { total: 94, reduced: 4 }, chaldean: { total: 80, reduced: 8 } },
    });
  });

  it('gives the same report for the three dob formats', async () => {
    const bodies = await Promise.all(['12-10-1936', '12/10/1936', '1936-10-12'].map((dob) => get(`name=Ann+Lee&dob=${dob}`)));
    for (const res of bodies) expect(res.statusCode).toBe(200);
    expect(bodies[0].json().input.dob).toBe('12-10-1936');
    expect(bodies[1].body).toBe(bodies[0].body);
    expect(bodies[2].body).toBe(bodies[0].body);
  });

  it('leaves the Kua number empty, and says why, without a gender', async () => {
    const body = (await get('name=Ann+Lee&dob=1990-01-15')).json();
    expect(body.input.gender).toBeNull();
    expect(body.feng_shui).toEqual({
      kua_number: null,
      direction: null,
      group: null,
      favourable_directions: [],
      solar_year: 1989,
      note: 'give gender=M or gender=F for the Kua number',
    });
  });

  it('uses the pinned clock for the personal cycle', async () => {
    const other = await testApp({}, { now: () => new Date('2020-10-07T06:00:00Z'), modules: [numerologyModule] });
    try {
      // Vector N17: born 23 April, on 7 Oct 2020 the personal year is 4, month 5, day 3.
      const body = (await other.app.inject({ url: '/numerology?name=Ann&dob=23-04-1980' })).json();
      expect(body.current_cycle).toEqual({ personal_year: 4, personal_month: 5, personal_day: 3, year: 2020, as_of: '2020-10-07' });
    } finally {
      await other.close();
    }
  });

  it('marks a master life path', async () => {
    const body = (await get('name=Paul&dob=18-06-1942')).json();
    expect(body.core.life_path).toBe(22);
    expect(body.core.is_master_number).toBe(true);
    expect(body.compatibility.best_matches).toEqual([2, 4, 8]);
  });

  it('accepts lower-case m and f', async () => {
    expect((await get('name=Ann&dob=1965-06-01&gender=f')).json().feng_shui.kua_number).toBe(7);
  });
});

describe('GET /numerology refusals', () => {
  const cases: [string, string, RegExp][] = [
    ['dob=1990-01-01', 'name', /^name is required/],
    ['name=Ann', 'dob', /^dob is required/],
    ['name=Ann&dob=31-02-2000', 'dob', /not a real calendar date/],
    ['name=Ann&dob=2000-13-01', 'dob', /not a real calendar date/],
    ['name=Ann&dob=23-11-2026', 'dob', /must not be in the future/],
    ['name=Ann&dob=1990.01.01', 'dob', /DD-MM-YYYY, DD\/MM\/YYYY or YYYY-MM-DD/],
    ['name=...&dob=1990-01-01', 'name', /at least one letter/],
    ['name=&dob=1990-01-01', 'name', /name must be/],
    [`name=${encodeURIComponent('प्रिया')}&dob=1990-01-01`, 'name', /Latin letters/],
    ['name=R2D2&dob=1990-01-01', 'name', /only letters/],
    ['name=Ann&dob=1990-01-01&gender=X', 'gender', /gender must be one of M, F/],
    [`name=${'a'.repeat(201)}&dob=1990-01-01`, 'name', /200 characters/],
  ];
  for (const [qs, param, message] of cases) {
    it(`answers 400 naming ${param} for ${qs.slice(0, 60)}`, async () => {
      const res = await get(qs);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ status: 'error', code: 'INVALID_PARAMETER', param });
      expect(body.message).toMatch(message);
    });
  }

  it('lists the accepted genders', async () => {
    expect((await get('name=Ann&dob=1990-01-01&gender=other')).json().valid_values).toEqual(['M', 'F']);
  });

  it('accepts today in Kolkata as a date of birth', async () => {
    expect((await get('name=Ann&dob=22-11-2026')).statusCode).toBe(200);
  });
});

describe('GET /numerology under odd input', () => {
  it('answers a repeated parameter with a 400, not a 500', async () => {
    const res = await get('name=Ann&name=Lee&dob=1990-01-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().param).toBe('name');
  });

  it('never answers 5xx for random names, dates and genders', async () => {
    // A fixed-seed generator, so a failure reproduces.
    let seed = 42;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const alphabet = ['a', 'Z', 'y', ' ', '-', '.', "'", '9', '/', 'é', 'ß', 'प', '्', '\u0301', '😀', '%', '&', '\ud800', '\t'];
    const pick = (len: number) => Array.from({ length: len }, () => alphabet[rnd(alphabet.length)]).join('');
    const dobs = ['29-02-2024', '1-1-1800', '2026-11-22', '99-99-9999', '0000-00-00', '12/12/2012', '12/12-2012', '', ' ', '١٢-١٠-١٩٣٦'];
    const statuses = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const qs = new URLSearchParams({ name: pick(rnd(12)), dob: dobs[rnd(dobs.length)] });
      if (rnd(2)) qs.set('gender', ['M', 'f', 'x', '', 'FEMALE'][rnd(5)]);
      const res = await get(qs.toString());
      statuses.add(res.statusCode);
      expect(res.statusCode, qs.toString()).toBeLessThan(500);
      if (res.statusCode === 400) expect(['name', 'dob', 'gender']).toContain(res.json().param);
    }
    expect(statuses).toEqual(new Set([200, 400]));
  });
});
