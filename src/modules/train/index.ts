// The train module's public face: /train/* over several upstreams with failover, and the
// station list loaded from datameet (CC0) at start and daily.

import type { JankariModule, JobSpec } from '../../core/module.js';
import { trainMigrations } from './migrations.js';
import { StationRepository } from './repository.js';
import { trainRoutes } from './routes.js';
import { TrainService } from './service.js';
import { chosenTrainUpstreams } from './providers/index.js';
import { trainProbes } from './probes.js';
import { STATIONS_JOB, loadStations } from './stations.js';

export { STATIONS_JOB };

export const trainModule: JankariModule = {
  name: 'train',
  title: 'Train enquiry',
  description:
    'Trains between stations, train info, route, PNR status and fares, over erail.in, ConfirmTkt and RailYatri with failover. Stations: datameet (CC0).',
  migrations: trainMigrations,
  create(ctx) {
    const repo = new StationRepository(ctx.db);
    const upstreams = chosenTrainUpstreams(ctx.config);
    const service = new TrainService(ctx, repo, upstreams);
    const stations: JobSpec = {
      name: STATIONS_JOB,
      // Daily at 04:40 IST, off the hour other crawls favour.
      schedule: '40 4 * * *',
      onDemand: true,
      takesFile: "a copy of datameet's stations.json (GeoJSON)",
      // At start when no list is stored or it is a day old.
      catchUp: {
        async needed() {
          const last = await repo.lastLoad();
          return !last || ctx.now().getTime() - Date.parse(last.loaded_at) > 24 * 3_600_000;
        },
      },
      async run({ file }) {
        const stored = await loadStations(ctx, repo, file);
        return { ok: true, lines: [`${STATIONS_JOB}: stored ${stored} stations`] };
      },
    };
    return {
      routes: (app) => trainRoutes(app, service),
      probes: trainProbes(ctx, upstreams),
      jobs: [stations],
    };
  },
};

export type { TrainInfo, TrainListItem, TrainRoute, PnrStatus, LiveStatus } from './types.js';
