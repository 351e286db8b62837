// Use cases of the readings (/astro/yogas): the chart through AstroService.compute (its 30-day
// cache holds the ephemeris core), the reading derived per request, which is arithmetic only.

import type { AstroService } from './service.js';
import { factsOfCore, strengthReport, yogaReport } from './calc/reading.js';
import { RASHIS } from './calc/names.js';
import type { DoshasQuery, DoshasResponse, StrengthsQuery, StrengthsResponse, YogasQuery, YogasResponse } from './reading-schemas.js';
import type { AppContext } from '../../core/module.js';
import { asOf } from './as-of.js';
import { kaalSarp } from './calc/kaal-sarp.js';
import { phaseAt, saturnCycles, type Stay } from './calc/sade-sati.js';
import { computeSaturnStays } from './calc/task.js';
import type { CacheNamespace } from '../../core/cache/index.js';
import type { Ayanamsa } from './calc/ephemeris.js';
import { manglik, type KujaHouses } from './match/manglik.js';
import { DASHA_YEAR_DAYS } from './calc/dasha.js';

const NO_MODULES = { modules: new Set<never>(), vargas: [], readings: new Set(['yogas'] as const) };
const STRENGTHS = { modules: new Set<never>(), vargas: [], readings: new Set(['strengths'] as const) };

export class ReadingService {
  /** Saturn's stays over a life: about 0.5 s of ephemeris work for 100 years, so kept like a chart core. */
  private readonly saturn: CacheNamespace;

  constructor(
    private readonly ctx: AppContext,
    private readonly astro: AstroService,
  ) {
    this.saturn = ctx.cache.namespace('astro-saturn', { ttlMs: ctx.config.ASTRO_CACHE_DAYS * 86_400_000 });
  }

  async yogas(q: YogasQuery): Promise<YogasResponse> {
    const { core, cached } = await this.astro.compute(q, NO_MODULES);
    const facts = factsOfCore(core);
    return { status: 'ok', lagna: { rashi: facts.lagna + 1, rashi_name: RASHIS[facts.lagna]! }, ...yogaReport(facts), cached };
  }

  async strengths(q: StrengthsQuery): Promise<StrengthsResponse> {
    const { core, cached } = await this.astro.compute(q, STRENGTHS);
    return { status: 'ok', ...strengthReport(core), cached };
  }

  async doshas(q: DoshasQuery): Promise<DoshasResponse> {
    const { core, cached } = await this.astro.compute(q, NO_MODULES);
    const facts = factsOfCore(core);
    const when = asOf(this.ctx, q.date, core.offsetMin);
    const years = q.years ?? 100;
    const ayanamsa = (q.ayanamsa ?? 'lahiri') as Ayanamsa;
    const { value } = await this.saturn.wrap([core.jdUt.toFixed(8), years, ayanamsa].join('|'), async () =>
      computeSaturnStays(this.ctx.work, { ephePath: this.ctx.config.SE_EPHE_PATH, fromJd: core.jdUt, toJd: core.jdUt + years * DASHA_YEAR_DAYS, ayanamsa }),
    );
    const stays = value as Stay[];
    const moon = facts.sign.Mo;
    const points = { lagna: facts.asc, moon: facts.lon.Mo, mars: facts.lon.Ma, venus: facts.lon.Ve, jupiter: facts.lon.Ju };
    return {
      status: 'ok',
      moon: { rashi: moon + 1, rashi_name: RASHIS[moon]! },
      sade_sati: { as_of: when.date, current: phaseAt(moon, stays, when.jd), cycles: saturnCycles(moon, stays, core.offsetMin) },
      kaal_sarp: kaalSarp(facts),
      // The one manglik rule /astro/match applies.
      manglik: manglik(points, (q.kuja_houses ?? 'with_2nd') as KujaHouses),
      cached,
    };
  }
}
