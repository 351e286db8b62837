import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { RAJDHANI_FARES, RAJDHANI_LEG, fixtureJson } from '../fixtures/index.js';
import { betweenRequest, parseBetween } from './railyatri.js';

const q = { from: 'NZM', to: 'TVC', date: '2026-11-24' };

describe('railyatri provider', () => {
  it('asks for the station pair and a DD-MM-YYYY journey date', () => {
    const u = new URL(betweenRequest(loadConfig({}), q).url);
    expect(u.origin + u.pathname).toBe('https://trainticketapi.railyatri.in/api/trains-between-station-with-sa.json');
    expect(Object.fromEntries(u.searchParams)).toEqual({ from_code: 'NZM', to_code: 'TVC', journey_date: '24-11-2026', journey_quota: 'GN' });
  });

  it('maps trains to the same normalised records, days from names, fares from seat data', () => {
    const trains = parseBetween(fixtureJson('railyatri-between-nzm-tvc.json'), q);
    expect(trains).toHaveLength(1); // the ERS leg is another station pair
    expect(trains[0]).toEqual({
      ...RAJDHANI_LEG,
      classes: ['1A', '2A', '3A'],
      train_name: 'Trivandrum Rajdhani',
      from: { code: 'NZM', name: 'Hazrat Nizamuddin' },
      to: { code: 'TVC', name: 'Thiruvananthapuram Central' },
      distance_km: 3149,
      fare: RAJDHANI_FARES,
    });
  });

  it('answers an empty list when there are no trains, and refuses other failures', () => {
    expect(parseBetween(fixtureJson('railyatri-no-trains.json'), q)).toEqual([]);
    expect(() => parseBetween({ success: false }, q)).toThrow(expect.objectContaining({ kind: 'bad_response' }));
  });

  it('reports success without a train list, or with rows it cannot read, as a parse failure', () => {
    const body = fixtureJson<Record<string, unknown>>('railyatri-between-nzm-tvc.json');
    const { train_between_stations: list, ...rest } = body;
    expect(() => parseBetween(rest, q)).toThrow(expect.objectContaining({ kind: 'parse', upstream: 'railyatri' }));
    const unreadable = (list as Record<string, unknown>[]).map(({ from_std: _gone, ...t }) => t);
    expect(() => parseBetween({ ...rest, train_between_stations: unreadable }, q)).toThrow(expect.objectContaining({ kind: 'parse' }));
    expect(parseBetween({ ...rest, train_between_stations: [] }, q)).toEqual([]);
  });
});
