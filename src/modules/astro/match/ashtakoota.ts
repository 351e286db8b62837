// Ashtakoota (guna milan): the eight kootas between the boy's and the girl's Moon, 36 points in all,
// the nadi and bhakoot doshas with the cancellations tradition names, and the customary verdict.
// Conventions (which table, which count) are in docs/decisions/astro-match-conventions.md.

import { RASHIS } from '../calc/names.js';
import type { Moon } from './moon.js';
import {
  BAD_BHAKOOT,
  BAD_TARAS,
  GANAS,
  GANA_POINTS,
  RASI_LORDS,
  TARAS,
  VASHYAS,
  VASHYA_POINTS,
  YONIS,
  YONI_POINTS,
  maitriPoints,
  relation,
  varnaRank,
} from './tables.js';

export interface KootaOptions {
  /** Tara of the same star (count 1, Janma): auspicious (3 points) or inauspicious (0). */
  janmaTara: 'auspicious' | 'inauspicious';
  /** report: name the cancellations; apply: also give the cancelled dosha's points back. */
  cancellations: 'report' | 'apply';
}

export const DEFAULT_KOOTA_OPTIONS: KootaOptions = { janmaTara: 'auspicious', cancellations: 'report' };

/** Count from star a to star b, both counted (1..27). */
export const starCount = (a: number, b: number): number => ((b - a + 27) % 27) + 1;
/** Count from rasi a to rasi b, both counted (1..12). */
export const rasiCount = (a: number, b: number): number => ((b - a + 12) % 12) + 1;

function taraOf(count: number, o: KootaOptions) {
  const n = ((count - 1) % 9) + 1; // 1..9
  const good = n === 1 ? o.janmaTara === 'auspicious' : !BAD_TARAS.has(n);
  return { count, tara: n, name: TARAS[n - 1]!, auspicious: good };
}

export interface Cancellation {
  rule: string;
  description: string;
  applies: boolean;
}

export interface Dosha {
  present: boolean;
  cancellations: Cancellation[];
  /** A named cancellation applies. */
  cancelled: boolean;
  /** Its points were given back in the total (cancellations=apply). */
  applied: boolean;
}

const rule = (name: string, description: string, applies: boolean): Cancellation => ({ rule: name, description, applies });

function dosha(present: boolean, rules: Cancellation[], o: KootaOptions): Dosha {
  const cancellations = present ? rules : [];
  const cancelled = cancellations.some((c) => c.applies);
  return { present, cancellations, cancelled, applied: cancelled && o.cancellations === 'apply' };
}

const friends = (a: Moon['lord'], b: Moon['lord']) => a !== b && relation(a, b) === 'friend' && relation(b, a) === 'friend';

function nadiDosha(boy: Moon, girl: Moon, o: KootaOptions): Dosha {
  return dosha(
    boy.nadi === girl.nadi,
    [
      rule('same_rasi_different_nakshatra', 'both Moons in one rasi but in different nakshatras', boy.rasi === girl.rasi && boy.nak !== girl.nak),
      rule('same_nakshatra_different_rasi', 'one nakshatra, whose padas fall in different rasis', boy.nak === girl.nak && boy.rasi !== girl.rasi),
      rule('same_nakshatra_different_pada', 'one nakshatra, different padas', boy.nak === girl.nak && boy.pada !== girl.pada),
      rule(
        'rasi_lords_same_or_friends',
        'the lords of the two Moon rasis are one graha or mutual friends',
        boy.lord === girl.lord || friends(boy.lord, girl.lord),
      ),
    ],
    o,
  );
}

function bhakootDosha(present: boolean, boy: Moon, girl: Moon, o: KootaOptions): Dosha {
  const nb = RASI_LORDS[boy.navamsa]!;
  const ng = RASI_LORDS[girl.navamsa]!;
  return dosha(
    present,
    [
      rule('rasi_lords_same', 'the two Moon rasis have one lord (Mesha–Vrishchika, Vrishabha–Tula, Makara–Kumbha)', boy.lord === girl.lord),
      rule('rasi_lords_friends', 'the lords of the two Moon rasis are mutual friends', friends(boy.lord, girl.lord)),
      rule('navamsa_lords_same_or_friends', "the lords of the Moons' navamsas are one graha or mutual friends", nb === ng || friends(nb, ng)),
    ],
    o,
  );
}

