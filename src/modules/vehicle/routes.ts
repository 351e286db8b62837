// Route table of the vehicle module.

import type { App } from '../../core/module.js';
import { VehicleQuery, VehicleResponse } from './schemas.js';
import type { VehicleService } from './service.js';

// How long clients may keep an answer (Cache-Control); the server's own cache decides freshness.
const VEHICLE_MAX_AGE_S = 86400;

export function vehicleRoutes(app: App, service: VehicleService): void {
  app.get(
    '/vehicle',
    {
      schema: {
        summary: 'Reads an Indian registration mark: state or UT, RTO code, series, number, and the kind (regular, BH, temporary, diplomatic)',
        description:
          "Parsing only. Owner, make, model, fuel, registration and insurance dates are in the government's VAHAN database, " +
          'reachable only through its paid access; this service does not have it and never guesses them (`not_available`). ' +
          "`rto` names the office from the published lists shipped (Wikipedia's RTO list, CC BY-SA 4.0, and anoopt/rto-codes, MIT), " +
          'marked `two-sources` when an independent list names the same town, `one-source` when not; `rto_reason` says why it is null.',
        querystring: VehicleQuery,
        response: { 200: VehicleResponse },
      },
      config: { maxAgeS: VEHICLE_MAX_AGE_S, example: '/vehicle?number=KA01AB1234' },
    },
    async (req) => service.parse(req.query.number),
  );
}
