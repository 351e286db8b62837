import { describe, expect, it } from 'vitest';
import { moonFromNakshatra } from './moon.js';
import { poruthams } from './porutham.js';

const match = (boy: [number, number], girl: [number, number]) => poruthams(moonFromNakshatra(boy[0] - 1, boy[1]), moonFromNakshatra(girl[0] - 1, girl[1]));
const agreeing = (r: ReturnType<typeof match>) =>
  Object.entries(r.poruthams)
    .filter(([, p]) => p.match)
    .map(([k]) => k);

describe('the ten poruthams', () => {
  it('finds seven of ten for a Rohini boy and an Ashwini girl (count 4: dina and mahendra, not stree deergha; Mesha to Vrishabha fails rasi and vasya)', () => {
    const r = match([4, 1], [1, 1]);
    expect(agreeing(r)).toEqual(['dina', 'gana', 'mahendra', 'yoni', 'rasyadhipati', 'rajju', 'vedha']);
    expect(r).toMatchObject({ matched: 7, of: 10, verdict: { band: 'good' } });
    expect(r.poruthams.dina.count).toBe(4);
  });

  it('agrees on stree deergha from the 14th star on, and on rasi from the 7th rashi on', () => {
    expect(match([14, 1], [1, 1]).poruthams.stree_deergha).toEqual({ match: true, count: 14 });
    expect(match([13, 4], [1, 1]).poruthams.stree_deergha).toEqual({ match: false, count: 13 });
    expect(match([15, 1], [1, 1]).poruthams.rasi).toMatchObject({ match: true, count: 7 });
    expect(match([13, 1], [1, 1]).poruthams.rasi).toMatchObject({ match: false, count: 6 });
  });

  it('rules the match out when both stars have the same rajju (Ashwini and Ashlesha, both foot), whatever the count', () => {
    const r = match([9, 1], [1, 1]);
    expect(r.poruthams.rajju).toEqual({ match: false, boy: 'Pada', girl: 'Pada' });
    expect(r.verdict.band).toBe('not_recommended');
    expect(r.verdict.text).toContain('rajju');
  });

  it('finds vedha between Ashwini and Jyeshtha and among Mrigashira, Chitra and Dhanishta', () => {
    expect(match([18, 1], [1, 1]).poruthams.vedha.match).toBe(false);
    expect(match([14, 1], [5, 1]).poruthams.vedha.match).toBe(false);
    expect(match([23, 1], [14, 1]).poruthams.vedha.match).toBe(false);
    expect(match([23, 1], [5, 1]).poruthams.vedha.match).toBe(false);
    expect(match([2, 1], [1, 1]).poruthams.vedha.match).toBe(true);
  });

  it('fails yoni only for sworn enemies (Ashwini horse, Hasta buffalo) and gana for Rakshasa with Deva or Manushya', () => {
    expect(match([13, 1], [1, 1]).poruthams.yoni.match).toBe(false);
    expect(match([3, 1], [1, 1]).poruthams.gana.match).toBe(false);
    expect(match([3, 1], [9, 1]).poruthams.gana.match).toBe(true);
    expect(match([2, 1], [1, 1]).poruthams.gana.match).toBe(true);
  });

  it("agrees on vasya when one rashi is in the other's vasya list (Mesha holds Simha), and on rasyadhipati unless a lord is an enemy", () => {
    expect(match([10, 1], [1, 1]).poruthams.vasya.match).toBe(true);
    expect(match([6, 1], [1, 1]).poruthams.vasya.match).toBe(false);
    expect(match([6, 1], [1, 1]).poruthams.rasyadhipati.match).toBe(false); // Mercury is Mars's enemy
    expect(match([10, 1], [1, 1]).poruthams.rasyadhipati.match).toBe(true); // Sun and Mars, friends
  });
});