/** The customary bands of the total out of 36. */
export function verdict(total: number): { band: 'not_recommended' | 'average' | 'good' | 'excellent'; text: string } {
  if (total < 18) return { band: 'not_recommended', text: 'below 18 of 36: not recommended' };
  if (total <= 24) return { band: 'average', text: '18 to 24 of 36: average, acceptable' };
  if (total <= 32) return { band: 'good', text: 'over 24 up to 32 of 36: good' };
  return { band: 'excellent', text: 'over 32 of 36: excellent' };
}

export function ashtakoota(boy: Moon, girl: Moon, o: KootaOptions = DEFAULT_KOOTA_OPTIONS) {
  const varna = varnaRank(boy.varna) >= varnaRank(girl.varna) ? 1 : 0;
  const vashya = VASHYA_POINTS[VASHYAS.indexOf(boy.vashya)]![VASHYAS.indexOf(girl.vashya)]!;
  // The boy's star counted from the girl's, and the girl's from the boy's: 1.5 for each auspicious one.
  const boyTara = taraOf(starCount(girl.nak, boy.nak), o);
  const girlTara = taraOf(starCount(boy.nak, girl.nak), o);
  const tara = (boyTara.auspicious ? 1.5 : 0) + (girlTara.auspicious ? 1.5 : 0);
  const yoni = YONI_POINTS[boy.yoni]![girl.yoni]!;
  const maitri = maitriPoints(boy.lord, girl.lord);
  const gana = GANA_POINTS[GANAS.indexOf(boy.gana)]![GANAS.indexOf(girl.gana)]!;
  const fromGirl = rasiCount(girl.rasi, boy.rasi);
  const fromBoy = rasiCount(boy.rasi, girl.rasi);
  const distance = `${fromGirl}/${fromBoy}`;
  const bhakoot = BAD_BHAKOOT.has(distance) ? 0 : 7;
  const nadi = boy.nadi === girl.nadi ? 0 : 8;

  const nadiD = nadiDosha(boy, girl, o);
  const bhakootD = bhakootDosha(bhakoot === 0, boy, girl, o);
  const raw = varna + vashya + tara + yoni + maitri + gana + bhakoot + nadi;
  const total = raw + (nadiD.applied ? 8 : 0) + (bhakootD.applied ? 7 : 0);
  return {
    kootas: {
      varna: { points: varna, max: 1, boy: boy.varna, girl: girl.varna },
      vashya: { points: vashya, max: 2, boy: boy.vashya, girl: girl.vashya },
      tara: { points: tara, max: 3, boy: boyTara, girl: girlTara },
      yoni: { points: yoni, max: 4, boy: YONIS[boy.yoni]!, girl: YONIS[girl.yoni]! },
      graha_maitri: {
        points: maitri,
        max: 5,
        boy: boy.lord,
        girl: girl.lord,
        boy_to_girl: boy.lord === girl.lord ? 'same' : relation(boy.lord, girl.lord),
        girl_to_boy: boy.lord === girl.lord ? 'same' : relation(girl.lord, boy.lord),
      },
      gana: { points: gana, max: 6, boy: boy.gana, girl: girl.gana },
      bhakoot: { points: bhakoot, max: 7, boy: RASHIS[boy.rasi]!, girl: RASHIS[girl.rasi]!, distance },
      nadi: { points: nadi, max: 8, boy: boy.nadi, girl: girl.nadi },
    },
    doshas: { nadi: nadiD, bhakoot: bhakootD },
    points_before_cancellations: raw,
    total,
    max: 36,
    verdict: verdict(total),
  };
}
export type Ashtakoota = ReturnType<typeof ashtakoota>;
