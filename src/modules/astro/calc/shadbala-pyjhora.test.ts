// Shadbala parts against independent software: PyJHora's components for 15 births
// (fixtures/shadbala-pyjhora.json, computed by running PyJHora on this machine; PROVENANCE.md says
// how). Compared here are the parts where both follow one rule: naisargika, tribhaga and the lords
// of year and day (within 0.5 virupa on every graha of every chart), and dig bala once PyJHora's
// arc is taken the short way round (it divides the raw difference of longitudes by 3, so an arc over
// 180 degrees gives more than the 60-virupa maximum; BPHS 27 measures the arc up to 180). Chesta,
// masa, nathonnatha and drik are compared below with each of PyJHora's departures from the rule
// stated and checked. The parts that differ, and why, are in docs/decisions/astro-yogas-strengths.md
// ("Shadbala against PyJHora").

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ephemerisCore } from './chart.js';
import { julday } from './ephemeris.js';
import { SEVEN, type Seven } from './facts.js';
import { factsOfCore, strengthReport } from './reading.js';
import { meanLon } from './shadbala.js';
import type { Birth } from '../../../../test/helpers/yoga-charts.js';

interface RefChart {
  id: string;
  birth: Birth;
  virupas: Record<string, number[]>;
}
const fx = JSON.parse(readFileSync(new URL('./fixtures/shadbala-pyjhora.json', import.meta.url), 'utf8')) as { charts: RefChart[] };

function coreOf(b: Birth) {
  const jdUt = julday(b.year, b.month, b.day, b.hour + b.min / 60 + (b.sec ?? 0) / 3600 - b.tz_hours);
  return ephemerisCore(
    { jdUt, offsetMin: b.tz_hours * 60, timezoneSource: 'explicit', lat: b.lat, lon: b.lon, ayanamsa: 'lahiri', node: 'true' },
    { planets: true, asc: true, frame: true },
  );
}
const oursOf = (b: Birth) => strengthReport(coreOf(b)).grahas;

/** PyJHora's dig bala with its arc folded to the short way round (arc/3 above 60 -> (360 - arc)/3). */
const folded = (v: number) => (v > 60 ? (360 - 3 * v) / 3 : v);

const PARTS: Record<string, { theirs: (c: RefChart, i: number) => number; ours: (g: ReturnType<typeof oursOf>[number]) => number }> = {
  naisargika: { theirs: (c, i) => c.virupas.naisargika![i]!, ours: (g) => g.naisargika },
  tribhaga: { theirs: (c, i) => c.virupas.kala_tribhaga![i]!, ours: (g) => g.kala.tribhaga },
  abda: { theirs: (c, i) => c.virupas.kala_abda![i]!, ours: (g) => g.kala.abda },
  vara: { theirs: (c, i) => c.virupas.kala_vara![i]!, ours: (g) => g.kala.vara },
  dig: { theirs: (c, i) => folded(c.virupas.dig![i]!), ours: (g) => g.dig },
};

describe('Shadbala parts against PyJHora (shadbala-pyjhora.json)', () => {
  it.each(fx.charts.map((c) => [c.id, c] as const))('%s: naisargika, tribhaga, year and day lords, dig within 0.5 virupa', (_id, c) => {
    const ours = oursOf(c.birth);
    const off: string[] = [];
    for (const [part, p] of Object.entries(PARTS))
      SEVEN.forEach((g, i) => {
        const o = p.ours(ours.find((x) => x.graha === g)!);
        if (Math.abs(o - p.theirs(c, i)) > 0.5) off.push(`${part} ${g}: ours ${o}, PyJHora ${p.theirs(c, i)}`);
      });
    expect(off).toEqual([]);
  });

  it('the fold matters: PyJHora gives dig bala above the 60-virupa maximum on some charts, never we', () => {
    const over = fx.charts.flatMap((c) => c.virupas.dig!.filter((v) => v > 60));
    expect(over.length).toBeGreaterThan(0);
    for (const c of fx.charts) for (const g of oursOf(c.birth)) expect(g.dig).toBeLessThanOrEqual(60);
  });
});

