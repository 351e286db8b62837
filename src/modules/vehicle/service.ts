// /vehicle use case: parse the mark against the shipped state-code table. Nothing about the
// vehicle itself (owner, make, model, dates) is answered: that needs VAHAN, which is paid.

import { loadRtoOffices, loadStateCodes, type RtoOffice, type StateCode } from './codes.js';
import { parseMark } from './parse.js';
import { NOT_AVAILABLE, type VehicleResponse } from './schemas.js';

export class VehicleService {
  private states?: Map<string, StateCode>;
  private offices?: Map<string, RtoOffice>;

  parse(input: string): VehicleResponse {
    this.states ??= loadStateCodes();
    this.offices ??= loadRtoOffices();
    const m = parseMark(input, this.states);
    return {
      status: 'ok',
      input,
      registration: m.formatted,
      kind: m.kind,
      state: m.state,
      rto_code: m.rto_code,
      rto: (m.rto_code && this.offices.get(m.rto_code)) || null,
      series: m.series,
      number: m.number,
      registered_year: m.registered_year,
      diplomatic: m.diplomatic,
      not_available: [...NOT_AVAILABLE],
    };
  }
}
