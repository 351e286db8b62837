import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureText } from '../fixtures/index.js';
import type { Branch } from '../repository.js';
import { parseIfscCsv } from './razorpay-dataset.js';

const csv = fixtureText('razorpay-ifsc-constructed.csv');
const bankCodeOf = (c: string) => (c === 'APBL0001001' ? 'TSDX' : c.slice(0, 4));

async function branchesOf(chunks: Iterable<string>): Promise<Branch[]> {
  const out: Branch[] = [];
  for await (const b of parseIfscCsv(chunks, bankCodeOf)) out.push(b);
  return out;
}

/** The text in pieces of `size` characters, as a file read a chunk at a time gives it. */
const pieces = (text: string, size: number) => Array.from({ length: Math.ceil(text.length / size) }, (_, k) => text.slice(k * size, (k + 1) * size));

describe('parseIfscCsv', () => {
  let rows: Branch[];
  beforeAll(async () => {
    rows = await branchesOf([csv]);
  });

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

  it('reads the same branches from the file cut into chunks anywhere: inside quotes, at commas, inside quoted newlines', async () => {
    // Pieces of every size from 1 to 97 characters put the cuts at every kind of place: in
    // "2 ""OLD"" ROAD" between the doubled quotes, after a quoted comma, in the quoted
    // newline of row 4, between a field and its comma.
    for (let size = 1; size < 98; size++) expect(await branchesOf(pieces(csv, size)), `pieces of ${size}`).toEqual(rows);
    // The same with CRLF line ends (a CR and its LF in two chunks) and a byte-order mark.
    const crlf = `\ufeff${csv.replace(/\n/g, '\r\n')}`;
    const whole = await branchesOf([crlf]);
    expect(whole.map((b) => b.ifsc)).toEqual(rows.map((b) => b.ifsc));
    for (let size = 1; size < 98; size += 3) expect(await branchesOf(pieces(crlf, size)), `CRLF pieces of ${size}`).toEqual(whole);
  });

  it('refuses a file without the IFSC columns, or with no header at all', async () => {
    await expect(branchesOf(['NAME,CODE\nx,y\n'])).rejects.toThrow(/no BANK, IFSC, BRANCH, CITY, STATE column/);
    await expect(branchesOf(['NAME,CO', 'DE\nx,y\n'])).rejects.toThrow(/no BANK, IFSC, BRANCH, CITY, STATE column/);
    await expect(branchesOf([''])).rejects.toThrow(/no BANK, IFSC, BRANCH, CITY, STATE column/);
  });
});