const TARAS = ['Ma', 'Me', 'Ju', 'Ve', 'Sa'] as const;
const indexOf = (g: Seven) => SEVEN.indexOf(g);

/**
 * PyJHora's chesta departs from BPHS 27.23-24 (Raman ch. VI) in three ways, undone here:
 * - it does not reduce the kendra to 0..180 (values above 60: 120 - v);
 * - it averages the true and mean longitudes as plain numbers, so when the two lie either side of
 *   0° Aries (Venus at 349.9° and the Sun's mean at 26.3°) the "average" is the opposite point
 *   (188°, not 8°) and its kendra is 180° less ours: 60 - v;
 * - reading Raman's Mars table (no tens column) it takes the tens digit of the day count ten times
 *   and drops the units: up to 9 days x 0.524° off the mean, half of it in the average, 0.79 virupa.
 * Births before 1900 are left out: PyJHora reads its tables digit by digit from a negative day
 * count, which puts mean places 17-162° from the tables' own motion (its linear means agree with
 * ours there within 0.4°).
 */
function theirChestaUndone(c: RefChart, g: (typeof TARAS)[number], trueLon: number, jdUt: number): number {
  const v = c.virupas.chesta![indexOf(g)]!;
  const folded = v > 60 ? 120 - v : v;
  const mean = meanLon(g === 'Me' || g === 'Ve' ? 'Su' : g, jdUt);
  return Math.abs(trueLon - mean) > 180 ? 60 - folded : folded;
}
const CHESTA_TOLERANCE = { Ma: 0.8, Me: 0.5, Ju: 0.5, Ve: 0.5, Sa: 0.5 } as const;
const since1900 = fx.charts.filter((c) => c.birth.year >= 1900);

describe('Chesta bala against PyJHora, its departures undone', () => {
  it.each(since1900.map((c) => [c.id, c] as const))('%s: the five taras within 0.5 virupa (Mars 0.8)', (_id, c) => {
    const core = coreOf(c.birth);
    const f = factsOfCore(core);
    const ours = strengthReport(core, f).grahas;
    const off: string[] = [];
    for (const g of TARAS) {
      const o = ours.find((x) => x.graha === g)!.chesta;
      const t = theirChestaUndone(c, g, f.lon[g], core.jdUt);
      if (Math.abs(o - t) > CHESTA_TOLERANCE[g]) off.push(`${g}: ours ${o}, PyJHora undone ${t.toFixed(2)}`);
    }
    expect(off).toEqual([]);
  });

  it('each departure occurs in the fixture: unreduced arcs, averages across 0° Aries, pre-1900 tables', () => {
    let unreduced = 0;
    let across = 0;
    for (const c of since1900) {
      const core = coreOf(c.birth);
      const f = factsOfCore(core);
      for (const g of TARAS) {
        if (c.virupas.chesta![indexOf(g)]! > 60) unreduced++;
        if (Math.abs(f.lon[g] - meanLon(g === 'Me' || g === 'Ve' ? 'Su' : g, core.jdUt)) > 180) across++;
      }
    }
    expect(unreduced).toBeGreaterThan(0);
    expect(across).toBeGreaterThan(0);
    for (const c of fx.charts.filter((x) => x.birth.year < 1900)) {
      const ours = oursOf(c.birth);
      const far = TARAS.filter((g) => Math.abs(ours.find((x) => x.graha === g)!.chesta - c.virupas.chesta![indexOf(g)]!) > 5);
      expect(far.length, c.id).toBeGreaterThan(0);
    }
  });
});

