// Golden charts from P.V.R. Narasimha Rao's "Vedic Astrology: An Integrated Approach", with the
// expected values taken from fixtures/astro-book-charts.json (as transcribed into PyJHora's tests)
// and the Lahiri ayanamsa of the same moments from fixtures/astro-lahiri-ayanamsa.json (Swiss
// Ephemeris); PROVENANCE.md beside them.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { astroApp } from '../../../test/helpers/astro-app.js';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const book = fixture('astro-book-charts.json');
const aya: Record<string, { jd_ut: number; lahiri_ayanamsa_deg: number }> = fixture('astro-lahiri-ayanamsa.json');
const ayaOf = (prefix: string) => Object.entries(aya).find(([k]) => k.startsWith(prefix))![1];

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
  lat: string;
  lon: string;
}
const query = (b: Birth, extra = '') => {
  const [y, mo, d] = b.date.split('-').map(Number);
  const [h, mi] = b.time.split(':').map(Number);
  const tz = b.tz.slice(0, 6);
  return `/astro?latitude=${dm(b.lat)}&longitude=${dm(b.lon)}&year=${y}&month=${mo}&day=${d}&hour=${h}&min=${mi}&tz=${encodeURIComponent(tz)}${extra}`;
};

const SIGNS = ['Aries', 'Taurus', 'Gemini', 'Cancer', 'Leo', 'Virgo', 'Libra', 'Scorpio', 'Sagittarius', 'Capricorn', 'Aquarius', 'Pisces'];
const ABBR: Record<string, string> = {
  Sun: 'Su',
  Moon: 'Mo',
  Mars: 'Ma',
  Mercury: 'Me',
  Jupiter: 'Ju',
  Venus: 'Ve',
  Saturn: 'Sa',
  Rahu: 'Ra',
  Ketu: 'Ke',
  Lagna: 'Lg',
};
/** "Aries: Venus,Ketu | Gemini: Sun" → { Ve: 1, Ke: 1, Su: 3 } */
const placements = (s: string) => {
  const out: Record<string, number> = {};
  for (const part of s.split('|')) {
    const [sign, list] = part.split(':').map((x) => x.trim());
    for (const p of list!.split(',')) out[ABBR[p.trim()]!] = SIGNS.indexOf(sign!) + 1;
  }
  return out;
};

// The five balance charts (Ex. 50–55) carry no place for Ex. 50/51; the vector gives it in the ref.
// Its time zone (−4:00) is as PyJHora codes it, which the vector flags; we follow it because the
// Swiss Ephemeris reference moment (I_) and the book's balance both agree with that moment.
const EX50_PLACE = { lat: '16N15', lon: '81E12' };

const { get } = astroApp();

describe('ashtakavarga of the book charts', () => {
  for (const [name, ref] of [
    ['PVNR_chart6', 'C_'],
    ['Reagan_chart7', 'D_'],
  ] as const) {
    const c = book.ashtakavarga[name];
    it(`${name}: places the grahas as the book does and reproduces its BAV and SAV tables exactly`, async () => {
      const b = await get(query(c.birth));
      const want = placements(c.placements);
      for (const [g, sign] of Object.entries(want)) {
        const got = g === 'Lg' ? b.chart.lagna.Lg.rashi : b.chart.graha[g].rashi;
        expect(got, g).toBe(sign);
      }
      const bav = b.ashtakavarga.bhinna;
      for (const g of ['Sun', 'Moon', 'Mars', 'Mercury', 'Jupiter', 'Venus', 'Saturn']) {
        expect(bav[ABBR[g]!], g).toEqual(c.bav_book[g]);
      }
      expect(b.ashtakavarga.sarvashtakavarga).toEqual(c.sav_book);
      expect(b.ashtakavarga.total_bindus).toBe(337);
      // The moment and the ayanamsa agree with the Swiss Ephemeris reference.
      const a = ayaOf(ref);
      expect(b.chart.user.julian_day_ut).toBeCloseTo(a.jd_ut, 5);
      expect(b.settings.ayanamsa_degrees).toBeCloseTo(a.lahiri_ayanamsa_deg, 5);
    });
  }
});

