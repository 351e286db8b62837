// The explicit list of endpoint groups this service serves, in landing-listing order.
// Adding a module is one import and one entry here. The service group (meta) comes last.

import type { JankariModule } from './core/module.js';
import { fuelModule } from './modules/fuel/index.js';
import { commoditiesModule } from './modules/commodities/index.js';
import { liquorModule } from './modules/liquor/index.js';
import { weatherModule } from './modules/weather/index.js';
import { domainModule } from './modules/domain/index.js';
import { numerologyModule } from './modules/numerology/index.js';
import { astroModule } from './modules/astro/index.js';
import { trainModule } from './modules/train/index.js';
import { webModule } from './modules/web/index.js';
import { screenshotModule } from './modules/screenshot/index.js';
import { searchModule } from './modules/search/index.js';
import { gstModule } from './modules/gst/index.js';
import { ipModule } from './modules/ip/index.js';
import { ifscModule } from './modules/ifsc/index.js';
import { vehicleModule } from './modules/vehicle/index.js';
import { pincodeModule } from './modules/pincode/index.js';
import { metaModule } from './modules/meta/index.js';
import { qrModule } from './modules/qr/index.js';
import { forexModule } from './modules/forex/index.js';
import { aqiModule } from './modules/aqi/index.js';
import { stocksModule } from './modules/stocks/index.js';
import { cryptoModule } from './modules/crypto/index.js';

export const MODULES: readonly JankariModule[] = [
  fuelModule,
  commoditiesModule,
  liquorModule,
  searchModule,
  webModule,
  screenshotModule,
  trainModule,
  astroModule,
  gstModule,
  ipModule,
  ifscModule,
  vehicleModule,
  pincodeModule,
  weatherModule,
  aqiModule,
  forexModule,
  cryptoModule,
  stocksModule,
  domainModule,
  numerologyModule,
  qrModule,
  metaModule,
];

/** A chosen list of groups plus the service group (/, /health), for tests and benchmarks. */
export const withService = (modules: readonly JankariModule[]): readonly JankariModule[] => (modules.includes(metaModule) ? modules : [...modules, metaModule]);
