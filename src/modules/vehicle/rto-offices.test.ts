import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRtoOffices, loadStateCodes } from './codes.js';
import { parseMark } from './parse.js';

const states = loadStateCodes();
const offices = loadRtoOffices();
const file = JSON.parse(readFileSync(new URL('./data/rto-offices.json', import.meta.url), 'utf8')) as {
  sources: Record<string, string>;
  offices: { code: string; witness: string | null }[];
};

describe('the RTO office table', () => {
  it('holds offices for every state and union territory whose code is issued today, and for the legacy TS, OR and DN', () => {
    const withRows = new Set([...offices.keys()].map((c) => c.slice(0, 2)));
    const current = [...states.values()].filter((s) => !s.legacy).map((s) => s.code);
    expect(current.filter((c) => !withRows.has(c))).toEqual([]);
    expect(['TS', 'OR', 'DN'].every((c) => withRows.has(c))).toBe(true);
  });

  it('holds every code of the published lists: 1,293 of them, plus 38 TG and 31 OR codes read through their TS and OD rows', () => {
    // Counts of the extraction recorded in data/SOURCES.md; a regeneration that loses rows fails here.
    expect(offices.size).toBeGreaterThanOrEqual(1362);
    expect([...offices.keys()].filter((c) => c.startsWith('TG'))).toHaveLength(38);
    expect([...offices.keys()].filter((c) => c.startsWith('OR'))).toHaveLength(31);
  });

  it('says of every row how sure it is, and which list it comes from', () => {
    const agreements = new Set([...offices.values()].map((o) => o.agreement));
    expect([...agreements].sort()).toEqual(['one-source', 'two-sources']);
    for (const o of offices.values()) expect(Object.keys(file.sources)).toContain(o.source);
    // A row is two-source exactly when a witness is named for it.
    for (const r of file.offices) expect(r.witness !== null).toBe(offices.get(r.code)!.agreement === 'two-sources');
    const two = [...offices.values()].filter((o) => o.agreement === 'two-sources').length;
    expect(two).toBe(1271);
  });

  it('keys every row by a code the mark parser reads as that same RTO code', () => {
    for (const code of offices.keys()) expect(parseMark(`${code}AB1234`, states).rto_code).toBe(code);
  });

  // Each value below is what the source named in `source` gives for the code, and (two-sources) the town the
  // insurer's master list (Magma HDFC, in aryan-aegis/generic-policy-generator) gives: data/SOURCES.md.
  it.each([
    ['MH12', 'Pune', 'wikipedia-2023', 'two-sources'], // witness: PUNE
    ['DL03', 'Sheikh Sarai', 'wikipedia-2018', 'two-sources'], // witness: SHEIKH SARAI
    ['KA01', 'Koramangala', 'anoopt', 'two-sources'], // witness: BANGALORE
    ['TN01', 'Chennai (Central): Ayanavaram', 'wikipedia-2023', 'two-sources'], // witness: CHENNAI
    ['WB01', 'Kolkata (Two Wheelers)', 'wikipedia-2018', 'two-sources'], // witness: KOLKATA
    ['UP32', 'Lucknow', 'wikipedia-2018', 'two-sources'], // witness: LUCKNOW
    ['RJ14', 'Jaipur', 'wikipedia-2023', 'two-sources'], // witness: JAIPUR
    ['GJ01', 'Ahmedabad City(West)', 'wikipedia-2018', 'two-sources'], // witness: AHMEDABAD
    ['KL07', 'Ernakulam', 'wikipedia-2023', 'two-sources'], // witness: ERNAKULAM
    ['PB10', 'Ludhiana', 'wikipedia-2023', 'two-sources'], // witness: LUDHIANA
    ['OD02', 'Bhubaneswar', 'wikipedia-2023', 'two-sources'], // witness: BHUBANESHWAR
    ['HR26', 'Gurugram', 'wikipedia-2023', 'two-sources'], // witness: GURGAON (old name of the same city)
    ['BR01', 'Patna', 'anoopt', 'two-sources'], // witness: PATNA
    ['DL01', 'Civil Lines', 'wikipedia-2018', 'one-source'], // witness names another office: MALL ROAD
    ['KA60', 'Yellapur', 'anoopt', 'one-source'], // witness names a Bengaluru office: R.T. NAGAR
  ] as const)('names %s as %s (%s, %s)', (code, office, source, agreement) => {
    expect(offices.get(code)).toMatchObject({ office, source, agreement });
  });

  it('answers a mark of a renamed state code with the office its successor code lists, and says so', () => {
    expect(offices.get('TG09')).toMatchObject({ office: offices.get('TS09')!.office, note: expect.stringMatching(/TS09/) });
    expect(offices.get('OR02')).toMatchObject({ office: 'Bhubaneswar', note: expect.stringMatching(/OD02/) });
    expect(offices.get('AP09')!.note).toMatch(/TS-09/);
  });

  it('leaves out what the lists themselves mark as not allotted, and the UA codes no list gives', () => {
    for (const code of ['MP55', 'WB21', 'UA07']) expect(offices.has(code)).toBe(false);
  });
});
