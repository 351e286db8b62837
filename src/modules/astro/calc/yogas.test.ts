// Yogas against charts built from each rule as the text states it (present, and absent by the
// smallest change that breaks the rule); the published charts are in yogas-published.test.ts. The
// constructed charts are placements only: the text's rule is about signs and houses, so any
// longitude inside the sign will do.

import { describe, expect, it } from 'vitest';
import { chartFacts } from './facts.js';
import { findYogas, YOGA_COUNT, YOGA_DEFS } from './yogas.js';
import { YOGA_SOURCES } from './yoga-sources.js';

const SIGNS = ['Ar', 'Ta', 'Ge', 'Cn', 'Le', 'Vi', 'Li', 'Sc', 'Sg', 'Cp', 'Aq', 'Pi'];
type P = Partial<Record<'Lg' | 'Su' | 'Mo' | 'Ma' | 'Me' | 'Ju' | 'Ve' | 'Sa' | 'Ra', string>>;

/** A chart from placements like { Lg: 'Ar', Su: 'Ge 10' } (degree 15 unless given; Ketu opposite Rahu). */
function chart(p: P) {
  const at = (s: string | undefined, fallback: number) => {
    if (!s) return fallback;
    const [sign, deg] = s.split(' ');
    return SIGNS.indexOf(sign!) * 30 + Number(deg ?? 15);
  };
  const lon = {
    Su: at(p.Su, 15),
    Mo: at(p.Mo, 45),
    Ma: at(p.Ma, 75),
    Me: at(p.Me, 25),
    Ju: at(p.Ju, 105),
    Ve: at(p.Ve, 35),
    Sa: at(p.Sa, 135),
    Ra: at(p.Ra, 165),
  };
  const speed = { Su: 1, Mo: 13, Ma: 0.5, Me: 1, Ju: 0.1, Ve: 1, Sa: 0.05, Ra: -0.05 };
  return chartFacts(lon, speed, at(p.Lg, 5));
}
const keys = (p: P) => findYogas(chart(p)).map((y) => y.key);
const yoga = (p: P, key: string) => findYogas(chart(p)).find((y) => y.key === key);

describe('the yoga table', () => {
  it('evaluates at least 80 yogas, each with a classical source', () => {
    expect(YOGA_COUNT).toBeGreaterThanOrEqual(80);
    for (const k of Object.keys(YOGA_DEFS)) expect(YOGA_SOURCES[k.startsWith('malika_') ? 'graha_malika' : k], k).toBeDefined();
  });
});

