// Use case of /astro/dashas: the chart through AstroService.compute (cached core), then the dasha
// of the system asked, which is arithmetic only (a few thousand periods at most).

import type { AstroService } from './service.js';
import type { AppContext } from '../../core/module.js';
import { factsOfCore } from './calc/reading.js';
import { lordOf } from './calc/facts.js';
import { DASHA_YEAR_DAYS } from './calc/dasha.js';
import { NAKSHATRA_SPAN, VIMSHOTTARI, GRAHA_NAMES, norm360 } from './calc/names.js';
import {
  ASHTOTTARI,
  YOGINIS,
  ashtottariApplies,
  ashtottariSeed,
  expandTree,
  nakshatraMahas,
  proportional,
  yoginiSeed,
  type DashaTree,
  type Lord,
} from './calc/dasha-systems.js';
import { charaDivide, charaMahas } from './calc/chara-dasha.js';
import { narayanaDivide, narayanaMahas } from './calc/narayana-dasha.js';
import { asOf } from './as-of.js';
import type { DashasQuery, DashasResponse } from './dasha-schemas.js';

// A reading's needs: the grahas and the lagna (the same cached core as /astro/yogas).
const NO_MODULES = { modules: new Set<never>(), vargas: [], readings: new Set(['yogas'] as const) };

const VIMSHOTTARI_LORDS: Lord[] = VIMSHOTTARI.map((v) => ({ lord: v.lord, name: GRAHA_NAMES[v.lord], years: v.years }));

const METHOD = {
  vimshottari: "BPHS 46: the Moon's nakshatra lord first, the balance by the part of the nakshatra still to run; sub-periods in proportion to the lords' years",
  yogini: "the Moon's nakshatra number plus 3, counted round the eight yoginis from Mangala; balance by the nakshatra still to run; 36-year cycles repeated",
  ashtottari:
    'BPHS 46: eight lords from Ardra (Sun 4 stars, Moon 3, Mars 4, Mercury 3, Saturn 3, Jupiter 3, Rahu 4, Venus 3; Abhijit not counted, as Jagannatha Hora); balance by the Moon’s way through the lord’s stars; sub-periods from the mahadasha lord in proportion to the years',
  chara:
    "Jaimini Chara dasha, K. N. Rao's reckoning: from the lagna, forward when the 9th is a savya sign; years counted from the sign to its lord (exaltation +1, debilitation -1, own sign 12); second cycle 12 less the first; 12 equal antardashas from the next sign",
  narayana:
    "Narayana dasha, P. V. R. Narasimha Rao's reckoning: from the stronger of the lagna and the 7th; forward when the 9th from it is odd-footed; movable signs one by one, fixed every 6th, dual by trines (Saturn in the seed: one by one forward; Ketu: reversed); years as Chara (Mercury in Kanya as own sign); second cycle 12 less the first; 12 equal antardashas from the stronger of the signs holding the lords of the dasha sign and its 7th",
} as const;

const ASHTOTTARI_RULE = 'Rahu, not in the lagna, in a kendra or trikona from the lagna lord (BPHS 46.17-18)';

export class DashaService {
  constructor(
    private readonly ctx: AppContext,
    private readonly astro: AstroService,
  ) {}

  async dashas(q: DashasQuery): Promise<DashasResponse> {
    const { core, cached } = await this.astro.compute(q, NO_MODULES);
    const f = factsOfCore(core);
    const when = asOf(this.ctx, q.date, core.offsetMin);
    const system = q.system ?? 'vimshottari';
    const years = q.years ?? 120;
    const tree = (mahas: Lord[], startJd: number, divide: Parameters<typeof expandTree>[4]): DashaTree =>
      expandTree(mahas, startJd, core.offsetMin, when.jd, divide);
    let applicability: DashasResponse['applicability'] = null;
    let t: DashaTree;
    if (system === 'chara') {
      t = tree(untilYears(charaMahas(f), years), core.jdUt, charaDivide);
    } else if (system === 'narayana') {
      t = tree(untilYears(narayanaMahas(f).mahas, years), core.jdUt, narayanaDivide(f));
    } else if (system === 'ashtottari') {
      const applies = ashtottariApplies(f.lagna, f.sign[lordOf(f, 1)], f.sign.Ra);
      const forced = q.ashtottari === 'always';
      applicability = { applies, forced, rule: ASHTOTTARI_RULE };
      const { mahas, startJd } = nakshatraMahas(ASHTOTTARI, ashtottariSeed(f.lon.Mo), core.jdUt, years);
      t = applies || forced ? tree(mahas, startJd, proportional(ASHTOTTARI)) : { mahadashas: [], current: null };
    } else {
      const cycle = system === 'yogini' ? YOGINIS : VIMSHOTTARI_LORDS;
      const seed = system === 'yogini' ? yoginiSeed(f.lon.Mo) : vimshottariSeed(f.lon.Mo);
      const { mahas, startJd } = nakshatraMahas(cycle, seed, core.jdUt, years);
      t = tree(mahas, startJd, proportional(cycle));
    }
    return {
      status: 'ok',
      system,
      method: METHOD[system],
      applicability,
      as_of: when.date,
      year_days: DASHA_YEAR_DAYS,
      current: t.current,
      mahadashas: t.mahadashas,
      cached,
    };
  }
}

function vimshottariSeed(moonLon: number) {
  const l = norm360(moonLon);
  const nak = Math.floor(l / NAKSHATRA_SPAN);
  return { first: nak % 9, elapsed: (l - nak * NAKSHATRA_SPAN) / NAKSHATRA_SPAN };
}

/** The sign periods that begin within `years` of birth. */
function untilYears(mahas: Lord[], years: number): Lord[] {
  const out: Lord[] = [];
  let run = 0;
  for (const m of mahas) {
    if (run >= years) break;
    out.push(m);
    run += m.years;
  }
  return out;
}
