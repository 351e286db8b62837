// Sade Sati and the two dhaiyas (Saturn's 2.5-year stays in the 4th and the 8th from the natal
// Moon) across a life, from the ephemeris: Saturn's ingresses into each sign, retrograde
// re-entries included, found by stepping Saturn's sidereal longitude and bisecting each sign
// change to the minute. Sade Sati is Saturn in the 12th, 1st and 2nd from the Moon's sign
// (rising, peak, setting); the dhaiyas are Kantaka (ardhashtama, 4th) and Ashtama (8th) Shani.

import { saturnOnly, setAyanamsa, type Ayanamsa } from './ephemeris.js';
import { RASHIS } from './names.js';
import { localDate } from './time.js';

/** Saturn's greatest daily motion, degrees (direct, near opposition of the Sun it is slower). */
const MAX_SPEED = 0.14;
const MINUTE = 1 / 1440;

export interface Stay {
  sign: number;
  startJd: number;
  endJd: number;
}

/**
 * Saturn's stays in each sign between two moments, every retrograde re-entry a stay of its own.
 * Steps as far as Saturn cannot reach a sign border at its greatest speed (so no crossing is
 * stepped over, however short a retrograde dip), then bisects each crossing to the minute.
 */
export function saturnStays(fromJd: number, toJd: number, ayanamsa: Ayanamsa): Stay[] {
  setAyanamsa(ayanamsa);
  const signAt = (jd: number) => Math.floor(saturnOnly(jd).lon / 30);
  const stays: Stay[] = [];
  let start = fromJd;
  let jd = fromJd;
  let lon = saturnOnly(fromJd).lon;
  let sign = Math.floor(lon / 30);
  while (jd < toJd) {
    const inSign = lon - sign * 30;
    const step = Math.max(0.5, Math.min(inSign, 30 - inSign) / MAX_SPEED);
    const next = Math.min(jd + step, toJd);
    const nlon = saturnOnly(next).lon;
    const s = Math.floor(nlon / 30);
    if (s !== sign) {
      let lo = jd;
      let hi = next;
      while (hi - lo > MINUTE) {
        const mid = (lo + hi) / 2;
        if (signAt(mid) === sign) lo = mid;
        else hi = mid;
      }
      stays.push({ sign, startJd: start, endJd: hi });
      start = hi;
      jd = hi;
      sign = s;
      lon = saturnOnly(hi).lon;
      continue;
    }
    jd = next;
    lon = nlon;
  }
  stays.push({ sign, startJd: start, endJd: toJd });
  return stays;
}

export type Phase = 'rising' | 'peak' | 'setting' | 'kantaka' | 'ashtama';
const PHASE_HOUSE: Record<Phase, number> = { rising: 12, peak: 1, setting: 2, kantaka: 4, ashtama: 8 };
const houseOf = (moonSign: number, sign: number) => ((sign - moonSign + 12) % 12) + 1;

export interface PhaseSpan {
  phase: Phase;
  sign: number;
  sign_name: string;
  start: string;
  end: string;
  retrograde_reentry: boolean;
}
export interface Cycle {
  kind: 'sade_sati' | 'kantaka_shani' | 'ashtama_shani';
  start: string;
  end: string;
  spans: PhaseSpan[];
}

/** A stay outside a cycle shorter than this, between two stays of the cycle, is a retrograde step back out: the cycle goes on. */
const BREAK_MAX_DAYS = 300;

/** The cycles: stays in the Sade Sati signs, or in the 4th or 8th from the Moon, grouped with their retrograde re-entries. */
export function saturnCycles(moonSign: number, stays: readonly Stay[], offsetMin: number): Cycle[] {
  const date = (jd: number) => localDate(jd, offsetMin);
  const phases = stays.map((s) => phaseOfSign(moonSign, s.sign));
  const kindOf = (p: Phase | null) => (p === null ? null : p === 'kantaka' ? 'kantaka_shani' : p === 'ashtama' ? 'ashtama_shani' : 'sade_sati');
  const cycles: Cycle[] = [];
  let open: { cycle: Cycle; signs: Set<number>; lastIndex: number } | null = null;
  stays.forEach((s, i) => {
    const kind = kindOf(phases[i]!);
    if (!kind) return;
    const gapShort = open !== null && stays.slice(open.lastIndex + 1, i).every((g) => g.endJd - g.startJd < BREAK_MAX_DAYS);
    if (!open || open.cycle.kind !== kind || !gapShort) {
      open = { cycle: { kind, start: date(s.startJd), end: date(s.endJd), spans: [] }, signs: new Set(), lastIndex: i };
      cycles.push(open.cycle);
    }
    open.cycle.spans.push({
      phase: phases[i]!,
      sign: s.sign + 1,
      sign_name: RASHIS[s.sign]!,
      start: date(s.startJd),
      end: date(s.endJd),
      retrograde_reentry: open.signs.has(s.sign),
    });
    open.signs.add(s.sign);
    open.cycle.end = date(s.endJd);
    open.lastIndex = i;
  });
  return cycles;
}

/** The phase of Saturn in `sign` for a Moon in `moonSign`, or null. */
export const phaseOfSign = (moonSign: number, sign: number): Phase | null =>
  (Object.keys(PHASE_HOUSE) as Phase[]).find((p) => PHASE_HOUSE[p] === houseOf(moonSign, sign)) ?? null;

/** The phase running at a moment, or null. */
export function phaseAt(moonSign: number, stays: readonly Stay[], jd: number): Phase | null {
  const s = stays.find((x) => x.startJd <= jd && jd < x.endJd);
  return s ? phaseOfSign(moonSign, s.sign) : null;
}
