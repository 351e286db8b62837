// The numerology group: a pure calculation, no storage, no upstream.

import type { JankariModule } from '../../core/module.js';
import { numerologyRoutes } from './routes.js';

export const numerologyModule: JankariModule = {
  name: 'numerology',
  title: 'Numerology',
  description: 'Pure calculation report from a name and a date of birth: core numbers, cycles, pinnacles, challenges, Kua number.',
  create: (ctx) => ({ routes: (app) => numerologyRoutes(app, ctx) }),
};

export { numerologyReport } from './service.js';
export type { NumerologyReport } from './schemas.js';
