import { describe, expect, it } from 'vitest';
import { fixtureJson } from './fixtures/index.js';
import { parseStationsGeoJson } from './stations.js';

// A cut of datameet's stations.json (fixtures/PROVENANCE.md says which rows): 292 features, of
// which 254 are stations. The other 38 are every entry of the whole list that the parser must
// drop: 37 codes that are not 1 to 5 capital letters (23 XX-/YY- placeholders, 14 with digits
// or spaces) and one entry without a name. The whole list (8,990 features, 8,952 stations) is
// checked by `npm run bench:train`, which needs it.
const raw = fixtureJson<{ features: { properties: { code: string; name: string } }[] }>('datameet-stations-cut.json');

describe('datameet station list', () => {
  it('keeps real station codes and drops the placeholder entries', () => {
    const stations = parseStationsGeoJson(raw);
    expect(raw.features).toHaveLength(292);
    expect(stations).toHaveLength(254);
    expect(stations.every((s) => /^[A-Z]{1,5}$/.test(s.code))).toBe(true);
    expect(new Set(stations.map((s) => s.code)).size).toBe(stations.length);
    const kept = new Set(stations.map((s) => s.code));
    const dropped = raw.features.map((f) => f.properties.code).filter((c) => !kept.has(c));
    expect(dropped).toHaveLength(38);
    expect(dropped.filter((c) => /^(XX|YY)-/.test(c))).toHaveLength(23);
    // Codes with digits or spaces, and the one nameless row (code "P").
    expect(dropped).toEqual(expect.arrayContaining(['TGR2', 'ER08', 'X108', 'YAKUT PUR(YKA', 'P']));
  });

  it('keeps the first of two rows with the same code', () => {
    const [ndls] = raw.features.filter((f) => f.properties.code === 'NDLS');
    const again = { ...ndls, properties: { ...ndls!.properties, name: 'A LATER NDLS' } };
    const stations = parseStationsGeoJson({ type: 'FeatureCollection', features: [ndls, again] });
    expect(stations.map((s) => s.name)).toEqual(['NEW DELHI']);
  });

  it('turns GeoJSON [lon, lat] points into lat and lon, and keeps stations without a point', () => {
    const stations = parseStationsGeoJson(raw);
    const tvc = stations.find((s) => s.code === 'TVC')!;
    expect(tvc.lat).toBeCloseTo(8.4867, 3);
    expect(tvc.lon).toBeCloseTo(76.9512, 3);
    expect(stations.filter((s) => s.lat === null && s.lon === null)).toHaveLength(13);
  });

  it('refuses a body that is not a FeatureCollection', () => {
    expect(() => parseStationsGeoJson({ type: 'nope' })).toThrow(/FeatureCollection/);
  });
});
