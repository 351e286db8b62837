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
    const rto = (m.rto_code && this.offices.get(m.rto_code)) || null;
    return {
      status: 'ok',
      input,
      registration: m.formatted,
      kind: m.kind,
      state: m.state,
      rto_code: m.rto_code,
      rto,
      rto_reason: rto ? null : noOfficeReason(m.kind, m.rto_code),
      series: m.series,
      number: m.number,
      registered_year: m.registered_year,
      diplomatic: m.diplomatic,
      not_available: [...NOT_AVAILABLE],
    };
  }
}

/** Why a mark's answer names no office: said rather than left to be guessed from a bare null. */
function noOfficeReason(kind: string, rtoCode: string | null): string {
  if (rtoCode) return `${rtoCode} is not in the published RTO lists shipped (data/SOURCES.md): not allotted there, newer, or a legacy code`;
  if (kind === 'bharat') return 'BH-series marks carry no RTO code';
  if (kind === 'diplomatic') return 'diplomatic marks carry no RTO code';
  return 'temporary marks carry no RTO code this service can read';
}
