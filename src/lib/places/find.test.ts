import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/errors.js';
import { WEATHER_CITIES, WEATHER_CITY_KEYS } from './cities.js';
import { findTown } from './find.js';
import { STATES, TOWNS } from './gazetteer.js';

/** The error findTown throws for a value, or a failure when it answers. */
function refusal(written: string): ApiError {
  try {
    const t = findTown(written);
    throw new Error(`${written} answered ${t.name}, ${t.state}`);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return err;
  }
}

describe('the place vocabulary', () => {
  it('holds at least 500 towns, every one in India time with coordinates inside India', () => {
    expect(TOWNS.length).toBeGreaterThanOrEqual(500);
    for (const t of TOWNS) {
      expect(t.timezone, t.name).toBe('Asia/Kolkata');
      expect(t.lat > 6 && t.lat < 37.5 && t.lon > 68 && t.lon < 97.5, `${t.name} ${t.lat},${t.lon}`).toBe(true);
    }
    // Every state and union territory has towns (36 as DB-IP names them).
    expect(STATES).toHaveLength(36);
  });

  it('keeps the 12 named cities exactly as /weather and /panchang always had them', () => {
    for (const key of WEATHER_CITY_KEYS) {
      const t = findTown(key);
      const c = WEATHER_CITIES[key];
      expect({ name: t.name, lat: t.lat, lon: t.lon }, key).toEqual(c);
      expect(t.source).toMatch(/GeoNames/);
      // Their display names answer too, in any case.
      expect(findTown(c.name.toUpperCase())).toBe(t);
    }
  });

  it.each([
    ['bombay', 'Mumbai'],
    ['Madras', 'Chennai'],
    ['calcutta', 'Kolkata'],
    ['Benares', 'Varanasi'],
    ['banaras', 'Varanasi'],
    ['kashi', 'Varanasi'],
    ['gurgaon', 'Gurugram'],
    ['Gurugram', 'Gurugram'],
    ['bangalore', 'Bengaluru'],
    ['bengaluru', 'Bengaluru'],
    ['new delhi', 'Delhi'],
    ['NewDelhi', 'Delhi'],
    ['  New   Delhi ', 'Delhi'],
    ['poona', 'Pune'],
    ['pondicherry', 'Puducherry'],
    ['mysore', 'Mysuru'],
    ['allahabad', 'Prayagraj'],
    ['trivandrum', 'Thiruvananthapuram'],
    ['panaji', 'Panjim'],
  ])('knows %s as %s', (written, name) => {
    expect(findTown(written).name).toBe(name);
  });

  it('picks the town of a shared name with the most address ranges, and the one of the state named', () => {
    expect(findTown('aurangabad').state).toBe('Maharashtra');
    const bihar = findTown('aurangabad, bihar');
    expect(bihar).toMatchObject({ name: 'Aurangabad', state: 'Bihar' });
    // Aurangabad, Bihar lies at about 24.75 N, 84.37 E.
    expect(bihar.lat).toBeCloseTo(24.75, 1);
    expect(bihar.lon).toBeCloseTo(84.37, 1);
    expect(findTown('Aurangabad Bihar')).toBe(bihar);
    expect(findTown('aurangabad, maharashtra').state).toBe('Maharashtra');
    expect(findTown('srinagar').state).toBe('Jammu and Kashmir');
    // DB-IP files most of Chandigarh under Haryana; the city is its own union territory.
    expect(findTown('chandigarh').state).toBe('Chandigarh');
    expect(findTown('chandigarh, haryana').state).toBe('Haryana');
    expect(findTown('srinagar, uttarakhand').state).toBe('Uttarakhand');
    expect(findTown('port blair, andaman').state).toBe('Andaman and Nicobar');
  });

  it('refuses a typo with a 400 naming the town meant, never answering for it', () => {
    for (const [typo, meant] of [
      ['varansi', 'Varanasi, Uttar Pradesh'],
      ['hydrabad', 'Hyderabad, Telangana'],
      ['banglore', 'Bengaluru, Karnataka'],
    ]) {
      const err = refusal(typo);
      expect(err.statusCode).toBe(400);
      expect(err.code).toBe('INVALID_PARAMETER');
      expect(err.extra).toMatchObject({ param: 'city' });
      expect(err.extra.suggestions, typo).toContain(meant);
      expect(err.message).toContain(`did you mean ${meant}`);
    }
  });

  it('suggests the towns of that name when the state named has none, and each suggestion resolves as written', () => {
    const err = refusal('aurangabad, kerala');
    expect(err.extra.suggestions).toEqual(['Aurangabad, Maharashtra', 'Aurangabad, Bihar']);
    for (const s of refusal('atlantis').extra.suggestions as string[]) expect(`${findTown(s).name}, ${findTown(s).state}`).toBe(s);
  });
});
