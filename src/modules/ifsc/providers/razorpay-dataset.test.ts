import { describe, expect, it } from 'vitest';
import { fixtureText } from '../fixtures/index.js';
import { parseIfscCsv } from './razorpay-dataset.js';

const csv = fixtureText('razorpay-ifsc-constructed.csv');
const bankCodeOf = (c: string) => (c === 'APBL0001001' ? 'TSDX' : c.slice(0, 4));

describe('parseIfscCsv', () => {
  const rows = [...parseIfscCsv(csv, bankCodeOf)];

  it('reads every row with a valid, first-seen code', () => {
    expect(rows.map((r) => r.ifsc)).toEqual(['SBIN0000001', 'SBIN0000002', 'HDFC0000001', 'HDFC0000002', 'HDFC0000003', 'APBL0001001']);
  });

  it('maps columns, flags and the SWIFT code', () => {
    expect(rows[0]).toEqual({
      ifsc: 'SBIN0000001',
      bank_code: 'SBIN',
      bank: 'State Bank of India',
      branch: 'TEST MAIN BRANCH',
      address: '1 TEST STREET, KOLKATA, WEST BENGAL',
      city: 'KOLKATA',
      centre: 'KOLKATA',
      district: 'KOLKATA',
      state: 'WEST BENGAL',
      contact: '+913300000000',
      micr: '700002021',
      swift: 'SBININBBXXX',
      iso3166: 'IN-WB',
      neft: true,
      rtgs: true,
      imps: true,
      upi: true,
    });
  });

  it('reads NA and empty as unknown, quotes inside quotes, and folds newlines in addresses', () => {
    expect(rows[1]).toMatchObject({ centre: null, micr: null, contact: null, swift: null, rtgs: false, upi: false, address: '2 "OLD" ROAD, KOLKATA' });
    expect(rows[3].address).toBe('4 TEST ROAD SECOND LINE, BANGALORE');
  });

  it('gives a sub-member branch its own bank code', () => {
    expect(rows[5]).toMatchObject({ bank_code: 'TSDX', bank: 'District Co-operative Central Bank Srikakul' });
  });

  it('refuses a file without the IFSC columns', () => {
    expect(() => [...parseIfscCsv('NAME,CODE\nx,y\n', bankCodeOf)]).toThrow(/no BANK, IFSC, BRANCH, CITY, STATE column/);
  });
});
