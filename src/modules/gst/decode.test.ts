import { describe, expect, it } from 'vitest';
import { decodeGstin } from './decode.js';
import { checkGstin } from './gstin.js';

const decode = (n: string) => {
  const c = checkGstin(n);
  if (!c.ok) throw new Error(c.problem);
  return decodeGstin(c.value);
};

describe('decodeGstin', () => {
  it('reads the state, PAN, holder type, entity number and check digit of a regular GSTIN', () => {
    expect(decode('27AAPFU0939F1ZV')).toEqual({
      state_code: '27',
      state: 'Maharashtra',
      pan: 'AAPFU0939F',
      tan: null,
      entity_type: 'Firm / LLP',
      entity_number: '1',
      check_digit: 'V',
      check_digit_valid: true,
      registration_kind: 'regular',
    });
  });

  it('names the TAN, not a PAN, of a deductor registered against its TAN', () => {
    expect(decode('09ALDN00287A1DD')).toMatchObject({ pan: null, tan: 'ALDN00287A', entity_type: null, registration_kind: 'tax_deductor' });
  });

  it('has no PAN or entity number for a UIN', () => {
    expect(decode('0717UNO00211UN2')).toMatchObject({ pan: null, tan: null, entity_type: null, entity_number: null, registration_kind: 'uin' });
  });
});