// [yoga, chart where the text's rule holds, chart where it does not]
const CASES: [string, P, P][] = [
  // Mars in Capricorn (exalted) in the 10th from an Aries lagna; then in the 11th.
  ['ruchaka', { Lg: 'Ar', Ma: 'Cp' }, { Lg: 'Pi', Ma: 'Cp' }],
  ['bhadra', { Lg: 'Ge', Me: 'Ge', Su: 'Ge' }, { Lg: 'Ta', Me: 'Ge', Su: 'Ge' }],
  ['hamsa', { Lg: 'Li', Ju: 'Cn' }, { Lg: 'Vi', Ju: 'Cn' }],
  ['malavya', { Lg: 'Cn', Ve: 'Li', Su: 'Vi' }, { Lg: 'Ge', Ve: 'Li', Su: 'Vi' }],
  ['sasa', { Lg: 'Cp', Sa: 'Li' }, { Lg: 'Sg', Sa: 'Li' }],
  // Jupiter in the 4th from the Moon, aspected by Venus; then the 3rd.
  ['gaja_kesari', { Lg: 'Ar', Mo: 'Ar', Ju: 'Cn', Ve: 'Cp' }, { Lg: 'Ar', Mo: 'Ar', Ju: 'Ge', Ve: 'Cp' }],
  ['budha_aditya', { Su: 'Le 10', Me: 'Le 28' }, { Su: 'Le 10', Me: 'Vi 2' }],
  ['chandra_mangala', { Mo: 'Sc', Ma: 'Sc' }, { Mo: 'Sc', Ma: 'Sg' }],
  // Mars in the 7th from the Moon: mutual aspect, not the conjunction the texts name.
  ['chandra_mangala', { Mo: 'Sc', Ma: 'Sc' }, { Mo: 'Sc', Ma: 'Ta' }],
  ['adhi', { Lg: 'Ar', Mo: 'Ar', Me: 'Vi', Su: 'Vi', Ju: 'Li', Ve: 'Sc' }, { Lg: 'Ar', Mo: 'Ar', Me: 'Vi', Su: 'Vi', Ju: 'Sg', Ve: 'Sc' }],
  // Moon in Cancer: Mars in Leo (2nd) and nothing in Gemini; the Sun alone in the 2nd does not count.
  [
    'sunapha',
    { Mo: 'Cn', Ma: 'Le', Su: 'Ar', Me: 'Ar', Ve: 'Ar', Ju: 'Sg', Sa: 'Sg' },
    { Mo: 'Cn', Su: 'Le', Ma: 'Ar', Me: 'Ar', Ve: 'Ar', Ju: 'Sg', Sa: 'Sg' },
  ],
  [
    'anapha',
    { Mo: 'Cn', Sa: 'Ge', Su: 'Ar', Me: 'Ar', Ve: 'Ar', Ju: 'Sg', Ma: 'Sg' },
    { Mo: 'Cn', Sa: 'Le', Su: 'Ar', Me: 'Ar', Ve: 'Ar', Ju: 'Sg', Ma: 'Sg' },
  ],
  [
    'durudhara',
    { Mo: 'Cn', Sa: 'Ge', Ma: 'Le', Su: 'Ar', Me: 'Ar', Ve: 'Ar', Ju: 'Sg' },
    { Mo: 'Cn', Sa: 'Ge', Ma: 'Sg', Su: 'Ar', Me: 'Ar', Ve: 'Ar', Ju: 'Sg' },
  ],
  [
    'kemadruma',
    { Lg: 'Ar', Mo: 'Cn', Su: 'Le', Ma: 'Sg', Me: 'Vi', Ve: 'Vi', Ju: 'Sg', Sa: 'Pi' },
    { Lg: 'Ar', Mo: 'Cn', Su: 'Le', Ma: 'Le', Me: 'Vi', Ve: 'Vi', Ju: 'Sg', Sa: 'Pi' },
  ],
  ['vesi', { Su: 'Ar', Ma: 'Ta', Mo: 'Sg', Me: 'Ar', Ve: 'Ar', Ju: 'Le', Sa: 'Le' }, { Su: 'Ar', Mo: 'Ta', Ma: 'Sg', Me: 'Ar', Ve: 'Ar', Ju: 'Le', Sa: 'Le' }],
  ['vasi', { Su: 'Ar', Ve: 'Pi', Mo: 'Sg', Me: 'Ar', Ma: 'Le', Ju: 'Le', Sa: 'Le' }, { Su: 'Ar', Mo: 'Pi', Ve: 'Ar', Me: 'Ar', Ma: 'Le', Ju: 'Le', Sa: 'Le' }],
  [
    'ubhayachari',
    { Su: 'Ar', Ve: 'Pi', Me: 'Ta', Mo: 'Sg', Ma: 'Le', Ju: 'Le', Sa: 'Le' },
    { Su: 'Ar', Ve: 'Pi', Me: 'Ar', Mo: 'Sg', Ma: 'Le', Ju: 'Le', Sa: 'Le' },
  ],
  ['shakata', { Lg: 'Ar', Ju: 'Ar', Mo: 'Vi' }, { Lg: 'Ar', Ju: 'Ar', Mo: 'Le' }],
  [
    'amala',
    { Lg: 'Ar', Ve: 'Cp', Mo: 'Ar', Su: 'Ge', Me: 'Ge', Ma: 'Ge', Ju: 'Ge', Sa: 'Ge' },
    { Lg: 'Ar', Sa: 'Cp', Mo: 'Ar', Su: 'Ge', Me: 'Ge', Ma: 'Ge', Ju: 'Ge', Ve: 'Ge' },
  ],
  // Cancer lagna: Sun (lord of the 2nd) and Mars (lord of 5 and 10, a yogakaraka) - Mars alone forms the raja yoga.
  ['raja_kendra_trikona', { Lg: 'Cn', Ma: 'Sc' }, { Lg: 'Ge', Su: 'Ar', Mo: 'Ta', Ma: 'Cn', Me: 'Pi', Ju: 'Ta', Ve: 'Le', Sa: 'Cn' }],
  // Aries lagna: Jupiter (9th lord) with Saturn (10th lord).
  ['dharma_karmadhipati', { Lg: 'Ar', Ju: 'Le', Sa: 'Le' }, { Lg: 'Ar', Ju: 'Le', Sa: 'Vi' }],
  // Aries lagna: Mercury (6th lord) in the 8th; then in the 9th.
  ['viparita_harsha', { Lg: 'Ar', Me: 'Sc', Su: 'Sc' }, { Lg: 'Ar', Me: 'Sg', Su: 'Sg' }],
  ['viparita_sarala', { Lg: 'Ar', Ma: 'Vi' }, { Lg: 'Ar', Ma: 'Li' }],
  ['viparita_vimala', { Lg: 'Ar', Ju: 'Pi' }, { Lg: 'Ar', Ju: 'Ar' }],
  // Sun debilitated in Libra, Venus (its dispositor) in a kendra from an Aries lagna.
  [
    'neecha_bhanga_raja',
    { Lg: 'Ar', Su: 'Li', Ve: 'Cp', Ma: 'Ge', Sa: 'Ge', Mo: 'Ge', Ju: 'Ge', Me: 'Sc' },
    { Lg: 'Ar', Su: 'Li', Ve: 'Sg', Ma: 'Ge', Sa: 'Ge', Mo: 'Ta', Ju: 'Ge', Me: 'Sc' },
  ],
  ['rajju', { Su: 'Ar', Mo: 'Cn', Ma: 'Li', Me: 'Ar', Ju: 'Cp', Ve: 'Ar', Sa: 'Cn' }, { Su: 'Ar', Mo: 'Cn', Ma: 'Li', Me: 'Ta', Ju: 'Cp', Ve: 'Ar', Sa: 'Cn' }],
  [
    'musala',
    { Su: 'Ta', Mo: 'Le', Ma: 'Sc', Me: 'Ta', Ju: 'Aq', Ve: 'Ta', Sa: 'Le' },
    { Su: 'Ta', Mo: 'Le', Ma: 'Sc', Me: 'Ge', Ju: 'Aq', Ve: 'Ta', Sa: 'Le' },
  ],
  ['nala', { Su: 'Ge', Mo: 'Vi', Ma: 'Sg', Me: 'Ge', Ju: 'Pi', Ve: 'Ge', Sa: 'Vi' }, { Su: 'Ge', Mo: 'Vi', Ma: 'Sg', Me: 'Cn', Ju: 'Pi', Ve: 'Ge', Sa: 'Vi' }],
  [
    'kamala',
    { Lg: 'Ar', Su: 'Ar', Mo: 'Cn', Ma: 'Li', Me: 'Ar', Ju: 'Cp', Ve: 'Ar', Sa: 'Cn' },
    { Lg: 'Ta', Su: 'Ar', Mo: 'Cn', Ma: 'Li', Me: 'Ar', Ju: 'Cp', Ve: 'Ar', Sa: 'Cn' },
  ],
  [
    'shakata_nabhasa',
    { Lg: 'Ar', Su: 'Ar', Mo: 'Li', Ma: 'Li', Me: 'Ar', Ju: 'Li', Ve: 'Ar', Sa: 'Li' },
    { Lg: 'Ar', Su: 'Ar', Mo: 'Li', Ma: 'Cn', Me: 'Ar', Ju: 'Li', Ve: 'Ar', Sa: 'Li' },
  ],
  ['gola', { Su: 'Ar', Mo: 'Ar', Ma: 'Ar', Me: 'Ar', Ju: 'Ar', Ve: 'Ar', Sa: 'Ar' }, { Su: 'Ar', Mo: 'Ta', Ma: 'Ar', Me: 'Ar', Ju: 'Ar', Ve: 'Ar', Sa: 'Ar' }],
  [
    'nauka',
    { Lg: 'Ar', Su: 'Ar', Mo: 'Ta', Ma: 'Ge', Me: 'Cn', Ju: 'Le', Ve: 'Vi', Sa: 'Li' },
    { Lg: 'Pi', Su: 'Ar', Mo: 'Ta', Ma: 'Ge', Me: 'Cn', Ju: 'Le', Ve: 'Vi', Sa: 'Li' },
  ],
  [
    'malika_1',
    { Lg: 'Ar', Su: 'Ar', Mo: 'Ta', Ma: 'Ge', Me: 'Cn', Ju: 'Le', Ve: 'Vi', Sa: 'Li' },
    { Lg: 'Ar', Su: 'Ar', Mo: 'Ta', Ma: 'Ge', Me: 'Cn', Ju: 'Le', Ve: 'Vi', Sa: 'Sc' },
  ],
  [
    'chakra',
    { Lg: 'Ar', Su: 'Ar', Mo: 'Ge', Ma: 'Le', Me: 'Li', Ju: 'Sg', Ve: 'Aq', Sa: 'Ar' },
    { Lg: 'Ta', Su: 'Ar', Mo: 'Ge', Ma: 'Le', Me: 'Li', Ju: 'Sg', Ve: 'Aq', Sa: 'Ar' },
  ],
  ['maha_parivartana', { Lg: 'Ar', Ma: 'Le', Su: 'Ar' }, { Lg: 'Ar', Ma: 'Le', Su: 'Ta' }],
];

