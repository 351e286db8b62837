// Use case of /astro/transits: the natal chart through AstroService.compute (cached core), the
// day's positions and the range's events from the ephemeris (about 366 × 8 bodies for a year).

import type { AstroService } from './service.js';
import type { AppContext } from '../../core/module.js';
import { invalidParam } from '../../core/errors.js';
import { factsOfCore } from './calc/reading.js';
import { houseFrom } from './calc/facts.js';
import { ashtakavarga, BAV_GRAHAS } from './calc/ashtakavarga.js';
import { GRAHAS, RASHIS, placeOf, round } from './calc/names.js';
import { phaseOfSign } from './calc/sade-sati.js';
import { positionsAt } from './calc/transits.js';
import { computeTransitEvents } from './calc/task.js';
import { isoMinuteFormatter } from './calc/time.js';
import type { Ayanamsa, NodeType } from './calc/ephemeris.js';
import { asOf } from './as-of.js';
import type { TransitsQuery, TransitsResponse } from './transit-schemas.js';

const NO_MODULES = { modules: new Set<never>(), vargas: [], readings: new Set(['yogas'] as const) };
const MAX_RANGE_DAYS = 366;
/** Jupiter's good houses from the Moon in gochara (Phaladeepika 26). */
const JUPITER_GOOD = [2, 5, 7, 9, 11];

export class TransitService {
  constructor(
    private readonly ctx: AppContext,
    private readonly astro: AstroService,
  ) {}

  async transits(q: TransitsQuery): Promise<TransitsResponse> {
    if ((q.from === undefined) !== (q.to === undefined)) throw invalidParam(q.from ? 'to' : 'from', 'from and to go together');
    const { core, cached } = await this.astro.compute(q, NO_MODULES);
    const f = factsOfCore(core);
    const ayanamsa = (q.ayanamsa ?? 'lahiri') as Ayanamsa;
    const node = (q.node ?? 'mean') as NodeType;
    const day = asOf(this.ctx, q.date ?? q.from, core.offsetMin);
    let events: TransitsResponse['events'] = null;
    if (q.from && q.to) {
      const from = asOf(this.ctx, q.from, core.offsetMin);
      const to = asOf(this.ctx, q.to, core.offsetMin);
      // Whole local days: midnight of `from` to the end of `to`.
      const start = from.jd - 0.5;
      const end = to.jd + 0.5;
      if (end <= start) throw invalidParam('to', 'to must not be before from');
      if (end - start > MAX_RANGE_DAYS + 1) throw invalidParam('to', `the range is at most ${MAX_RANGE_DAYS} days`);
      const at = isoMinuteFormatter(core.offsetMin);
      const found = await computeTransitEvents(this.ctx.work, { ephePath: this.ctx.config.SE_EPHE_PATH, fromJd: start, toJd: end, node, ayanamsa });
      events = found.map((e) => ({
        graha: e.graha,
        kind: e.kind,
        at: at(e.jd),
        rashi: e.sign + 1,
        rashi_name: RASHIS[e.sign]!,
      }));
    }
    const natalSigns = { Su: 0, Mo: 0, Ma: 0, Me: 0, Ju: 0, Ve: 0, Sa: 0, Lg: f.lagna + 1 };
    for (const g of BAV_GRAHAS) natalSigns[g] = f.sign[g] + 1;
    const av = ashtakavarga(natalSigns);
    const pos = positionsAt(day.jd, node, ayanamsa);
    const grahas = {} as TransitsResponse['grahas'];
    for (const g of GRAHAS) {
      const p = placeOf(pos[g].lon);
      const sign = p.rashi - 1;
      grahas[g] = {
        longitude: round(pos[g].lon, 6),
        rashi: p.rashi,
        rashi_name: p.rashi_name,
        degree: p.degree,
        nakshatra: { number: p.nakshatra.number, name: p.nakshatra.name, pada: p.nakshatra.pada },
        retrograde: pos[g].speed < 0,
        house_from_lagna: houseFrom(f.lagna, sign),
        house_from_moon: houseFrom(f.sign.Mo, sign),
        bindus: g === 'Ra' || g === 'Ke' ? null : av.bhinna[g][sign]!,
        sarva_bindus: av.sarvashtakavarga[sign]!,
      };
    }
    const juHouse = grahas.Ju.house_from_moon;
    return {
      status: 'ok',
      as_of: day.date,
      natal: { lagna: { rashi: f.lagna + 1, rashi_name: RASHIS[f.lagna]! }, moon: { rashi: f.sign.Mo + 1, rashi_name: RASHIS[f.sign.Mo]! } },
      grahas,
      saturn: { house_from_moon: grahas.Sa.house_from_moon, sade_sati: phaseOfSign(f.sign.Mo, grahas.Sa.rashi - 1) },
      jupiter: { house_from_moon: juHouse, favourable: JUPITER_GOOD.includes(juHouse) },
      events,
      cached,
    };
  }
}
