// Shadbala against two published worked examples (fixtures/shadbala-books.json): B. V. Raman's
// Graha and Bhava Balas and V. P. Jain's text book. Every part within 0.5 virupa of the book unless
// listed below with the reason; sums of parts within the sum of their parts' tolerances.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ephemerisCore } from './chart.js';
import { julday, type Ayanamsa } from './ephemeris.js';
import { SEVEN, type Seven } from './facts.js';
import { factsOfCore, strengthReport } from './reading.js';
import { chestaBala, shadbala, uchchaBala, type GrahaStrength } from './shadbala.js';
import { drishtiValue } from './drishti.js';
import { sripatiMadhyas } from './bhava-bala.js';

interface BookChart {
  key: string;
  birth: { date: string; time: string; tz_minutes: number; lat: number; lon: number; ayanamsa: Ayanamsa };
  longitudes?: number[];
  [part: string]: unknown;
}
const BOOKS = JSON.parse(readFileSync(new URL('./fixtures/shadbala-books.json', import.meta.url), 'utf8')) as { charts: BookChart[] };
const book = (key: string) => BOOKS.charts.find((c) => c.key === key)!;

function strengthsOf(c: BookChart) {
  const [y, m, d] = c.birth.date.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss] = c.birth.time.split(':').map(Number) as [number, number, number];
  const jdUt = julday(y, m, d, hh + mm / 60 + ss / 3600 - c.birth.tz_minutes / 60);
  const core = ephemerisCore(
    { jdUt, offsetMin: c.birth.tz_minutes, timezoneSource: 'explicit', lat: c.birth.lat, lon: c.birth.lon, ayanamsa: c.birth.ayanamsa, node: 'mean' },
    { planets: true, asc: true, frame: true },
  );
  const latitude = Object.fromEntries(SEVEN.map((g) => [g, core.pos![g].lat ?? 0])) as Record<Seven, number>;
  const s = shadbala(factsOfCore(core), { jdUt, offsetMin: core.offsetMin, mc: core.mc!, ayanamsaDeg: core.ayanamsaDegrees, frame: core.frame!, latitude });
  return { core, s };
}

const PART: Record<string, (x: GrahaStrength) => number> = {
  uchcha: (x) => x.sthana.uchcha,
  saptavargaja: (x) => x.sthana.saptavargaja,
  ojhayugma: (x) => x.sthana.ojhayugma,
  kendradi: (x) => x.sthana.kendradi,
  drekkana: (x) => x.sthana.drekkana,
  sthana: (x) => x.sthana.total,
  dig: (x) => x.dig,
  nathonnatha: (x) => x.kala.nathonnatha,
  paksha: (x) => x.kala.paksha,
  tribhaga: (x) => x.kala.tribhaga,
  abda: (x) => x.kala.abda,
  masa: (x) => x.kala.masa,
  vara: (x) => x.kala.vara,
  hora: (x) => x.kala.hora,
  ayana: (x) => x.kala.ayana,
  kala: (x) => x.kala.total,
  chesta: (x) => x.chesta,
  naisargika: (x) => x.naisargika,
  drik: (x) => x.drik,
  total: (x) => x.virupas,
};
/** Sums of parts: the book's own sums are rounded part by part, and ours add the parts' small differences. */
const TOLERANCE: Record<string, number> = { sthana: 1, kala: 1, total: 1.5 };

/** Where we differ from the book by more than the tolerance, and why (docs/decisions/astro-yogas-strengths.md). */
const DIFFERS: Record<string, Partial<Record<string, Partial<Record<Seven, string>>>>> = {
  raman: {
    // Raman's own sthana total for Saturn (177.3) needs 34.8: the table's 34.08 is a slip (checked below).
    uchcha: { Sa: 'misprint: the book’s sthana total implies 34.80' },
    // 64.30 is above dig bala's maximum of 60: a misprint (checked below).
    dig: { Ma: 'misprint: above the maximum of 60' },
    ayana: { Ju: "Raman's tabulated kranti for Jupiter (0.52 virupa more than the formula with 24°)" },
    total: { Ma: 'carries the dig misprint' },
  },
  jain: {
    // Jain counts moolatrikona by the whole sign; BPHS 3.51-54 gives degrees (Sun Simha 0-20°,
    // Mercury Kanya 15-20°): the Sun at Simha 26° and Mercury at Kanya 20.5° are in their own signs here.
    saptavargaja: { Su: 'moolatrikona by sign (book) or by degree (here)', Me: 'moolatrikona by sign (book) or by degree (here)' },
    sthana: { Su: 'moolatrikona by sign (book) or by degree (here)', Me: 'moolatrikona by sign (book) or by degree (here)' },
    // Mercury shares Kanya with Jupiter and Saturn: a benefic for Jain (as many benefics as malefics),
    // a malefic here (any malefic with it, the rule the yogas use).
    paksha: { Me: 'Mercury with a benefic and a malefic' },
    drik: { Mo: "Mercury's aspect counted as a malefic's", Ma: "Mercury's aspect counted as a malefic's" },
    kala: { Me: 'paksha and yuddha of the Mercury difference' },
    total: { Su: 'moolatrikona', Me: 'moolatrikona and paksha', Mo: 'drik', Ma: 'drik' },
  },
};

