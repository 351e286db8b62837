// The AQI sources in failover order: the one list the service and the probes build from (WAQI
// only when its token is set). A new source is its file, one line here and its settings' rows in
// src/config.ts.

import type { HttpProviderSpec, Upstream } from '../../../core/upstream/index.js';
import { openMeteoUpstream } from './open-meteo.js';
import type { Coordinates, Reading } from './types.js';
import { waqiUpstream } from './waqi.js';

export const AQI_UPSTREAMS: readonly Upstream<HttpProviderSpec<Coordinates, Reading>>[] = [openMeteoUpstream, waqiUpstream];