describe('Vimshottari balance at birth (book, exactly)', () => {
  const cases = book.vimsottari_balance_book as {
    ref: string;
    birth: Partial<Birth> & { date: string; time: string; tz: string };
    md_at_birth: string;
    balance_ymd?: number[];
    mercury_md?: string[];
  }[];
  const refs: Record<string, string> = { 'Ex.53': 'E_', 'Ex.52': 'F_', 'Ex.55': 'H_', 'Ex.50': 'I_', 'Ex.54': 'G_' };
  for (const c of cases) {
    const birth: Birth = { lat: EX50_PLACE.lat, lon: EX50_PLACE.lon, ...c.birth } as Birth;
    it(`${c.ref}: first mahadasha and its balance`, async () => {
      const b = await get(query(birth, '&needs=dasha'));
      const bal = b.vimshottari_dasha.balance_at_birth;
      // Ex.54 is marked low confidence: the book's text names Mercury, but the Moon of that moment
      // (Swiss Ephemeris, Lahiri) is in a Rahu nakshatra, as PyJHora and Jagannatha Hora also find;
      // we follow the ephemeris, and the book's own Mercury dates (checked below) agree with it.
      const lord = c.md_at_birth.split(' ')[0]!;
      expect(bal.lord).toBe(ABBR[lord]);
      if (c.balance_ymd) expect([bal.years, bal.months, bal.days]).toEqual(c.balance_ymd);
      const a = ayaOf(refs[c.ref.split(' ')[0]!.replace(/\/.*/, '')]!);
      expect(b.chart.user.julian_day_ut).toBeCloseTo(a.jd_ut, 5);
      expect(b.settings.ayanamsa_degrees).toBeCloseTo(a.lahiri_ayanamsa_deg, 5);
    });
  }

  it('Ex.54: the Mercury mahadasha runs 1991-05-29 to 2008-05-28, within a day of the book', async () => {
    const c = cases.find((x) => x.ref.startsWith('Ex.54'))!;
    const b = await get(query(c.birth as Birth, '&needs=dasha'));
    const me = b.vimshottari_dasha.mahadashas.find((m: { mahadasha: string }) => m.mahadasha === 'Me');
    const days = (a: string, x: string) => Math.abs(Date.parse(a) - Date.parse(x.slice(0, 10))) / 86400000;
    expect(days(me.start, c.mercury_md![0]!)).toBeLessThanOrEqual(1);
    expect(days(me.end, c.mercury_md![1]!)).toBeLessThanOrEqual(1);
  });
});

describe('golden chart: P.V. Narasimha Rao (book chart 6)', () => {
  // Born 1921-06-28 as the book's Ex. 62 has it; the vector notes that PyJHora's chart data
  // carries a 1921-06-21 typo. We follow the book: its placements and BAV tables (above) match it.
  const birth = book.ashtakavarga.PVNR_chart6.birth as Birth;

  it('places the Sun, Moon and lagna in the navamsa (D9) and dasamsa (D10) by Parashara', async () => {
    const b = await get(query(birth));
    const { D9, D10 } = b.chart.varga;
    // Hand-derived from the D1 longitudes: Sun Gemini 13°16' — Gemini is dual, so the navamsas
    // start from the 5th (Libra); 13°16' is the 4th part → Capricorn (10). Gemini is odd, so the
    // dasamsas start from Gemini itself; 13°16' is the 5th part → Libra (7).
    expect(b.chart.graha.Su.degree).toBeCloseTo(13.27, 1);
    expect(D9.Su.rashi).toBe(10);
    expect(D10.Su.rashi).toBe(7);
    // Moon Pisces 10°33' — dual → from Cancer; 4th part → Libra (7). Even → from the 9th (Scorpio); 4th part → Aquarius (11).
    expect(b.chart.graha.Mo.degree).toBeCloseTo(10.55, 1);
    expect(D9.Mo.rashi).toBe(7);
    expect(D10.Mo.rashi).toBe(11);
    // Lagna Virgo 24°20' — dual → from Capricorn; 8th part → Leo (5). Even → from Taurus; 9th part → Capricorn (10).
    expect(b.chart.lagna.Lg.degree).toBeCloseTo(24.33, 1);
    expect(D9.Lg.rashi).toBe(5);
    expect(D10.Lg.rashi).toBe(10);
    // Every graha and the lagna are in all sixteen charts.
    expect(Object.keys(b.chart.varga)).toEqual(['D1', 'D2', 'D3', 'D4', 'D7', 'D9', 'D10', 'D12', 'D16', 'D20', 'D24', 'D27', 'D30', 'D40', 'D45', 'D60']);
    for (const v of Object.values(b.chart.varga) as Record<string, unknown>[]) {
      expect(Object.keys(v).sort()).toEqual(['Lg', 'Ju', 'Ke', 'Ma', 'Me', 'Mo', 'Ra', 'Sa', 'Su', 'Ve'].sort());
    }
  });

  it('runs the Vimshottari sequence from the Moon nakshatra lord in the fixed order, with antardashas and pratyantaras', async () => {
    const b = await get(query(birth, '&needs=dasha'));
    const v = b.vimshottari_dasha;
    // Moon in Uttara Bhadrapada (Saturn's nakshatra) → Saturn first, then Mercury, Ketu, …
    expect(v.mahadashas.map((m: { mahadasha: string }) => m.mahadasha)).toEqual(['Sa', 'Me', 'Ke', 'Ve', 'Su', 'Mo', 'Ma', 'Ra', 'Ju']);
    expect(v.mahadashas.map((m: { years: number }) => m.years)).toEqual([19, 17, 7, 20, 6, 10, 7, 18, 16]);
    for (const m of v.mahadashas) {
      expect(m.antardashas).toHaveLength(9);
      expect(m.antardashas[0].antardasha).toBe(m.mahadasha);
      expect(m.antardashas[0].start).toBe(m.start);
      expect(m.antardashas[8].end).toBe(m.end);
      for (const a of m.antardashas) {
        expect(a.pratyantaras).toHaveLength(9);
        expect(a.pratyantaras[0].pratyantara).toBe(a.antardasha);
      }
    }
    // Consecutive periods meet.
    for (let i = 1; i < 9; i++) expect(v.mahadashas[i].start).toBe(v.mahadashas[i - 1].end);
    // The first mahadasha ends when the balance runs out: 8.712 of Saturn's 19 years after birth.
    // Quoted the book's way: 3,181 whole days = 8 dasha years, 8 twelfths and 16 days.
    expect(v.balance_at_birth).toMatchObject({ lord: 'Sa', years: 8, months: 8, days: 16 });
    expect(v.balance_at_birth.decimal_years).toBeCloseTo(8.7125, 3);
    expect(v.mahadashas[0].end).toBe('1930-03-15');
    expect(b.chart.dasha.periods.Me.start).toBe('1930-03-15');
  });
});

