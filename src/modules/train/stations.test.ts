import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHARED_DIR } from '../../../test/helpers/env.js';
import { parseStationsGeoJson } from './stations.js';

const raw = JSON.parse(readFileSync(`${SHARED_DIR}data/railways/stations.json`, 'utf8'));

describe('datameet station list', () => {
  it('keeps real station codes and drops the placeholder entries', () => {
    const stations = parseStationsGeoJson(raw);
    expect(stations.length).toBeGreaterThan(8000);
    expect(stations.every((s) => /^[A-Z]{1,5}$/.test(s.code))).toBe(true);
    expect(stations.find((s) => s.code.startsWith('XX'))).toBeUndefined();
    expect(new Set(stations.map((s) => s.code)).size).toBe(stations.length);
  });

  it('turns GeoJSON [lon, lat] points into lat and lon, and keeps stations without a point', () => {
    const stations = parseStationsGeoJson(raw);
    const tvc = stations.find((s) => s.code === 'TVC')!;
    expect(tvc.lat).toBeCloseTo(8.4867, 3);
    expect(tvc.lon).toBeCloseTo(76.9512, 3);
    expect(stations.some((s) => s.lat === null && s.lon === null)).toBe(true);
  });

  it('refuses a body that is not a FeatureCollection', () => {
    expect(() => parseStationsGeoJson({ type: 'nope' })).toThrow(/FeatureCollection/);
  });
});
