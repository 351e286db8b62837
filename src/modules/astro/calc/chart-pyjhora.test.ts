// The birth chart against independent software: PyJHora (e20943c, Lahiri) and the Swiss Ephemeris
// .se1 files, on 49 births (the 9 published and the 40 seeded births of yoga-pyjhora.json; the 15 of
// dasha-pyjhora.json are among them). fixtures/chart-pyjhora.json holds what they computed;
// PROVENANCE.md says how. Parts: positions and retrograde flags, the 15 divisional charts both have,
// ashtakavarga, upagrahas, manglik and the panchanga limbs at sunrise. Where the two part, the cause
// is stated and asserted; docs/decisions/astro-chart-conventions.md ("Against PyJHora") says why we
// keep ours.

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { computeChart, MODULES } from './chart.js';
import { ascendant, julday, setAyanamsa, sunMoon } from './ephemeris.js';
import { dayFrame } from './day.js';
import { limbAt } from './panchanga.js';
import { VARGA_CHARTS, vargaSign } from './varga.js';
import { ashtakavarga, BAV_GRAHAS } from './ashtakavarga.js';
import { manglik } from '../match/manglik.js';
import type { Birth } from '../../../../test/helpers/yoga-charts.js';

interface RefChart {
  id: string;
  birth: Birth;
  longitude: Record<string, number>;
  mean_node: { Ra: number; Ke: number };
  retrograde: string[];
  swe_apparent: Record<string, number>;
  vargas: Record<string, string>;
  ashtakavarga: { bhinna: Record<string, number[]>; sarva: number[] };
  upagrahas: Record<string, number>;
  /** The sunrise and sunset clock hours PyJHora's upagraha_longitude used for this birth. */
  upagraha_day: [number, number];
  manglik: Record<string, { present: boolean; exceptions: number[] }>;
  sunrise: { local_hours: number; tithi: number; nakshatra: number; yoga: number; karana: number; vara: number };
}
const fx = JSON.parse(readFileSync(new URL('./fixtures/chart-pyjhora.json', import.meta.url), 'utf8')) as { points: string[]; charts: RefChart[] };
const POINTS = fx.points; // La, Su .. Ke
const GRAHAS = POINTS.slice(1);

/** Our chart of a birth, every module, as /astro casts it. */
function cast(b: Birth, node: 'true' | 'mean') {
  const jdUt = julday(b.year, b.month, b.day, b.hour + b.min / 60 - b.tz_hours);
  const out = computeChart({
    jdUt,
    offsetMin: b.tz_hours * 60,
    timezoneSource: 'explicit',
    lat: b.lat,
    lon: b.lon,
    ayanamsa: 'lahiri',
    node,
    modules: new Set(MODULES),
    vargas: [],
  });
  const chart = out.chart as {
    lagna: { Lg: { longitude: number } };
    graha: Record<string, { longitude: number; retrograde: boolean }>;
    panchanga: { birth_in: string };
  };
  const lon: Record<string, number> = { La: chart.lagna.Lg.longitude };
  for (const g of GRAHAS) lon[g] = chart.graha[g]!.longitude;
  return { jdUt, out, chart, lon };
}
const charts = fx.charts.map((c) => ({ c, ours: cast(c.birth, 'true'), mean: cast(c.birth, 'mean') }));

/** Angular distance in arc seconds. */
const arcsec = (a: number, b: number) => {
  const x = Math.abs(a - b) % 360;
  return (x > 180 ? 360 - x : x) * 3600;
};
const max = (xs: number[]) => Math.max(...xs);

