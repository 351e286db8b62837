import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ashtakoota, verdict, type Ashtakoota } from './ashtakoota.js';
import { moonFromNakshatra } from './moon.js';

type Star = { nakshatra: number; pada: number };
type Cell = { boy: Star; girl: Star; points: number };
type Case = { koota: string; source: string; says: string; boy?: Star; girl?: Star; cells?: Cell[]; expect?: Record<string, unknown> };
const examples = JSON.parse(readFileSync(new URL('./fixtures/worked-examples.json', import.meta.url), 'utf8')) as { cases: Case[] };

const moon = (s: Star) => moonFromNakshatra(s.nakshatra - 1, s.pada);
const match = (boy: Star, girl: Star, o?: Parameters<typeof ashtakoota>[2]) => ashtakoota(moon(boy), moon(girl), o);
const kootaPoints = (a: Ashtakoota, koota: string) => (a.kootas as Record<string, { points: number }>)[koota]!.points;

describe('Ashtakoota against published worked examples', () => {
  for (const c of examples.cases.filter((x) => x.cells)) {
    it(`scores ${c.koota} as published: ${c.says}`, () => {
      for (const cell of c.cells!) {
        expect(kootaPoints(match(cell.boy, cell.girl), c.koota), JSON.stringify(cell)).toBe(cell.points);
      }
    });
  }

  it('reproduces the tara of the sriramgurujala.com example: bride Ashwini, groom Vishakha, counts 1 and 7, 1.5 points', () => {
    const c = examples.cases.find((x) => x.koota === 'tara')!;
    const a = match(c.boy!, c.girl!);
    expect(a.kootas.tara.points).toBe(1.5);
    expect([a.kootas.tara.boy.tara, a.kootas.tara.girl.tara].sort()).toEqual([4, 7]);
    expect(a.kootas.tara.boy).toMatchObject({ count: 16, tara: 7, name: 'Vadha', auspicious: false });
  });

  it('reproduces every attribute of the jainqq.org book example (Revati girl, Uttarashadha boy)', () => {
    const c = examples.cases.find((x) => x.koota === 'whole')!;
    const e = c.expect as Record<string, Record<string, unknown>>;
    const a = match(c.boy!, c.girl!);
    expect({ boy: a.kootas.tara.boy.tara, girl: a.kootas.tara.girl.tara }).toEqual(e.tara_reduced);
    expect({ boy: a.kootas.yoni.boy, girl: a.kootas.yoni.girl }).toEqual(e.yoni);
    expect({ boy: a.kootas.graha_maitri.boy, girl: a.kootas.graha_maitri.girl }).toEqual(e.lords);
    expect({ boy: a.kootas.gana.boy, girl: a.kootas.gana.girl }).toEqual(e.gana);
    expect(a.kootas.varna).toMatchObject(e.varna!);
    expect(a.kootas.bhakoot.points).toBe(e.bhakoot!.points);
    expect(a.kootas.nadi).toMatchObject(e.nadi!);
  });
});

describe('Ashtakoota totals and verdicts', () => {
  it('adds the eight kootas to at most 36 and gives the same star and pada 28 with the nadi dosha', () => {
    const a = match({ nakshatra: 1, pada: 1 }, { nakshatra: 1, pada: 1 });
    expect(a.max).toBe(36);
    expect(a.points_before_cancellations).toBe(1 + 2 + 3 + 4 + 5 + 6 + 7 + 0);
    expect(a.doshas.nadi.present).toBe(true);
  });

  it('counts the same star as Janma tara, 3 points, or with janma_tara=inauspicious 0', () => {
    expect(match({ nakshatra: 5, pada: 1 }, { nakshatra: 5, pada: 2 }).kootas.tara.points).toBe(3);
    expect(match({ nakshatra: 5, pada: 1 }, { nakshatra: 5, pada: 2 }, { janmaTara: 'inauspicious', cancellations: 'report' }).kootas.tara.points).toBe(0);
    // Other Janma-group stars (count 10, 19) follow the same choice.
    expect(match({ nakshatra: 1, pada: 1 }, { nakshatra: 10, pada: 1 }, { janmaTara: 'inauspicious', cancellations: 'report' }).kootas.tara.points).toBe(0);
  });

  const bands: [number, string][] = [
    [0, 'not_recommended'],
    [17.5, 'not_recommended'],
    [18, 'average'],
    [24, 'average'],
    [24.5, 'good'],
    [32, 'good'],
    [32.5, 'excellent'],
    [36, 'excellent'],
  ];
  for (const [total, band] of bands) {
    it(`puts a total of ${total} in the ${band} band`, () => expect(verdict(total).band).toBe(band));
  }
});

