import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHARED_DIR } from '../../../test/helpers/env.js';
import { WEATHER_CITIES, WEATHER_CITY_KEYS } from './cities.js';

const ref = JSON.parse(readFileSync(`${SHARED_DIR}vectors/weather-cities.json`, 'utf8')).cities as Record<string, { name: string; lat: number; lon: number }>;

describe('the 12 weather cities', () => {
  it("are exactly the spec's cities, in the spec's order", () => {
    expect(WEATHER_CITY_KEYS).toEqual(['kolkata', 'mumbai', 'delhi', 'chennai', 'bangalore', 'hyderabad', 'pune', 'jaipur', 'lucknow', 'ahmedabad', 'guwahati', 'bhopal']);
  });

  it('carry the GeoNames names and coordinates of the reference vector', () => {
    for (const key of WEATHER_CITY_KEYS) {
      expect(WEATHER_CITIES[key], key).toEqual({ name: ref[key].name, lat: ref[key].lat, lon: ref[key].lon });
    }
  });
});
