import { describe, expect, it } from 'vitest';
import { IfscDirectory } from './directory.js';
import { fixtureJson } from './fixtures/index.js';

const directory = new IfscDirectory();
const codes = fixtureJson<{ ifsc: string; bank_code: string; bank: string }[]>('ifsc-package-codes-50.json');

describe('IfscDirectory', () => {
  it.each(codes)('knows $ifsc as a branch of $bank', ({ ifsc, bank_code, bank }) => {
    const v = directory.check(ifsc);
    expect(v).toMatchObject({ ok: true, ifsc, bank: { code: bank_code, name: bank } });
  });

  it('names the sub-member bank, not the sponsor whose prefix the code carries', () => {
    expect(directory.bankCodeOf('APBL0001001')).toBe('TSDX');
    expect(directory.bankCodeOf('SBIN0000001')).toBe('SBIN');
  });

  it('tells an unknown bank from an unknown branch of a known bank', () => {
    expect(directory.check('QQQQ0000001')).toEqual({ ok: false, reason: 'unknown_bank', bank_code: 'QQQQ' });
    expect(directory.check('SBIN0ZZZZZZ')).toMatchObject({
      ok: false,
      reason: 'unknown_branch',
      bank: { code: 'SBIN', name: 'State Bank of India' },
      branch_code: 'ZZZZZZ',
    });
  });

  it('matches numeric branch codes with their leading zeros', () => {
    expect(directory.check('SBIN0000001').ok).toBe(true);
  });

  it('lists banks by name with their kind and branch counts', () => {
    const banks = directory.banks();
    expect(banks.length).toBeGreaterThan(1000);
    const sbi = banks.find((b) => b.code === 'SBIN');
    expect(sbi).toMatchObject({ name: 'State Bank of India', type: 'PSB' });
    expect(sbi!.branches).toBeGreaterThan(10000);
    expect(directory.version).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