describe('positions against PyJHora and the Swiss Ephemeris files', () => {
  it('puts the seven grahas within 2" of the Swiss Ephemeris apparent positions, and the true node within 30"', () => {
    // Our default ephemeris is the Moshier theory; the reference read the .se1 files. The true node is an
    // osculating element of the Moon's orbit, so the two lunar theories part by more there (median 5.5").
    for (const g of ['Su', 'Mo', 'Ma', 'Me', 'Ju', 'Ve', 'Sa'])
      expect(max(charts.map(({ c, ours }) => arcsec(ours.lon[g]!, c.swe_apparent[g]!)))).toBeLessThan(2);
    expect(max(charts.map(({ c, ours }) => arcsec(ours.lon.Ra!, c.swe_apparent.Ra!)))).toBeLessThan(30);
  });

  it("differs from PyJHora's longitudes by light-time and aberration only: PyJHora asks for geometric positions (FLG_TRUEPOS)", () => {
    // PyJHora's values are exactly the .se1 positions with FLG_TRUEPOS (checked when the fixture was made);
    // we give apparent positions, as almanacs and Jagannatha Hora do. The Sun's gap is the constant of
    // aberration, 20.5"; Mercury's is the largest (up to 58").
    const sun = charts.map(({ c, ours }) => arcsec(ours.lon.Su!, c.longitude.Su!));
    expect(Math.min(...sun)).toBeGreaterThan(20);
    expect(max(sun)).toBeLessThan(21);
    for (const g of ['Mo', 'Ma', 'Me', 'Ju', 'Ve', 'Sa']) expect(max(charts.map(({ c, ours }) => arcsec(ours.lon[g]!, c.longitude[g]!)))).toBeLessThan(60);
    // The lagna and the mean node are no ephemeris body: they agree to the 1e-6 deg the fixture keeps.
    expect(max(charts.map(({ c, ours }) => arcsec(ours.lon.La!, c.longitude.La!)))).toBeLessThan(0.01);
    expect(max(charts.map(({ c, mean }) => arcsec(mean.lon.Ra!, c.mean_node.Ra)))).toBeLessThan(0.01);
    expect(max(charts.map(({ c, mean }) => arcsec(mean.lon.Ke!, c.mean_node.Ke)))).toBeLessThan(0.01);
  });

  it('gives the same rashi for the lagna and the nine grahas in all 49 charts', () => {
    for (const { c, ours } of charts) for (const k of POINTS) expect(Math.floor(ours.lon[k]! / 30), `${c.id} ${k}`).toBe(Math.floor(c.longitude[k]! / 30));
  });

  it('marks the same grahas retrograde (245 of 245: Mars to Saturn in 49 charts)', () => {
    for (const { c, ours } of charts) {
      const retro = ['Ma', 'Me', 'Ju', 'Ve', 'Sa'].filter((g) => ours.chart.graha[g]!.retrograde);
      expect(retro, c.id).toEqual(c.retrograde);
    }
  });
});

describe('divisional charts against PyJHora', () => {
  // PyJHora's method for each: 1 (its "Traditional Parasara") for every D but D2, where 1 is Rao's
  // parivritti hora and 2 the Parashari Sun/Moon hora we give. D24 method 1 counts odd signs from Leo and
  // even from Cancer, as BPHS ch. 6 and we do (its own function defaults to 3, even signs from Leo).
  const SHARED = VARGA_CHARTS.filter((d) => d !== 'D1');
  const theirs = (c: RefChart, d: string, i: number) => Number.parseInt(c.vargas[d]![i]!, 16) + 1;

  it("our rules give PyJHora's sign for all 15 charts, 10 points and 49 births (7,350 placements) from the same longitudes", () => {
    expect(SHARED).toHaveLength(15);
    for (const { c } of charts)
      for (const d of SHARED) POINTS.forEach((k, i) => expect(vargaSign(d, c.longitude[k]!), `${c.id} ${d} ${k}`).toBe(theirs(c, d, i)));
  });

  it('from our own longitudes parts in 21 of 7,350 placements, each a division boundary inside the aberration gap', () => {
    const parted: string[] = [];
    for (const { c, ours } of charts)
      for (const d of SHARED)
        POINTS.forEach((k, i) => {
          if (vargaSign(d, ours.lon[k]!) === theirs(c, d, i)) return;
          parted.push(`${c.id} ${d} ${k}`);
          // The same rule on two longitudes gives two signs only with a boundary between them.
          expect(arcsec(ours.lon[k]!, c.longitude[k]!)).toBeLessThan(60);
        });
    // Worst: Indira Gandhi's Jupiter at 45.0019 deg for us and 44.9988 for PyJHora (11") parts in 9 charts.
    expect(parted.filter((p) => p.startsWith('indira-gandhi '))).toHaveLength(9);
    expect(parted).toHaveLength(21);
  });
});