for (const key of ['raman', 'jain']) {
  describe(`Shadbala of ${key === 'raman' ? "Raman's" : "V. P. Jain's"} worked chart`, () => {
    const c = book(key);
    const { s } = strengthsOf(c);
    for (const [part, read] of Object.entries(PART)) {
      const expected = c[part] as number[] | undefined;
      if (!expected) continue;
      it(`gives ${part} within ${TOLERANCE[part] ?? 0.5} virupa of the book, or differs for a stated reason`, () => {
        SEVEN.forEach((g, i) => {
          const ours = read(s[g]);
          const reason = DIFFERS[key]?.[part]?.[g];
          if (reason) expect(Math.abs(ours - expected[i]!), `${g} ${part}: ${reason}`).toBeGreaterThan(TOLERANCE[part] ?? 0.5);
          else expect(Math.abs(ours - expected[i]!), `${g} ${part}: ours ${ours.toFixed(2)}, book ${expected[i]}`).toBeLessThanOrEqual(TOLERANCE[part] ?? 0.5);
        });
      });
    }
  });
}

describe("the book's slips, and where they leave us", () => {
  it("answers Raman's Saturn uchcha as his own sthana total implies (177.3 - 97.5 - 15 - 30 - 0 = 34.8)", () => {
    const { s } = strengthsOf(book('raman'));
    expect(s.Sa.sthana.uchcha).toBeCloseTo(34.8, 0);
  });
  it("keeps Mars's dig bala within its maximum of 60 where Raman's table prints 64.30", () => {
    const { s } = strengthsOf(book('raman'));
    for (const g of SEVEN) expect(s[g].dig).toBeLessThanOrEqual(60);
    expect(s.Ma.dig).toBeGreaterThan(50);
  });
  it("gives Jain's graha war (Mercury and Jupiter 0.06° apart) to Jupiter, the northern, as his kala totals do", () => {
    const { s } = strengthsOf(book('jain'));
    expect(s.Ju.kala.yuddha).toBeGreaterThan(0);
    expect(s.Me.kala.yuddha).toBeCloseTo(-s.Ju.kala.yuddha, 9);
    const raman = strengthsOf(book('raman')).s;
    for (const g of SEVEN) expect(raman[g].kala.yuddha).toBe(0);
  });
});

describe('the parts from the book’s own longitudes', () => {
  it("gives Raman's uchcha bala from his printed longitudes (Sun 3.0, Mercury 54.5, Jupiter 56.33, Venus 1.95)", () => {
    const lon = book('raman').longitudes!;
    expect(uchchaBala('Su', lon[0]!)).toBeCloseTo(3.0, 1);
    expect(uchchaBala('Me', lon[3]!)).toBeCloseTo(54.5, 1);
    expect(uchchaBala('Ju', lon[4]!)).toBeCloseTo(56.33, 1);
    expect(uchchaBala('Ve', lon[5]!)).toBeCloseTo(1.95, 1);
  });
  it('keeps every chesta bala between 0 and 60', () => {
    for (let jd = 2415020; jd < 2470000; jd += 997.3)
      for (const g of ['Ma', 'Me', 'Ju', 'Ve', 'Sa'] as const) {
        const v = chestaBala(g, (jd * 0.7) % 360, jd);
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(60);
      }
  });
});

