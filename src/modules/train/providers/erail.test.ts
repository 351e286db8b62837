import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../../core/upstream/index.js';
import { RAJDHANI_LEG, fixtureText } from '../fixtures/index.js';
import { betweenRequest, messageOf, parseBetween, parseRoute, parseTrain, routeRequest, trainRequest } from './erail.js';

const tuesday = { from: 'NZM', to: 'TVC', date: '2026-11-24' };

describe('erail provider', () => {
  it('builds the getTrains and route URLs the site uses', () => {
    expect(betweenRequest('https://erail.in', tuesday).url).toBe(
      'https://erail.in/rail/getTrains.aspx?Station_From=NZM&Station_To=TVC&DataSource=0&Language=0&Cache=true',
    );
    expect(trainRequest('http://x', '12432').url).toBe('http://x/rail/getTrains.aspx?TrainNo=12432&DataSource=0&Language=0&Cache=true');
    expect(routeRequest('http://x', 'k', '4321').url).toBe('http://x/data.aspx?Action=TRAINROUTE&Password=k&Data1=4321&Data2=0&Cache=true');
  });

  it('reads the running-days mask Monday first (12432 leaves NZM on Tue, Wed and Sun)', () => {
    const trains = parseBetween(fixtureText('erail-between-nzm-tvc.txt'), tuesday);
    const raj = trains.find((t) => t.train_number === '12432')!;
    expect(raj.days_runs).toBe('0110001');
    // A Sunday-first reading would put it on Monday; it must not be listed then.
    const monday = parseBetween(fixtureText('erail-between-nzm-tvc.txt'), { ...tuesday, date: '2026-11-23' });
    expect(monday.map((t) => t.train_number)).not.toContain('12432');
    const sunday = parseBetween(fixtureText('erail-between-nzm-tvc.txt'), { ...tuesday, date: '2026-11-22' });
    expect(sunday.map((t) => t.train_number)).toContain('12432');
  });

  it('keeps only trains that run on the date and join exactly the two stations asked', () => {
    const tue = parseBetween(fixtureText('erail-between-nzm-tvc.txt'), tuesday);
    expect(tue.map((t) => t.train_number)).toEqual(['12432']); // NDLS and ERS legs dropped, 22634 runs Fridays
    const fri = parseBetween(fixtureText('erail-between-nzm-tvc.txt'), { ...tuesday, date: '2026-11-27' });
    expect(fri.map((t) => t.train_number)).toEqual(['22634']);
  });

  it('maps a record to the normalised list item', () => {
    const [raj] = parseBetween(fixtureText('erail-between-nzm-tvc.txt'), tuesday);
    expect(raj).toEqual({
      ...RAJDHANI_LEG,
      train_name: 'TVC RAJDHANI',
      from: { code: 'NZM', name: 'H NIZAMUDDIN' },
      to: { code: 'TVC', name: 'TRIVANDRUM CNTL' },
      classes: ['1A', '2A', '3A'],
      distance_km: 3149,
    });
  });

  it('answers an empty list when erail says no direct trains', () => {
    expect(parseBetween(fixtureText('erail-no-direct.txt'), tuesday)).toEqual([]);
    expect(messageOf(fixtureText('erail-no-direct.txt'))).toBe('No direct trains found');
  });

  it('reports unknown stations and trains as not_found', () => {
    expect(() => parseBetween(fixtureText('erail-station-not-found.txt'), tuesday)).toThrow(expect.objectContaining({ kind: 'not_found' }));
    expect(() => parseTrain(fixtureText('erail-train-not-found.txt'), '12345')).toThrow(UpstreamError);
  });

  it('reads train info with the origin mask, distance and route id', () => {
    const { info, trainId } = parseTrain(fixtureText('erail-train-12432.txt'), '12432');
    expect(trainId).toBe('4321');
    expect(info).toMatchObject({
      train_number: '12432',
      type: 'Rajdhani',
      from: 'NZM',
      to: 'TVC',
      departure: '06.16',
      arrival: '05.15',
      duration: '46.59',
      distance_km: 3149,
      days_runs: '0110001',
    });
  });

  it('refuses a body that is not erail text, and reports records in another shape as a parse failure', () => {
    expect(() => parseBetween('<html>captcha</html>', tuesday)).toThrow(expect.objectContaining({ kind: 'blocked' }));
    expect(() => parseBetween('<!DOCTYPE html><html><body>new site</body></html>', tuesday)).toThrow(expect.objectContaining({ kind: 'bad_response' }));
    expect(() => parseBetween('^12432~short', tuesday)).toThrow(expect.objectContaining({ kind: 'parse' }));
  });

  it('reports the list header with its train records gone as a parse failure, unlike "No direct trains"', () => {
    const body = fixtureText('erail-between-nzm-tvc.txt');
    const noRecords = body.slice(0, body.indexOf('^'));
    expect(noRecords).toContain('~NZM~TVC~');
    expect(() => parseBetween(noRecords, tuesday)).toThrow(expect.objectContaining({ kind: 'parse', upstream: 'erail' }));
    expect(parseBetween(fixtureText('erail-no-direct.txt'), tuesday)).toEqual([]);
  });

  it('reads every route stop with First/Last terminals, day, distance and coordinates', () => {
    const r = parseRoute(fixtureText('erail-route-4321.txt'), '12432', 'TVC RAJDHANI');
    expect(r.route).toHaveLength(5);
    expect(r.route[0]).toEqual({
      sequence: 1,
      station: { code: 'NZM', name: 'H NIZAMUDDIN' },
      arrival: null,
      departure: '06.16',
      halt_min: null,
      day: 1,
      distance_km: 0,
      lat: 28.5873,
      lon: 77.2542,
    });
    expect(r.route[2]).toMatchObject({
      station: { code: 'MAO' },
      arrival: '09.45',
      departure: '09.55',
      halt_min: 10,
      day: 2,
      distance_km: 2004,
      lat: null,
      lon: null,
    });
    expect(r.route[4]).toMatchObject({ station: { code: 'TVC' }, arrival: '05.15', departure: null, day: 3, distance_km: 3149 });
  });
});
