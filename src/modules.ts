// The explicit list of endpoint groups this service serves, in landing-listing order.
// Adding a module is one import and one entry here.

import type { JankariModule } from './core/module.js';
import { fuelModule } from './modules/fuel/index.js';
import { commoditiesModule } from './modules/commodities/index.js';
import { weatherModule } from './modules/weather/index.js';
import { domainModule } from './modules/domain/index.js';
import { numerologyModule } from './modules/numerology/index.js';
import { astroModule } from './modules/astro/index.js';
import { trainModule } from './modules/train/index.js';
import { webModule } from './modules/web/index.js';
import { searchModule } from './modules/search/index.js';
import { gstModule } from './modules/gst/index.js';
import { ipModule } from './modules/ip/index.js';

export const MODULES: readonly JankariModule[] = [
  fuelModule,
  commoditiesModule,
  searchModule,
  webModule,
  trainModule,
  astroModule,
  gstModule,
  ipModule,
  weatherModule,
  domainModule,
  numerologyModule,
];
