// The vehicle module's public face: /vehicle parses registration marks against the state and
// union-territory code table shipped in data/ (see data/SOURCES.md).

import type { JankariModule } from '../../core/module.js';
import { vehicleRoutes } from './routes.js';
import { VehicleService } from './service.js';

export const vehicleModule: JankariModule = {
  name: 'vehicle',
  title: 'Vehicle registration marks',
  description:
    'Reads an Indian registration mark (any spacing or case): state or UT, RTO code, series, number; BH, temporary and diplomatic marks. No owner or vehicle details (those need VAHAN).',
  create() {
    const service = new VehicleService();
    return { routes: (app) => vehicleRoutes(app, service) };
  },
};
