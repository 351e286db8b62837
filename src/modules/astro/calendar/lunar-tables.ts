// The parts of the calendar's sky that do not depend on the place: the ends of the tithis, the new
// moons (with the Sun's sidereal sign at each, which names the lunar months) and the sankrantis.
// They are root-found once per stretch of time and kept here, shared by every place, day, month
// and year asked about: a year of festivals then costs its place's rise and set searches and the
// rules, and one /panchang day's calendar block no longer finds a quarter-year of new moons.
// Kept per ayanamsa (the sidereal frame names the months and sankrantis; the tithi ends are
// computed in the same frame as before, so every answer is unchanged), in chunks of fixed length
// in Julian days, the least recently used dropped past a bound (about 7 MB at most, measured).

import { LRUCache } from 'lru-cache';
import { setAyanamsa, sunMoon, sunOnly, type Ayanamsa } from '../calc/ephemeris.js';
import { NAKSHATRA_SPAN, norm360 } from '../calc/names.js';

/** A limb's part (tithi 1..30, nakshatra or yoga 1..27) and the moment it ends (JD UT). */
export interface LimbEnd {
  n: number;
  end: number;
}

export interface NewMoon {
  jd: number;
  /** The Sun's sidereal sign at the new moon, 0 = Mesha. */
  sign: number;
}

export interface SankrantiAt {
  jd: number;
  /** The sign entered, 1 = Mesha. */
  rashi: number;
}

/**
 * Chunk lengths in days: limbs short (a single day's block needs about ten days of tithis), months
 * just over a lunation. Each chunk starts from where the one before ended when that one is known.
 */
const LIMB_CHUNK = 4;
const MONTH_CHUNK = 32;
/** Bounds on the chunks kept: about 22 years of all four limbs and 180 years of months, about 7 MB at most (measured). */
const MAX_LIMB_CHUNKS = 8192;
const MAX_MONTH_CHUNKS = 2048;
const SECOND = 1 / 86400;

/**
 * The limbs kept: tithi (Moon − Sun in 12° parts), nakshatra (Moon) and yoga (Sun + Moon) in
 * 13°20' parts, and the Moon's sign (30° parts).
 */
export type TableLimb = 'tithi' | 'nakshatra' | 'yoga' | 'moon_sign';

const PARTS: Record<TableLimb, number> = { tithi: 30, nakshatra: 27, yoga: 27, moon_sign: 12 };
const SPAN: Record<TableLimb, number> = { tithi: 12, nakshatra: NAKSHATRA_SPAN, yoga: NAKSHATRA_SPAN, moon_sign: 30 };

/** The angle a limb counts at jd, 0..360, and its speed (degrees/day). */
function angle(limb: TableLimb, jd: number): { value: number; speed: number } {
  const { sun, moon } = sunMoon(jd);
  switch (limb) {
    case 'tithi':
      return { value: norm360(moon.lon - sun.lon), speed: moon.speed - sun.speed };
    case 'nakshatra':
    case 'moon_sign':
      return { value: norm360(moon.lon), speed: moon.speed };
    case 'yoga':
      return { value: norm360(moon.lon + sun.lon), speed: moon.speed + sun.speed };
  }
}

/**
 * The moment a limb's angle reaches `target` (a multiple of its span, may be 360), Newton's method
 * from a guess; the speed there is returned for the next search. Newton converges to the same root
 * from any nearby guess (to microseconds once a step is under a second), so where it starts from
 * does not change a minute of any answer.
 */
function reach(limb: TableLimb, target: number, guess: number): { jd: number; speed: number } {
  let jd = guess;
  let speed = 12;
  for (let i = 0; i < 10; i++) {
    const a = angle(limb, jd);
    let diff = norm360(target - a.value);
    if (diff > 180) diff -= 360;
    speed = a.speed;
    const step = diff / speed;
    jd += step;
    if (Math.abs(step) < SECOND) break;
  }
  return { jd, speed };
}

interface LimbChunk {
  ends: LimbEnd[];
  /** The first end after the chunk (the next chunk's first), with the speed there. */
  after: LimbEnd & { speed: number };
}

const limbChunks = new LRUCache<string, LimbChunk>({ max: MAX_LIMB_CHUNKS });

function limbChunk(limb: TableLimb, ayanamsa: Ayanamsa, c: number): LimbChunk {
  const key = `${limb}|${ayanamsa}|${c}`;
  const hit = limbChunks.get(key);
  if (hit) return hit;
  setAyanamsa(ayanamsa);
  const span = SPAN[limb];
  const from = c * LIMB_CHUNK;
  const to = from + LIMB_CHUNK;
  // The end of the part in force at the chunk's start: the previous chunk's overflow, if known.
  let cur = limbChunks.get(`${limb}|${ayanamsa}|${c - 1}`)?.after;
  if (!cur) {
    const a = angle(limb, from);
    const n = Math.floor(a.value / span) + 1;
    const r = reach(limb, n * span, from + (n * span - a.value) / a.speed);
    cur = { n, end: r.jd, speed: r.speed };
  }
  const ends: LimbEnd[] = [];
  while (cur.end < to) {
    ends.push({ n: cur.n, end: cur.end });
    const n: number = (cur.n % PARTS[limb]) + 1;
    // From the end just found, where the angle is exactly on a boundary and its speed is known.
    const r = reach(limb, n * span, cur.end + span / cur.speed);
    cur = { n, end: r.jd, speed: r.speed };
  }
  const chunk = { ends, after: cur };
  limbChunks.set(key, chunk);
  return chunk;
}

