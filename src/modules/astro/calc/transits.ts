// Transits (gochara): where the grahas are on a day, read against the birth chart, and the
// ingresses (sign changes) and stations (retrograde/direct turns) between two moments. The
// ephemeris is stepped a day at a time (the Moon, at most 15.4°/day, cannot cross two signs in a
// day; no station of Mars to Saturn is shorter than a day apart) and each change bisected to the
// minute. A graha crossing a sign border and back within one day step would be missed: only a
// graha stationary at a border can do it, and the event is then not an ingress anyone dates.

import { grahaPositions, setAyanamsa, type Ayanamsa, type BodyPosition, type NodeType } from './ephemeris.js';
import { GRAHAS, norm360, type Graha } from './names.js';

const MINUTE = 1 / 1440;
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

/** Ingresses of all nine grahas and stations of Mars to Saturn between two moments, in time order. */
export function transitEvents(fromJd: number, toJd: number, node: NodeType, ayanamsa: Ayanamsa): TransitEvent[] {
  const events: TransitEvent[] = [];
  let jd = fromJd;
  let prev = positionsAt(jd, node, ayanamsa);
  while (jd < toJd) {
    const next = Math.min(jd + 1, toJd);
    const cur = positionsAt(next, node, ayanamsa);
    for (const g of GRAHAS) {
      if (g === 'Ke') continue;
      const s0 = signOf(prev[g].lon);
      if (signOf(cur[g].lon) !== s0) {
        const at = bisect(jd, next, (t) => signOf(positionsAt(t, node, ayanamsa)[g].lon) !== s0);
        const sign = signOf(positionsAt(at, node, ayanamsa)[g].lon);
        events.push({ graha: g, kind: 'ingress', jd: at, sign });
        if (g === 'Ra') events.push({ graha: 'Ke', kind: 'ingress', jd: at, sign: (sign + 6) % 12 });
      }
      if (STATIONING.includes(g) && Math.sign(cur[g].speed) !== Math.sign(prev[g].speed)) {
        const r0 = prev[g].speed < 0;
        const at = bisect(jd, next, (t) => positionsAt(t, node, ayanamsa)[g].speed < 0 !== r0);
        events.push({ graha: g, kind: r0 ? 'direct' : 'retrograde', jd: at, sign: signOf(positionsAt(at, node, ayanamsa)[g].lon) });
      }
    }
    prev = cur;
    jd = next;
  }
  return events.sort((a, b) => a.jd - b.jd);
}
