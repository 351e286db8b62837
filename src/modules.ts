// The explicit list of endpoint groups this service serves, in landing-listing order.
// Adding a module is one import and one entry here.

import type { JankariModule } from './core/module.js';

export const MODULES: readonly JankariModule[] = [
];