describe('ashtakavarga against PyJHora', () => {
  it('gives the same bhinnashtakavarga of all seven grahas and the same sarvashtakavarga in all 49 charts', () => {
    for (const { c, ours } of charts) {
      const av = ours.out.ashtakavarga!;
      for (const g of BAV_GRAHAS) expect(av.bhinna[g], `${c.id} ${g}`).toEqual(c.ashtakavarga.bhinna[g]);
      expect(av.sarvashtakavarga, c.id).toEqual(c.ashtakavarga.sarva);
      // PyJHora's table on its own signs gives the same: the rows, not the chart, are compared.
      const sign = (k: string) => Math.floor(c.longitude[k]! / 30) + 1;
      const fromTheirs = ashtakavarga({
        Su: sign('Su'),
        Mo: sign('Mo'),
        Ma: sign('Ma'),
        Me: sign('Me'),
        Ju: sign('Ju'),
        Ve: sign('Ve'),
        Sa: sign('Sa'),
        Lg: sign('La'),
      });
      expect(fromTheirs.sarvashtakavarga).toEqual(c.ashtakavarga.sarva);
    }
  });
});

describe('upagrahas against PyJHora', () => {
  const up = (o: ReturnType<typeof cast>, k: string) => (o.out.upagrahas as Record<string, { longitude: number }>)[k]!.longitude;

  it('places the five solar upagrahas as PyJHora does, but for the Sun\'s aberration (20.5")', () => {
    for (const { c, ours } of charts)
      for (const k of ['Dhuma', 'Vyatipata', 'Parivesha', 'Indrachapa', 'Upaketu']) {
        expect(Math.abs(arcsec(up(ours, k), c.upagrahas[k]!) - arcsec(ours.lon.Su!, c.longitude.Su!)), `${c.id} ${k}`).toBeLessThan(0.05);
      }
  });

  // Both take Gulika at the start and Mandi at the middle of Saturn's eighth (PyJHora's
  // gulika_longitude 'begin', maandi_longitude 'middle').
  const day = charts.filter(({ ours }) => ours.chart.panchanga.birth_in === 'day');
  const night = charts.filter(({ ours }) => ours.chart.panchanga.birth_in === 'night');

  /**
   * PyJHora's Gulika and Mandi rebuilt with our ascendant from the sunrise and sunset clock hours its
   * upagraha_longitude takes (fixture `upagraha_day`): Saturn's eighth counted from that sunrise over
   * |sunset - sunrise| / 8, by day among the day lords, by night among the night lords (from the 5th).
   */
  function pyjhoraReading(c: RefChart, weekday: number, isDay: boolean) {
    const [rise, set] = c.upagraha_day;
    const part = Math.abs(set - rise) / 8; // hours
    const k = isDay ? (6 - weekday + 7) % 7 : (6 - (weekday + 4) + 14) % 7;
    const b = c.birth;
    const at = (hours: number) => ascendant(julday(b.year, b.month, b.day, hours - b.tz_hours), b.lat, b.lon);
    return { Gulika: at(rise + k * part), Mandi: at(rise + (k + 0.5) * part) };
  }
  const weekdayOf = (c: RefChart, jdUt: number) => dayFrame(jdUt, c.birth.lat, c.birth.lon, c.birth.tz_hours * 60).weekday;
  /** PyJHora's Gulika and Mandi, rebuilt by its own rule from its sunrise and sunset, come out to 1". */
  const expectRebuilt = (c: RefChart, jdUt: number, isDay: boolean) => {
    const py = pyjhoraReading(c, weekdayOf(c, jdUt), isDay);
    expect(arcsec(py.Gulika, c.upagrahas.Gulika!), c.id).toBeLessThan(1);
    expect(arcsec(py.Mandi, c.upagrahas.Mandi!), c.id).toBeLessThan(1);
  };

  it('puts Gulika and Mandi of the 30 day births within 1.3 deg, all of it the sunrise: PyJHora rises the Sun by its centre without refraction', () => {
    // PyJHora's sunrise (BIT_HINDU_RISING) is 3.5 to 4.4 minutes after ours (upper limb, refraction) and
    // its sunset earlier by about as much: Saturn's eighth starts a few minutes apart, the lagna up to 1.3
    // deg. From PyJHora's own sunrise and sunset the same rule gives its values to 1".
    expect(day).toHaveLength(30);
    setAyanamsa('lahiri');
    for (const { c, ours } of day) {
      expect(arcsec(up(ours, 'Gulika'), c.upagrahas.Gulika!) / 3600, c.id).toBeLessThan(1.3);
      expect(arcsec(up(ours, 'Mandi'), c.upagrahas.Mandi!) / 3600, c.id).toBeLessThan(1.3);
      expectRebuilt(c, ours.jdUt, true);
    }
  });

  it("parts by 150-180 deg on the 19 night births: PyJHora lays the night's eighths from sunrise, with the day's length", () => {
    // PyJHora's upagraha_longitude, born after sunset or before sunrise, takes Saturn's place among the
    // night lords but counts it from the (next or same day's) sunrise clock time over |sunset - sunrise| / 8:
    // a part of the day. BPHS ch. 3 lays the night's eighths from sunset; so do we. Rebuilt so, PyJHora's
    // values come out to 1".
    expect(night).toHaveLength(19);
    setAyanamsa('lahiri');
    for (const { c, ours } of night) {
      expect(arcsec(up(ours, 'Gulika'), c.upagrahas.Gulika!) / 3600, c.id).toBeGreaterThan(150);
      expect(arcsec(up(ours, 'Mandi'), c.upagrahas.Mandi!) / 3600, c.id).toBeGreaterThan(150);
      expectRebuilt(c, ours.jdUt, false);
    }
  });
});

