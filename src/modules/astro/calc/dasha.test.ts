import { describe, expect, it } from 'vitest';
import { balanceYmd, dashaSeed, expandDasha, DASHA_YEAR_DAYS } from './dasha.js';
import { NAKSHATRA_SPAN } from './names.js';

describe('Vimshottari seed and tree', () => {
  it('starts a Moon at the very beginning of Ashwini with the whole of Ketu, 7 years', () => {
    const s = dashaSeed(0, 2451545, 0);
    expect(s.balance).toMatchObject({ lord: 'Ke', decimal_years: 7 });
    expect(s.startJd).toBe(2451545);
  });

  it('leaves half of Venus for a Moon half-way through Bharani', () => {
    const s = dashaSeed(NAKSHATRA_SPAN * 1.5, 2451545, 330);
    expect(s.balance.lord).toBe('Ve');
    expect(s.balance.decimal_years).toBeCloseTo(10, 6);
    expect(s.startJd).toBeCloseTo(2451545 - 10 * DASHA_YEAR_DAYS, 6);
  });

  it('fills 120 years with 9 × 9 × 9 periods that meet end to start and marks one running chain', () => {
    const s = dashaSeed(200, 2451545, 330);
    const now = 2451545 + 3000;
    const { mahadashas, current } = expandDasha(s, now);
    const flat = mahadashas.flatMap((m) => m.antardashas.flatMap((a) => a.pratyantaras));
    expect(flat).toHaveLength(729);
    for (let i = 1; i < flat.length; i++) expect(flat[i]!.start).toBe(flat[i - 1]!.end);
    expect(mahadashas.filter((m) => m.current)).toHaveLength(1);
    expect(current).not.toBeNull();
  });

  it('has no current period outside the 120 years', () => {
    const s = dashaSeed(200, 2451545, 0);
    expect(expandDasha(s, 2451545 + 200 * 366).current).toBeNull();
  });

  it('quotes a balance in dasha years, twelfths and rounded days', () => {
    // 1732 days = 4 years (1461.03 d) + 8 twelfths (243.50 d) + 27.47 d.
    expect(balanceYmd('1972-06-01', '1977-02-27')).toEqual({ years: 4, months: 8, days: 27 });
    expect(balanceYmd('1963-08-07', '1963-08-20')).toEqual({ years: 0, months: 0, days: 13 });
  });
});