describe('each yoga by its rule', () => {
  it.each(CASES)('%s: present where the rule holds, absent where it does not', (key, yes, no) => {
    expect(keys(yes)).toContain(key);
    expect(keys(no)).not.toContain(key);
  });

  it('cancels Kemadruma where a tara is in a kendra from the lagna (BPHS 37.11)', () => {
    const k = yoga({ Lg: 'Ar', Mo: 'Cn', Su: 'Le', Ma: 'Ar', Me: 'Vi', Ve: 'Vi', Ju: 'Sg', Sa: 'Pi' }, 'kemadruma')!;
    expect(k.cancelled).toBe(true);
    expect(k.cancellations.find((c) => c.rule.includes('kendra from the lagna'))?.applies).toBe(true);
  });

  it('weakens Gaja Kesari when Jupiter is debilitated and unaspected by a benefic (BPHS 36.3)', () => {
    const g = yoga({ Lg: 'Ar', Mo: 'Cn', Ju: 'Cp', Ve: 'Ta', Me: 'Ta', Su: 'Ta' }, 'gaja_kesari')!;
    expect(g.weakened_by).toEqual(expect.arrayContaining(['Jupiter debilitated (BPHS 36.3)']));
  });

  it('counts Vasumati from a waxing Moon by the benefics other than the Moon (Phaladeepika 6.11)', () => {
    // Waxing Moon in Aries; Jupiter, Venus and Mercury in the 3rd, 10th and 6th from it; Taurus rising.
    const base: P = { Lg: 'Ta', Su: 'Pi', Mo: 'Ar', Ju: 'Ge', Me: 'Vi', Ra: 'Sg' };
    expect(yoga({ ...base, Ve: 'Cp' }, 'vasumati')).toMatchObject({ grahas: ['Me', 'Ju', 'Ve'] });
    expect(keys({ ...base, Ve: 'Pi' })).not.toContain('vasumati');
  });

  // Libra rising: the 4th lord is Saturn, the 9th Mercury, the 10th the Moon, so the 9th lord is not
  // Jupiter (an earlier rule read "the 4th lord and Jupiter"; BPHS 36.9-10 names the 9th lord).
  it('forms Kahala from the 4th and 9th lords in mutual kendras, the lagna lord strong (BPHS 36.9)', () => {
    const base: P = { Lg: 'Li', Ve: 'Li', Su: 'Ta', Sa: 'Cp', Ju: 'Vi', Mo: 'Ta' };
    expect(keys({ ...base, Me: 'Ar' })).toContain('kahala');
    expect(keys({ ...base, Me: 'Ta' })).not.toContain('kahala');
    // Jupiter in a kendra from the 4th lord, the 9th lord not: no Kahala.
    expect(keys({ ...base, Me: 'Ta', Ju: 'Ar' })).not.toContain('kahala');
  });

  it('forms Kahala from the 4th lord in its own sign aspected by the 10th lord (BPHS 36.10)', () => {
    const base: P = { Lg: 'Li', Ve: 'Li', Su: 'Ta', Sa: 'Cp', Ju: 'Vi', Me: 'Ta' };
    expect(yoga({ ...base, Mo: 'Cn' }, 'kahala')).toMatchObject({ grahas: ['Sa', 'Mo'] });
    expect(keys({ ...base, Mo: 'Ta' })).not.toContain('kahala');
  });

  it('names the grahas and houses that form a yoga', () => {
    const r = yoga({ Lg: 'Ar', Ma: 'Cp' }, 'ruchaka')!;
    expect(r).toMatchObject({ grahas: ['Ma'], houses: [10], cancelled: false });
    expect(r.sources[0]).toMatchObject({ text: 'BPHS', chapter: 75 });
  });
});
