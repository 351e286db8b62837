// The ten poruthams of South Indian matching (system=south), each agreeing or not, counted from
// the girl's star to the boy's as the Tamil and Malayalam manuals do. Rajju and vedha are the two
// that decide alone. Rules and their variants: docs/decisions/astro-match-conventions.md.

import { NAKSHATRAS, RASHIS } from '../calc/names.js';
import type { Moon } from './moon.js';
import { rasiCount, starCount } from './ashtakoota.js';
import { VASYA_SOUTH, YONIS, isVedha, isYoniEnemy, relation } from './tables.js';

const MAHENDRA = new Set([4, 7, 10, 13, 16, 19, 22, 25]);
/** Dina: the count from the girl's star, by 9, leaving 2, 4, 6, 8 or 0 (Sampat, Kshema, Sadhana, Mitra, Ati-mitra). */
const DINA_GOOD = new Set([2, 4, 6, 8, 0]);
/** Stree deergha: the boy's star beyond the 13th from the girl's. */
const STREE_DEERGHA_MIN = 14;

export function poruthams(boy: Moon, girl: Moon) {
  const n = starCount(girl.nak, boy.nak);
  const r = rasiCount(girl.rasi, boy.rasi);
  const lordsEnemy = boy.lord !== girl.lord && (relation(boy.lord, girl.lord) === 'enemy' || relation(girl.lord, boy.lord) === 'enemy');
  const ganaMatch = boy.gana === girl.gana || (boy.gana !== 'Rakshasa' && girl.gana !== 'Rakshasa');
  const vasya = VASYA_SOUTH[girl.rasi]!.includes(boy.rasi) || VASYA_SOUTH[boy.rasi]!.includes(girl.rasi);
  const items = {
    dina: { match: DINA_GOOD.has(n % 9), count: n },
    gana: { match: ganaMatch, boy: boy.gana, girl: girl.gana },
    mahendra: { match: MAHENDRA.has(n), count: n },
    stree_deergha: { match: n >= STREE_DEERGHA_MIN, count: n },
    yoni: { match: !isYoniEnemy(boy.yoni, girl.yoni), boy: YONIS[boy.yoni]!, girl: YONIS[girl.yoni]! },
    rasi: { match: r === 1 || r > 6, count: r, boy: RASHIS[boy.rasi]!, girl: RASHIS[girl.rasi]! },
    rasyadhipati: { match: !lordsEnemy, boy: boy.lord, girl: girl.lord },
    vasya: { match: vasya, boy: RASHIS[boy.rasi]!, girl: RASHIS[girl.rasi]! },
    rajju: { match: boy.rajju !== girl.rajju, boy: boy.rajju, girl: girl.rajju },
    vedha: { match: !isVedha(boy.nak, girl.nak), boy: NAKSHATRAS[boy.nak]!, girl: NAKSHATRAS[girl.nak]! },
  };
  const matched = Object.values(items).filter((p) => p.match).length;
  return { poruthams: items, matched, of: 10, verdict: southVerdict(matched, items.rajju.match, items.vedha.match) };
}

/** Rajju or vedha failing rules the match out whatever the count; otherwise the count decides. */
export function southVerdict(matched: number, rajju: boolean, vedha: boolean): { band: 'not_recommended' | 'average' | 'good' | 'excellent'; text: string } {
  if (!rajju) return { band: 'not_recommended', text: 'rajju does not agree: not recommended whatever the count' };
  if (!vedha) return { band: 'not_recommended', text: 'the stars are in vedha: not recommended whatever the count' };
  if (matched >= 8) return { band: 'excellent', text: `${matched} of 10 agree, with rajju and vedha: excellent` };
  if (matched >= 6) return { band: 'good', text: `${matched} of 10 agree, with rajju and vedha: good` };
  if (matched >= 5) return { band: 'average', text: `${matched} of 10 agree, with rajju and vedha: average` };
  return { band: 'not_recommended', text: `only ${matched} of 10 agree: not recommended` };
}
export type Poruthams = ReturnType<typeof poruthams>;