/** The ends of a limb's parts after `from` up to and including the first at or after `to`, in order. */
export function limbEnds(limb: TableLimb, ayanamsa: Ayanamsa, from: number, to: number): LimbEnd[] {
  const out: LimbEnd[] = [];
  for (let c = Math.floor(from / LIMB_CHUNK); ; c++) {
    for (const e of limbChunk(limb, ayanamsa, c).ends) {
      if (e.end <= from) continue;
      out.push(e);
      if (e.end >= to) return out;
    }
  }
}

/** The moment the part of a limb in force at jd ends (as calc/panchanga.ts's limbEnd). */
export const limbEndAt = (limb: TableLimb, ayanamsa: Ayanamsa, jd: number): number => limbEnds(limb, ayanamsa, jd, jd)[0]!.end;

interface MonthChunk {
  newMoons: NewMoon[];
  sankrantis: SankrantiAt[];
  /** The first new moon and sankranti after the chunk (the next chunk's firsts). */
  afterNewMoon: number;
  afterSankranti: SankrantiAt & { target: number };
}

const monthChunks = new LRUCache<string, MonthChunk>({ max: MAX_MONTH_CHUNKS });

/** Sidereal Sun reaching `target` from a guess, Newton's method. */
function reachSun(target: number, guess: number): number {
  let jd = guess;
  for (let i = 0; i < 10; i++) {
    const p = sunOnly(jd);
    let diff = norm360(target - p.lon);
    if (diff > 180) diff -= 360;
    const step = diff / p.speed;
    jd += step;
    if (Math.abs(step) < SECOND) break;
  }
  return jd;
}

function monthChunk(ayanamsa: Ayanamsa, c: number): MonthChunk {
  const key = `${ayanamsa}|${c}`;
  const hit = monthChunks.get(key);
  if (hit) return hit;
  setAyanamsa(ayanamsa);
  const from = c * MONTH_CHUNK;
  const to = from + MONTH_CHUNK;
  const prev = monthChunks.get(`${ayanamsa}|${c - 1}`);
  // The first new moon at or after the chunk's start (the previous chunk's overflow when known),
  // then one lunation on each time.
  let nm = prev?.afterNewMoon;
  if (nm === undefined) {
    const e0 = angle('tithi', from).value;
    nm = reach('tithi', 360, from + (360 - e0) / 12.19).jd;
    if (nm < from) nm = reach('tithi', 360, nm + 29.53).jd;
  }
  const newMoons: NewMoon[] = [];
  while (nm < to) {
    newMoons.push({ jd: nm, sign: Math.floor(norm360(sunOnly(nm).lon) / 30) });
    nm = reach('tithi', 360, nm + 29.53).jd;
  }
  // Likewise the sankrantis: the Sun on the next multiple of 30° sidereal.
  let sk = prev?.afterSankranti;
  if (!sk) {
    const lon0 = norm360(sunOnly(from).lon);
    const target = (Math.floor(lon0 / 30) + 1) * 30;
    sk = { jd: reachSun(target % 360, from + (target - lon0) / 0.985), rashi: ((target / 30) % 12) + 1, target };
  }
  const sankrantis: SankrantiAt[] = [];
  while (sk.jd < to) {
    sankrantis.push({ jd: sk.jd, rashi: sk.rashi });
    const target: number = (sk.target % 360) + 30;
    sk = { jd: reachSun(target % 360, sk.jd + 30.4), rashi: ((target / 30) % 12) + 1, target };
  }
  const chunk = { newMoons, sankrantis, afterNewMoon: nm, afterSankranti: sk };
  monthChunks.set(key, chunk);
  return chunk;
}

/** The last new moon at or before `from`, and every one after it up to `to`. */
export function newMoonsAround(ayanamsa: Ayanamsa, from: number, to: number): NewMoon[] {
  const first = Math.floor(from / MONTH_CHUNK);
  // A lunation (29.5 days) is shorter than a chunk: the last new moon at or before `from` is in
  // `from`'s chunk or the one before.
  let before: NewMoon | undefined;
  for (const m of monthChunk(ayanamsa, first).newMoons) if (m.jd <= from) before = m;
  if (!before) before = monthChunk(ayanamsa, first - 1).newMoons.at(-1);
  const out: NewMoon[] = before ? [before] : [];
  for (let c = first; c * MONTH_CHUNK <= to; c++) {
    for (const m of monthChunk(ayanamsa, c).newMoons) if (m.jd > from && m.jd <= to) out.push(m);
  }
  return out;
}

/** The sankrantis after `from` up to `to`. */
export function sankrantisBetween(ayanamsa: Ayanamsa, from: number, to: number): SankrantiAt[] {
  const out: SankrantiAt[] = [];
  for (let c = Math.floor(from / MONTH_CHUNK); c * MONTH_CHUNK <= to; c++) {
    for (const s of monthChunk(ayanamsa, c).sankrantis) if (s.jd > from && s.jd <= to) out.push(s);
  }
  return out;
}