describe('drishti values', () => {
  it('are 0 within 30°, full (60) at the 7th, and carry the special aspects of Mars, Jupiter and Saturn', () => {
    expect(drishtiValue('Su', 20)).toBe(0);
    expect(drishtiValue('Su', 180)).toBe(60);
    expect(drishtiValue('Su', 90)).toBe(45);
    expect(drishtiValue('Ma', 90)).toBe(60);
    expect(drishtiValue('Ju', 120)).toBe(60);
    expect(drishtiValue('Sa', 270)).toBe(60);
    expect(drishtiValue('Su', 300)).toBe(0);
  });
});

describe('the report', () => {
  const { core } = strengthsOf(book('raman'));
  const r = strengthReport(core);
  it('states each graha in virupas and rupas with the BPHS minimum and the ratio', () => {
    const sun = r.grahas.find((g) => g.graha === 'Su')!;
    expect(sun.required_rupas).toBe(6.5);
    expect(sun.rupas).toBeCloseTo(sun.virupas / 60, 2);
    expect(sun.ratio).toBeCloseTo(sun.virupas / 60 / 6.5, 2);
    expect(r.grahas.find((g) => g.graha === 'Me')!.required_rupas).toBe(7);
    expect(r.grahas.map((g) => g.rank).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('gives twelve bhavas whose strength is the lord’s shadbala plus dig and drishti, the 1st at the lagna', () => {
    expect(r.bhavas).toHaveLength(12);
    expect(r.bhavas[0]!.madhya).toBeCloseTo(core.asc!, 1);
    expect(r.bhavas[9]!.madhya).toBeCloseTo(core.mc!, 1);
    for (const b of r.bhavas) {
      expect(b.virupas).toBeCloseTo(b.adhipati + b.dig + b.drishti, 1);
      expect(b.adhipati).toBe(r.grahas.find((g) => g.graha === b.lord)!.virupas);
      expect(b.dig).toBeGreaterThanOrEqual(0);
      expect(b.dig).toBeLessThanOrEqual(60);
    }
  });
  it('trisects the quadrants between the lagna, nadir, descendant and midheaven (Sripati)', () => {
    const m = sripatiMadhyas(100, 10);
    expect(m[3]).toBeCloseTo(190, 9);
    expect(m[6]).toBeCloseTo(280, 9);
    expect(m[9]).toBeCloseTo(10, 9);
    expect(m[1]).toBeCloseTo(130, 9);
  });
});

describe('bhava bala against other software', () => {
  const ref = JSON.parse(readFileSync(new URL('./fixtures/bhava-bala-software.json', import.meta.url), 'utf8')) as BookChart & {
    dig: number[];
    drishti: number[];
  };
  const { core } = strengthsOf(ref);
  const bhavas = strengthReport(core).bhavas;
  it('gives the twelve bhavas the dig bala the other program gives (human, watery, insect and quadruped signs, Dhanu and Makara split)', () => {
    expect(bhavas.map((b) => b.dig)).toEqual(ref.dig);
  });
  it("gives the twelve bhavas' drishti bala within 0.5 virupa, Mercury's aspect added in full though he sits with the Sun and Saturn", () => {
    // Mercury in Meena with the Sun, Venus and Saturn: a malefic by his company (his paksha and drik
    // bala take him so), yet BPHS 27.29 adds his aspect on a bhava whole, as Jupiter's.
    expect(factsOfCore(core).benefic.Me).toBe(false);
    bhavas.forEach((b, i) => {
      expect(Math.abs(b.drishti - ref.drishti[i]!), `bhava ${b.bhava}: ours ${b.drishti.toFixed(2)}, theirs ${ref.drishti[i]}`).toBeLessThanOrEqual(0.5);
    });
  });
});

describe("chesta bala from Raman's tables at their full precision", () => {
  it("gives the taras' chesta bala of both books within 0.05 virupa", () => {
    for (const key of ['raman', 'jain']) {
      const c = book(key);
      const { s } = strengthsOf(c);
      (['Ma', 'Me', 'Ju', 'Ve', 'Sa'] as const).forEach((g) => {
        const expected = (c.chesta as number[])[SEVEN.indexOf(g)]!;
        expect(Math.abs(s[g].chesta - expected), `${key} ${g}: ours ${s[g].chesta.toFixed(3)}, book ${expected}`).toBeLessThanOrEqual(0.05);
      });
    }
  });
});
