import { describe, expect, it } from 'vitest';
import { matchScore, normalizeName } from './names.js';
import { editDistance } from '../fuzzy/index.js';
import { Registry } from './registry.js';

const registry = new Registry([
  { name: 'Bengaluru', type: 'city', state: 'Karnataka', aliases: ['bangalore'] },
  { name: 'Gurugram', type: 'city', state: 'Haryana', aliases: ['gurgaon'] },
  { name: 'Mumbai', type: 'city', state: 'Maharashtra', aliases: ['bombay'] },
  { name: 'Navi Mumbai', type: 'city', state: 'Maharashtra' },
  { name: 'Jammu and Kashmir', type: 'state', aliases: ['jammu kashmir'] },
  { name: 'Uttar Pradesh', type: 'state' },
  { name: 'Hyderabad', type: 'city', state: 'Telangana' },
]);

describe('location names', () => {
  it('normalizes case, + for spaces, & for and, and punctuation', () => {
    expect(normalizeName('Uttar+Pradesh')).toBe('uttar pradesh');
    expect(normalizeName('  Jammu & Kashmir ')).toBe('jammu and kashmir');
    expect(normalizeName('Port-Blair.')).toBe('port blair');
  });

  it('counts a transposition as one edit', () => {
    expect(editDistance('banglaore', 'bangalore', { transpositions: true })).toBe(1);
    expect(editDistance('kitten', 'sitting', { transpositions: true })).toBe(3);
  });

  it('finds a place by its name or alias, ignoring case, spacing and "&"', () => {
    expect(registry.find('UTTAR+PRADESH')?.name).toBe('Uttar Pradesh');
    expect(registry.find('Jammu & Kashmir')?.name).toBe('Jammu and Kashmir');
    expect(registry.find('jammukashmir')?.name).toBe('Jammu and Kashmir');
    expect(registry.find('bombay')?.name).toBe('Mumbai');
    // Exact lookups never guess: a misspelling is not a city.
    expect(registry.find('banglore')).toBeUndefined();
  });

  it('ranks misspellings and old names in search (banglore, gurgaon, bombay)', () => {
    expect(registry.search('banglore', 20)[0].place.name).toBe('Bengaluru');
    expect(registry.search('gurgaon', 20)[0].place.name).toBe('Gurugram');
    expect(registry.search('bombay', 20)[0].place.name).toBe('Mumbai');
    expect(registry.search('hydrabad', 20)[0].place.name).toBe('Hyderabad');
  });

  it('puts the exact name before longer names that contain it', () => {
    expect(registry.search('mumbai', 20).map((h) => h.place.name)).toEqual(['Mumbai', 'Navi Mumbai']);
  });

  it('returns nothing for text that resembles no place, and honours the limit', () => {
    expect(registry.search('zzzzqq', 20)).toEqual([]);
    expect(registry.search('a', 2)).toHaveLength(2);
    expect(matchScore('', 'mumbai')).toBe(0);
  });

  it('refuses a registry that lists a place twice', () => {
    expect(
      () =>
        new Registry([
          { name: 'Goa', type: 'state' },
          { name: 'GOA', type: 'state' },
        ]),
    ).toThrow(/twice/);
  });
});
