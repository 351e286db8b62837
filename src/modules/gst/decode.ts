// What a valid GSTIN says about itself, without asking anyone: the state of registration, the
// embedded PAN and its holder type, the entity number and the check digit. This is what /gst
// still answers when no registry can be reached (docs/decisions/gst-offline-answer.md).

import { PAN_HOLDER_TYPES, type GstinLayout, type ValidGstin } from './gstin.js';

export interface DecodedGstin {
  state_code: string;
  state: string;
  /** The embedded PAN; null for a UIN, a non-resident, or a deductor registered against its TAN. */
  pan: string | null;
  /** The TAN a deductor without a PAN registered against; null otherwise. */
  tan: string | null;
  /** The PAN's 4th character read through the Income Tax Department's holder types. */
  entity_type: string | null;
  /** Position 13: which registration of this PAN in this state (1 for the first, then 2–9, A–Z). */
  entity_number: string | null;
  check_digit: string;
  /** Always true here: a number whose check digit is wrong is refused (400) before this. */
  check_digit_valid: true;
  registration_kind: GstinLayout;
}

const TAN = /^[A-Z]{4}\d{5}[A-Z]$/;

export function decodeGstin(g: ValidGstin): DecodedGstin {
  const id = g.pan;
  const tan = id !== null && TAN.test(id) ? id : null;
  const pan = tan ? null : id;
  return {
    state_code: g.state_code,
    state: g.state,
    pan,
    tan,
    entity_type: pan ? (PAN_HOLDER_TYPES[pan[3]] ?? null) : null,
    entity_number: id !== null ? g.gstin[12] : null,
    check_digit: g.gstin[14],
    check_digit_valid: true,
    registration_kind: g.layout,
  };
}