describe('manglik against PyJHora', () => {
  const points = (lon: Record<string, number>) => ({ lagna: lon.La!, moon: lon.Mo!, mars: lon.Ma!, venus: lon.Ve!, jupiter: lon.Ju! });

  it('finds the dosha from the same points in all 49 charts, with and without the 2nd house (294 of 294)', () => {
    // PyJHora's dosha.manglik with include_lagna_house=True (its default leaves the 1st out, after S. Rath)
    // and the reference planet 'L', the Moon or Venus.
    for (const { c, ours } of charts)
      for (const houses of ['with_2nd', 'without_2nd'] as const) {
        const m = manglik(points(ours.lon), houses);
        for (const from of ['lagna', 'moon', 'venus'] as const)
          expect(m.dosha_from.includes(from), `${c.id} ${from} ${houses}`).toBe(c.manglik[`${from}_${houses}`]!.present);
      }
  });

  it('reads the cancellations both name alike; PyJHora cancels all 25 lagna doshas, we keep 3', () => {
    // Shared: its exception 1 (Mars in Simha or Kumbha) and 17 (Jupiter or Venus in the lagna).
    // Not ours: 7 counts any graha joined, in mutual aspect or exchange with Mars (its docstring, after
    // B. V. Raman, names Jupiter or Saturn), so it holds in 24 of the 25; 8 (Mars retrograde), 9 (combust or
    // within 1 deg of a sign's edge), 12 (a friend's sign), 13 (a movable sign), 15 (Karka or Simha lagna);
    // PyJHora's own notes call 12 and 13 reductions, not cancellations.
    const kept: string[] = [];
    for (const { c, ours } of charts) {
      const py = c.manglik.lagna_with_2nd!;
      if (!py.present) continue;
      const m = manglik(points(ours.lon), 'with_2nd');
      const applies = (rule: string) => m.cancellations.find((x) => x.rule === rule)!.applies;
      expect(applies('mars_in_simha_or_kumbha'), c.id).toBe(py.exceptions.includes(1));
      expect(applies('jupiter_or_venus_in_lagna'), c.id).toBe(py.exceptions.includes(17));
      expect(py.exceptions.length, c.id).toBeGreaterThan(0);
      if (m.manglik) {
        kept.push(c.id);
        expect(
          py.exceptions.every((e) => [7, 8, 9, 12, 13, 15].includes(e)),
          c.id,
        ).toBe(true);
      }
    }
    expect(kept).toEqual(['seed47-02', 'seed47-14', 'seed47-40']);
  });
});

describe('panchanga limbs at sunrise against PyJHora', () => {
  it('gives the same tithi, nakshatra, yoga, karana and vara at sunrise of all 49 birth dates', () => {
    setAyanamsa('lahiri');
    for (const { c } of charts) {
      const b = c.birth;
      const frame = dayFrame(julday(b.year, b.month, b.day, 12 - b.tz_hours), b.lat, b.lon, b.tz_hours * 60);
      // PyJHora's sunrise is the Sun's centre without refraction, 3.5-4.4 minutes after ours.
      const ourHours = ((((frame.sunrise + 0.5 + b.tz_hours / 24) % 1) + 1) % 1) * 24;
      expect((c.sunrise.local_hours - ourHours) * 60, c.id).toBeGreaterThan(3.4);
      expect((c.sunrise.local_hours - ourHours) * 60, c.id).toBeLessThan(4.5);
      const { sun, moon } = sunMoon(frame.sunrise);
      for (const limb of ['tithi', 'nakshatra', 'yoga', 'karana'] as const) expect(limbAt(limb, sun, moon).number, `${c.id} ${limb}`).toBe(c.sunrise[limb]);
      expect(frame.weekday, c.id).toBe(c.sunrise.vara);
    }
  });
});
