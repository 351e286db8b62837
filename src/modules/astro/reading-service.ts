// Use cases of the readings (/astro/yogas): the chart through AstroService.compute (its 30-day
// cache holds the ephemeris core), the reading derived per request, which is arithmetic only.

import type { AstroService } from './service.js';
import { factsOfCore, yogaReport } from './calc/reading.js';
import { RASHIS } from './calc/names.js';
import type { YogasQuery, YogasResponse } from './reading-schemas.js';

const NO_MODULES = { modules: new Set<never>(), vargas: [], readings: new Set(['yogas'] as const) };

export class ReadingService {
  constructor(private readonly astro: AstroService) {}

  async yogas(q: YogasQuery): Promise<YogasResponse> {
    const { core, cached } = await this.astro.compute(q, NO_MODULES);
    const facts = factsOfCore(core);
    return { status: 'ok', lagna: { rashi: facts.lagna + 1, rashi_name: RASHIS[facts.lagna]! }, ...yogaReport(facts), cached };
  }
}