describe('nadi dosha cancellations', () => {
  const applying = (a: Ashtakoota) => a.doshas.nadi.cancellations.filter((c) => c.applies).map((c) => c.rule);
  it('names none and reports no dosha when the nadis differ', () => {
    const a = match({ nakshatra: 1, pada: 1 }, { nakshatra: 2, pada: 1 });
    expect(a.doshas.nadi).toEqual({ present: false, cancellations: [], cancelled: false, applied: false });
  });
  it('cancels for the same rashi and different nakshatras (Krittika 2 and Rohini, both Vrishabha)', () => {
    expect(applying(match({ nakshatra: 3, pada: 2 }, { nakshatra: 4, pada: 1 }))).toEqual(['same_rasi_different_nakshatra', 'rasi_lords_same_or_friends']);
  });
  it('cancels for the same nakshatra in different rashis (Krittika 1 in Mesha, Krittika 2 in Vrishabha)', () => {
    expect(applying(match({ nakshatra: 3, pada: 1 }, { nakshatra: 3, pada: 2 }))).toEqual(['same_nakshatra_different_rasi', 'same_nakshatra_different_pada']);
  });
  it('cancels for the same nakshatra and different padas in one rashi (Ashwini 1 and 3)', () => {
    expect(applying(match({ nakshatra: 1, pada: 1 }, { nakshatra: 1, pada: 3 }))).toEqual(['same_nakshatra_different_pada', 'rasi_lords_same_or_friends']);
  });
  it('cancels when the rashi lords are mutual friends (Ashwini in Mesha and Mula in Dhanu: Mars and Jupiter)', () => {
    expect(applying(match({ nakshatra: 1, pada: 1 }, { nakshatra: 19, pada: 1 }))).toEqual(['rasi_lords_same_or_friends']);
  });
  it('leaves the dosha when no rule applies (Ashwini and Ardra: Mars and Mercury), and lists every rule as not applying', () => {
    const a = match({ nakshatra: 1, pada: 1 }, { nakshatra: 6, pada: 1 });
    expect(a.doshas.nadi.present).toBe(true);
    expect(a.doshas.nadi.cancellations).toHaveLength(4);
    expect(a.doshas.nadi.cancelled).toBe(false);
  });
  it('gives the 8 points back only with cancellations=apply (Punarvasu in Mithuna, Hasta in Kanya: one lord, 4/10)', () => {
    const report = match({ nakshatra: 7, pada: 1 }, { nakshatra: 13, pada: 1 });
    const apply = match({ nakshatra: 7, pada: 1 }, { nakshatra: 13, pada: 1 }, { janmaTara: 'auspicious', cancellations: 'apply' });
    expect(apply.doshas.bhakoot.present).toBe(false);
    expect(report.doshas.nadi).toMatchObject({ cancelled: true, applied: false });
    expect(report.total).toBe(report.points_before_cancellations);
    expect(apply.doshas.nadi).toMatchObject({ cancelled: true, applied: true });
    expect(apply.total).toBe(apply.points_before_cancellations + 8);
    expect(apply.kootas.nadi.points).toBe(0);
  });
});

describe('bhakoot dosha cancellations', () => {
  const applying = (a: Ashtakoota) => a.doshas.bhakoot.cancellations.filter((c) => c.applies).map((c) => c.rule);
  it('finds 6/8 between Mesha and Vrishchika and cancels it for the one lord, Mars', () => {
    const a = match({ nakshatra: 1, pada: 2 }, { nakshatra: 17, pada: 2 });
    expect(a.kootas.bhakoot).toMatchObject({ points: 0, distance: '6/8' });
    expect(applying(a)).toContain('rasi_lords_same');
  });
  it('cancels 8/6 between Simha and Meena for friendly lords, the Sun and Jupiter', () => {
    const a = match({ nakshatra: 10, pada: 1 }, { nakshatra: 27, pada: 1 });
    expect(a.kootas.bhakoot.distance).toBe('6/8');
    expect(applying(a)).toContain('rasi_lords_friends');
    expect(applying(a)).not.toContain('rasi_lords_same');
  });
  it("cancels Mesha–Kanya (6/8, Mars and Mercury unfriendly) when both Moons' navamsas are Mesha", () => {
    expect(applying(match({ nakshatra: 1, pada: 1 }, { nakshatra: 13, pada: 1 }))).toEqual(['navamsa_lords_same_or_friends']);
  });
  it('leaves Mesha–Kanya in Vrishabha and Karka navamsas uncancelled', () => {
    const a = match({ nakshatra: 1, pada: 2 }, { nakshatra: 13, pada: 4 });
    expect(a.doshas.bhakoot).toMatchObject({ present: true, cancelled: false, applied: false });
    expect(a.doshas.bhakoot.cancellations.map((c) => c.rule)).toEqual(['rasi_lords_same', 'rasi_lords_friends', 'navamsa_lords_same_or_friends']);
  });
  it('gives the 7 points back only with cancellations=apply', () => {
    const apply = match({ nakshatra: 1, pada: 2 }, { nakshatra: 17, pada: 2 }, { janmaTara: 'auspicious', cancellations: 'apply' });
    expect(apply.doshas.bhakoot.applied).toBe(true);
    expect(apply.total - apply.points_before_cancellations).toBe(7 + (apply.doshas.nadi.applied ? 8 : 0));
  });
});
