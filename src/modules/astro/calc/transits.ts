// Transits (gochara): where the grahas are on a day, read against the birth chart, and the
// ingresses (sign changes) and stations (retrograde/direct turns) between two moments. The
// ephemeris is stepped a day at a time (the Moon, at most 15.4°/day, cannot cross two signs in a
// day; no station of Mars to Saturn is shorter than a day apart) and each change bisected to the
// minute. A graha crossing a sign border and back within one day step would be missed: only a
// graha stationary at a border can do it, and the event is then not an ingress anyone dates.

import { grahaPosition, grahaPositions, setAyanamsa, type Ayanamsa, type BodyPosition, type NodeType } from './ephemeris.js';
import { GRAHAS, norm360, type Graha } from './names.js';

const MINUTE = 1 / 1440;
const MOVERS = GRAHAS.filter((g): g is Exclude<Graha, 'Ke'> => g !== 'Ke');
/** Grahas that turn retrograde and direct (the luminaries never do; the nodes' turns are not stations). */
const STATIONING: readonly Graha[] = ['Ma', 'Me', 'Ju', 'Ve', 'Sa'];

export type Positions = Record<Graha, BodyPosition>;

/** Sidereal positions of the nine grahas (Ketu opposite Rahu). */
export function positionsAt(jdUt: number, node: NodeType, ayanamsa: Ayanamsa): Positions {
  setAyanamsa(ayanamsa);
  const p = grahaPositions(jdUt, node);
  return { ...p, Ke: { lon: norm360(p.Ra.lon + 180), speed: p.Ra.speed } };
}

export interface TransitEvent {
  graha: Graha;
  kind: 'ingress' | 'retrograde' | 'direct';
  jd: number;
  /** The sign entered (ingress) or held (station), 0-based. */
  sign: number;
}

const signOf = (lon: number) => Math.floor(norm360(lon) / 30);

/** Bisects (lo, hi] to the minute for the first moment `changed` holds. */
function bisect(lo: number, hi: number, changed: (jd: number) => boolean): number {
  while (hi - lo > MINUTE) {
    const mid = (lo + hi) / 2;
    if (changed(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * The moment a body crosses `border` within [lo, hi] by Newton's steps on its longitude and speed
 * (two or three calls instead of twenty bisections); null when it does not settle (a body nearly
 * stationary at the border), for the caller to bisect.
 */
function crossing(lo: number, hi: number, border: number, at: (t: number) => BodyPosition): number | null {
  let t = (lo + hi) / 2;
  for (let i = 0; i < 8; i++) {
    const p = at(t);
    if (Math.abs(p.speed) < 1e-3) return null;
    const d = ((((border - p.lon) % 360) + 540) % 360) - 180;
    const dt = d / p.speed;
    t += dt;
    if (t < lo - 1 || t > hi + 1) return null;
    if (Math.abs(dt) < MINUTE / 10) return t;
  }
  return null;
}

/** Ingresses of all nine grahas and stations of Mars to Saturn between two moments, in time order. */
export function transitEvents(fromJd: number, toJd: number, node: NodeType, ayanamsa: Ayanamsa): TransitEvent[] {
  const events: TransitEvent[] = [];
  let jd = fromJd;
  let prev = positionsAt(jd, node, ayanamsa);
  // Bisection asks one body only (the ayanamsa is set by positionsAt above and stays set).
  const one = (t: number, g: Exclude<Graha, 'Ke'>) => grahaPosition(t, g, node);
  while (jd < toJd) {
    const next = Math.min(jd + 1, toJd);
    const cur = positionsAt(next, node, ayanamsa);
    for (const g of MOVERS) {
      const s0 = signOf(prev[g].lon);
      if (signOf(cur[g].lon) !== s0) {
        const sign = signOf(cur[g].lon);
        const border = sign === (s0 + 1) % 12 ? (s0 + 1) * 30 : s0 * 30;
        const at = crossing(jd, next, border, (t) => one(t, g)) ?? bisect(jd, next, (t) => signOf(one(t, g).lon) !== s0);
        events.push({ graha: g, kind: 'ingress', jd: at, sign });
        if (g === 'Ra') events.push({ graha: 'Ke', kind: 'ingress', jd: at, sign: (sign + 6) % 12 });
      }
      if (STATIONING.includes(g) && Math.sign(cur[g].speed) !== Math.sign(prev[g].speed)) {
        const r0 = prev[g].speed < 0;
        const at = bisect(jd, next, (t) => one(t, g).speed < 0 !== r0);
        events.push({ graha: g, kind: r0 ? 'direct' : 'retrograde', jd: at, sign: signOf(one(at, g).lon) });
      }
    }
    prev = cur;
    jd = next;
  }
  return events.sort((a, b) => a.jd - b.jd);
}
