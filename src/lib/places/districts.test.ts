// How much of India's district map the place vocabulary covers, measured against the Local
// Government Directory's list of districts (fixtures/lgd-districts.json, PROVENANCE.md). The LGD
// names no headquarters, so what is measured is a district's own name as a town of its state:
// most districts are named after their headquarters town; the rest (East Godavari, Papum Pare,
// North Goa) name no town and stay misses here whatever the vocabulary holds.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findTown } from './find.js';
import { normName, STATES, TOWNS } from './gazetteer.js';

const LGD = JSON.parse(readFileSync(new URL('./fixtures/lgd-districts.json', import.meta.url), 'utf8')) as [string, string][];
const GEONAMES = JSON.parse(readFileSync(new URL('./data/geonames-towns.json', import.meta.url), 'utf8')) as {
  towns: { name: string; state: string; geonameid: number; aliases?: string[] }[];
  aliases: { alias: string; town: string; state: string; geonameid: number; km: number }[];
};

/** The LGD's state name as the vocabulary writes it ("THE DADRA AND NAGAR HAVELI AND DAMAN AND DIU"). */
const stateOf = (lgd: string) => STATES.find((s) => normName(lgd).replace(/^the /, '').startsWith(normName(s)));

/** The town "district, state" names, or undefined. */
function townOf(district: string, state: string) {
  try {
    return findTown(`${district}, ${state}`);
  } catch {
    return undefined;
  }
}

describe('district coverage (LGD list of 739 districts)', () => {
  it('names every LGD state as a state of the vocabulary', () => {
    for (const [, s] of LGD) expect(stateOf(s), s).toBeDefined();
  });

  // 414 of 739 (56.0%) with DB-IP's towns alone; 493 (66.7%) with the GeoNames towns added; 517
  // (70.0%) with GeoNames' other spellings of the same towns (Purulia, Hooghly, Cooch Behar).
  it('finds at least 517 of the 739 district names as a town of their state', () => {
    const found = LGD.filter(([d, s]) => townOf(d, stateOf(s)!)?.state === stateOf(s));
    expect(LGD).toHaveLength(739);
    expect(found.length).toBeGreaterThanOrEqual(517);
  });

  it('answers each GeoNames name of a DB-IP town for that town, alone and with its state', () => {
    expect(GEONAMES.aliases.length).toBeGreaterThan(0);
    for (const a of GEONAMES.aliases) {
      const t = townOf(a.alias, a.state);
      expect(t, `${a.alias}, ${a.state}`).toMatchObject({ name: a.town, state: a.state });
      // No alias is a name another town answers to: the name alone gives the same town.
      expect(findTown(a.alias), a.alias).toBe(t);
      expect(a.km).toBeLessThanOrEqual(10);
    }
    expect(findTown('haora')).toMatchObject({ name: 'Howrah', state: 'West Bengal' });
    expect(findTown('purulia')).toMatchObject({ name: 'Puruliya', state: 'West Bengal' });
    expect(findTown('bellary')).toMatchObject({ name: 'Ballari', state: 'Karnataka' });
    expect(findTown('cooch behar')).toMatchObject({ name: 'Koch Bihar', state: 'West Bengal' });
  });

  it('takes no district name GeoNames lists under a town whose name it is not', () => {
    // GeoNames gives "East Godavari" under Kakinada and "Nadia" under Navadwip (Nadia's seat is
    // Krishnanagar): names of districts, not spellings of the towns, so they stay unknown.
    for (const [d, s] of [
      ['East Godavari', 'Andhra Pradesh'],
      ['Nadia', 'West Bengal'],
      ['Darrang', 'Assam'],
    ])
      expect(townOf(d, s), d).toBeUndefined();
  });

  it('adds each GeoNames town under its own name and state, crediting GeoNames, in Indian time', () => {
    expect(GEONAMES.towns.length).toBeGreaterThan(0);
    for (const g of GEONAMES.towns) {
      const t = townOf(g.name, g.state);
      expect(t, `${g.name}, ${g.state}`).toBeDefined();
      expect(t!.state).toBe(g.state);
      expect(t!.source).toBe(`GeoNames (geonames.org, CC-BY-4.0), geonameid ${g.geonameid}`);
      expect(t!.timezone).toBe('Asia/Kolkata');
      for (const a of g.aliases ?? []) expect(townOf(a, g.state)).toBe(t);
    }
  });

  it('keeps a DB-IP town first when a GeoNames town of another state has its name', () => {
    // GeoNames towns rank below every DB-IP town: a name alone still answers what it answered.
    for (const g of GEONAMES.towns) {
      const same = TOWNS.filter((t) => normName(t.name) === normName(g.name) && !t.source.includes('geonameid'));
      if (same.length) expect(findTown(normName(g.name)).source, g.name).not.toContain('geonameid');
    }
  });

  it('answers district towns DB-IP lacks, by name alone', () => {
    expect(findTown('tinsukia')).toMatchObject({ name: 'Tinsukia', state: 'Assam' });
    expect(findTown('naini tal')).toMatchObject({ name: 'Naini Tal', state: 'Uttarakhand' });
    expect(findTown('gonda')).toMatchObject({ name: 'Gonda City', state: 'Uttar Pradesh' });
  });
});
