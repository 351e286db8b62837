// A partner's Moon as matching reads it: nakshatra and pada, the rasi they fall in, the degree in
// that rasi (for the Dhanu/Makara halves of vashya), the navamsa, and the attributes the kootas
// compare. Built from a longitude (birth data) or from nakshatra and pada alone.

import { NAKSHATRAS, NAKSHATRA_SPAN, RASHIS, nakshatraLord, norm360, round, type Graha } from '../calc/names.js';
import {
  GANA_OF,
  RASI_LORDS,
  YONIS,
  YONI_OF,
  nadiOf,
  rajjuOf,
  varnaOf,
  vashyaOf,
  type Gana,
  type Nadi,
  type Rajju,
  type Varna,
  type Vashya,
} from './tables.js';

const PADA_SPAN = NAKSHATRA_SPAN / 4;

export interface Moon {
  /** 0-based nakshatra (0 = Ashwini) and 1-based pada. */
  nak: number;
  pada: number;
  /** 0-based rasi and navamsa sign (0 = Mesha). */
  rasi: number;
  navamsa: number;
  /** Degrees into the rasi: exact from a longitude, the middle of the pada from nakshatra and pada. */
  degree: number;
  /** The sidereal longitude when it came from birth data. */
  longitude?: number;
  varna: Varna;
  vashya: Vashya;
  yoni: number;
  gana: Gana;
  nadi: Nadi;
  rajju: Rajju;
  lord: Graha;
}

function build(nak: number, pada: number, lon: number, exact: boolean, vashyaDegree?: number): Moon {
  const rasi = Math.floor(lon / 30);
  const degree = lon - rasi * 30;
  const moon: Moon = {
    nak,
    pada,
    rasi,
    // Each pada is one navamsa; the 108 padas run through the zodiac nine times.
    navamsa: (nak * 4 + pada - 1) % 12,
    degree,
    varna: varnaOf(rasi),
    vashya: vashyaOf(rasi, vashyaDegree ?? degree),
    yoni: YONI_OF[nak]!,
    gana: GANA_OF[nak]!,
    nadi: nadiOf(nak),
    rajju: rajjuOf(nak),
    lord: RASI_LORDS[rasi]!,
  };
  if (exact) moon.longitude = round(lon, 6);
  return moon;
}

/** The Moon at a sidereal longitude. */
export function moonAt(longitude: number): Moon {
  const lon = norm360(longitude);
  const nak = Math.min(26, Math.floor(lon / NAKSHATRA_SPAN));
  const pada = Math.min(4, Math.floor((lon - nak * NAKSHATRA_SPAN) / PADA_SPAN) + 1);
  return build(nak, pada, lon, true);
}

/**
 * The Moon given as nakshatra (0-based) and pada (1..4). The rasi is exact (no pada straddles two
 * rasis); the pada that straddles 15 degrees of Dhanu or Makara (the 5th of the sign: Purva
 * Ashadha 1, Shravana 2) counts with the half where it begins, the first.
 */
export function moonFromNakshatra(nak: number, pada: number): Moon {
  const index = nak * 4 + pada - 1; // 0..107, nine to a rasi
  const inRasi = index % 9;
  return build(nak, pada, nak * NAKSHATRA_SPAN + (pada - 0.5) * PADA_SPAN, false, (inRasi * 10) / 3);
}

/** What the answer shows of a partner's Moon. */
export function describeMoon(m: Moon) {
  return {
    nakshatra: { number: m.nak + 1, name: NAKSHATRAS[m.nak]!, pada: m.pada, lord: nakshatraLord(m.nak) },
    rashi: m.rasi + 1,
    rashi_name: RASHIS[m.rasi]!,
    rashi_lord: m.lord,
    ...(m.longitude === undefined ? {} : { longitude: m.longitude, degree: round(m.degree, 6) }),
    navamsa: { rashi: m.navamsa + 1, rashi_name: RASHIS[m.navamsa]! },
    varna: m.varna,
    vashya: m.vashya,
    yoni: YONIS[m.yoni]!,
    gana: m.gana,
    nadi: m.nadi,
    rajju: m.rajju,
  };
}
