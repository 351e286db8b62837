// The "500 most populous towns" of issue 44, measured against GeoNames' populations: the 500
// most populous Indian places of its cities1000 extract, without sections of a city (PPLX), as
// fixtures/geonames-populous.json keeps them (PROVENANCE.md). A place counts when its GeoNames
// name, written alone, answers a town, and counts as placed when that town is within 25 km of
// GeoNames' point (a name can answer another state's busier town: Aurangabad).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findTown } from './find.js';
import { kmBetween } from './km.js';

const POPULOUS = JSON.parse(readFileSync(new URL('./fixtures/geonames-populous.json', import.meta.url), 'utf8')) as [number, string, number, number, number][];

function townOf(name: string) {
  try {
    return findTown(name);
  } catch {
    return undefined;
  }
}

describe("GeoNames' 500 most populous Indian places", () => {
  // 442 by name and 426 placed with the towns alone; 480 and 464 with GeoNames' names of DB-IP's
  // towns as aliases (Haora for Howrah, Bellary for Ballari, Monghyr for Munger); 481 and 465 with
  // the district towns the Survey of India's list confirms (Dhaulpur).
  it('answers at least 481 by their GeoNames name, 465 of them within 25 km of its point', () => {
    expect(POPULOUS).toHaveLength(500);
    const found = POPULOUS.map(([, name, lat, lon]) => ({ t: townOf(name), at: { lat, lon } })).filter((x) => x.t);
    expect(found.length).toBeGreaterThanOrEqual(481);
    expect(found.filter((x) => kmBetween(x.at, x.t!) <= 25).length).toBeGreaterThanOrEqual(465);
  });
});