/**
 * PyJHora's ahargana for masa bala is not the day count from the Kali epoch: it counts from a base
 * day in 1951 and, for years before 1951, counts no leap days (its range of leap years is empty for
 * a negative span), so its 30-day months begin 13 days away from the Kali count after 1951 and
 * drift further before. Both counts give the month lords of Raman's and Jain's worked charts (their
 * births fall late in the month); they part where the birth lies in the first 13 days of the Kali
 * count's month (Rahul Gandhi's, day 2) or the leap-day drift crosses a month (Gandhi's, 1869).
 */
const MASA_DIFFERS: Record<string, string> = {
  gandhi: 'PyJHora counts no leap days between 1869 and 1951',
  'rahul-gandhi-kn-rao': "the birth is on day 2 of the Kali count's month; PyJHora's month starts 13 days later",
};

describe('Masa bala against PyJHora', () => {
  it.each(fx.charts.map((c) => [c.id, c] as const))('%s: the same month lord, or differs for a stated reason', (id, c) => {
    const ours = oursOf(c.birth);
    const same = SEVEN.every((g, i) => ours.find((x) => x.graha === g)!.kala.masa === c.virupas.kala_masa![i]);
    expect(same, MASA_DIFFERS[id] ?? 'same lord').toBe(!MASA_DIFFERS[id]);
  });
});

/**
 * PyJHora's midnight for nathonnatha is mirrored about 00:00: it takes the midpoint of the previous
 * sunset and the sunrise, and where that falls before 00:00 civil time (local noon before 12:00)
 * it puts it as far after. Its value is then off by the mirror, 2|m| hours or 10|m| virupas, where
 * m (hours) is apparent midnight's place against 00:00; where m >= 0 the two agree.
 */
describe('Nathonnatha bala against PyJHora', () => {
  it.each(fx.charts.map((c) => [c.id, c] as const))('%s: equal where apparent midnight is after 00:00, else apart by the mirror', (_id, c) => {
    const core = coreOf(c.birth);
    const frame = core.frame!;
    const noonLocal = (frame.sunrise + frame.sunset) / 2 + core.offsetMin / 1440 + 0.5;
    const noonLocalHours = (noonLocal - Math.floor(noonLocal)) * 24;
    const m = noonLocalHours - 12;
    const mirror = m < 0 ? -10 * m : 0;
    const ours = strengthReport(core).grahas;
    const off: string[] = [];
    SEVEN.forEach((g, i) => {
      const o = ours.find((x) => x.graha === g)!.kala.nathonnatha;
      const gap = Math.abs(o - c.virupas.kala_nathonnatha![i]!);
      const expected = g === 'Me' ? 0 : mirror;
      if (Math.abs(gap - expected) > 0.5) off.push(`${g}: ours ${o}, PyJHora ${c.virupas.kala_nathonnatha![i]}, mirror ${expected.toFixed(2)}`);
    });
    expect(off).toEqual([]);
  });
});

/**
 * Drik bala: PyJHora makes Mercury a benefic when more benefics than malefics share his sign
 * (P. V. R. Narasimha Rao's and V. P. Jain's reading); we follow BPHS 3.10-11, any malefic with him
 * makes him one (the rule Raman's drik table and the yogas use).
 */
const DRIK_DIFFERS: Record<string, Partial<Record<Seven, string>>> = {
  'rajiv-gandhi-pvr-chart-14': { Sa: 'Mercury in Simha with the Sun, the waxing Moon, Jupiter and Venus: a benefic for PyJHora' },
};

describe('Drik bala against PyJHora', () => {
  it.each(fx.charts.map((c) => [c.id, c] as const))('%s: within 0.5 virupa, or differs for a stated reason', (id, c) => {
    const ours = oursOf(c.birth);
    SEVEN.forEach((g, i) => {
      const gap = Math.abs(ours.find((x) => x.graha === g)!.drik - c.virupas.drik![i]!);
      const reason = DRIK_DIFFERS[id]?.[g];
      if (reason) expect(gap, reason).toBeGreaterThan(0.5);
      else expect(gap, `${g} drik`).toBeLessThanOrEqual(0.5);
    });
  });
});