describe('golden chart: Ronald Reagan (book chart 7)', () => {
  it('places D9 and D10 and starts the dasha from the Moon nakshatra', async () => {
    const b = await get(query(book.ashtakavarga.Reagan_chart7.birth));
    const g = b.chart.graha;
    // Navamsa by the continuous count (each 3°20' from 0° Aries steps one sign) must agree with
    // the movable/fixed/dual rule for every point.
    for (const k of ['Su', 'Mo', 'Ma', 'Me', 'Ju', 'Ve', 'Sa', 'Ra', 'Ke']) {
      expect(b.chart.varga.D9[k].rashi, k).toBe((Math.floor(g[k].longitude / (10 / 3)) % 12) + 1);
    }
    // Sun in Capricorn (even): dasamsas from the 9th (Virgo), part floor(deg/3).
    const su = g.Su;
    expect(su.rashi).toBe(10);
    expect(b.chart.varga.D10.Su.rashi).toBe(((5 + Math.floor(su.degree / 3)) % 12) + 1);
    const first = b.vimshottari_dasha.mahadashas[0].mahadasha;
    expect(first).toBe(g.Mo.nakshatra.lord);
  });
});

describe('solar upagrahas (book examples)', () => {
  const parse = (s: string) => {
    const m = /^(\d+)([A-Z][a-z])(\d+)$/.exec(s)!;
    const idx = ['Ar', 'Ta', 'Ge', 'Cn', 'Le', 'Vi', 'Li', 'Sc', 'Sg', 'Cp', 'Aq', 'Pi'].indexOf(m[2]!);
    return idx * 30 + Number(m[1]) + Number(m[3]) / 60;
  };
  it('matches Example 6 and Exercise 7 to the arc-minute', async () => {
    const { solarUpagrahas } = await import('./calc/upagrahas.js');
    for (const ex of ['Example 6', 'Exercise 7']) {
      const e = book.solar_upagrahas_book[ex];
      const u = solarUpagrahas(parse(e.sun));
      const close = (got: number, want: string) => expect(Math.abs(((got - parse(want) + 540) % 360) - 180)).toBeLessThan(1.01 / 60);
      close(u.Dhuma, e.dhuma);
      close(u.Vyatipata, e.vyatipata);
      close(u.Parivesha, e.parivesha);
      close(u.Indrachapa, e.indrachapa);
      close(u.Upaketu, e.upaketu);
    }
  });
});

describe('chart 12 (placements only)', () => {
  it('gives the book SAV from the placements (the vector warns its PyJHora birth data does not match, so no birth data is used)', async () => {
    const { ashtakavarga } = await import('./calc/ashtakavarga.js');
    const p = placements(book.ashtakavarga.chart12_placements_only.placements);
    const a = ashtakavarga({ Su: p.Su!, Mo: p.Mo!, Ma: p.Ma!, Me: p.Me!, Ju: p.Ju!, Ve: p.Ve!, Sa: p.Sa!, Lg: p.Lg! });
    expect(a.sarvashtakavarga).toEqual(book.ashtakavarga.chart12_placements_only.sav_book);
    expect(a.total_bindus).toBe(337);
  });
});

describe('positions against the Swiss Ephemeris', () => {
  it('gives each graha its tropical Swiss Ephemeris longitude less the ayanamsa of the moment', async () => {
    const sweph = (await import('sweph')).default;
    const C = sweph.constants;
    const b = await get(query(book.ashtakavarga.Reagan_chart7.birth, '&needs=graha'));
    const jd = b.chart.user.julian_day_ut;
    const bodies: Record<string, number> = {
      Su: C.SE_SUN,
      Mo: C.SE_MOON,
      Ma: C.SE_MARS,
      Me: C.SE_MERCURY,
      Ju: C.SE_JUPITER,
      Ve: C.SE_VENUS,
      Sa: C.SE_SATURN,
      Ra: C.SE_MEAN_NODE,
    };
    for (const [g, ipl] of Object.entries(bodies)) {
      const tropical = sweph.calc_ut(jd, ipl, C.SEFLG_MOSEPH).data[0]!;
      const want = (((tropical - b.settings.ayanamsa_degrees) % 360) + 360) % 360;
      const diff = Math.abs(((b.chart.graha[g].longitude - want + 540) % 360) - 180);
      expect(diff, g).toBeLessThan(0.01);
    }
  });
});
