import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { RAJDHANI_FARES, RAJDHANI_LEG, fixtureJson } from '../fixtures/index.js';
import { parsePnr, parseSchedule, parseSearch, pnrRequest, scheduleRequest, searchRequest } from './confirmtkt.js';

const q = { from: 'NZM', to: 'TVC', date: '2026-11-24' };
const NZM = { code: 'NZM', name: 'Hazrat Nizamuddin' };
const TVC = { code: 'TVC', name: 'Thiruvananthapuram Central' };

describe('confirmtkt provider', () => {
  it('asks for DD-MM-YYYY and sends the client headers only when configured', () => {
    const bare = searchRequest(loadConfig({}), q);
    expect(bare.url).toBe('https://cttrainsapi.confirmtkt.com/api/v1/trains/search?sourceStationCode=NZM&destinationStationCode=TVC&dateOfJourney=24-11-2026');
    expect(bare.headers).not.toHaveProperty('apikey');
    const withKey = searchRequest(loadConfig({ TRAIN_CONFIRMTKT_CLIENT_ID: 'c', TRAIN_CONFIRMTKT_API_KEY: 'k' }), q);
    expect(withKey.headers).toMatchObject({ clientid: 'c', apikey: 'k' });
    expect(scheduleRequest(loadConfig({}), '12432').url).toMatch(/\/api\/v1\/trains\/schedule\?trainNo=12432$/);
    expect(pnrRequest(loadConfig({}), '4521376890').url).toBe('https://www.confirmtkt.com/api/pnr/status/4521376890');
  });

  it('maps the search list, keeping exact station matches, with fares by class', () => {
    const trains = parseSearch(fixtureJson('confirmtkt-search-nzm-tvc.json'), q);
    expect(trains.map((t) => t.train_number)).toEqual(['12432', '22634']);
    expect(trains[0]).toEqual({
      ...RAJDHANI_LEG,
      classes: ['1A', '2A', '3A'],
      train_name: 'TVC RAJDHANI',
      from: NZM,
      to: TVC,
      distance_km: 3149,
      fare: RAJDHANI_FARES,
    });
    expect(trains[1].fare).toEqual({});
  });

  it('treats a past journey date as not found rather than as a failing upstream', () => {
    expect(() => parseSearch(fixtureJson('confirmtkt-search-past-date.json'), q)).toThrow(expect.objectContaining({ kind: 'not_found' }));
  });

  it('reports an answer without its train list, or with rows it cannot read, as a parse failure', () => {
    expect(() => parseSearch({ data: {} }, q)).toThrow(expect.objectContaining({ kind: 'parse' }));
    const body = fixtureJson<{ data: { trainList: Record<string, unknown>[] } }>('confirmtkt-search-nzm-tvc.json');
    for (const t of body.data.trainList) delete t.departureTime;
    expect(() => parseSearch(body, q)).toThrow(expect.objectContaining({ kind: 'parse', upstream: 'confirmtkt' }));
  });

  it('answers an empty list when the search lists no train (the list is there and empty, or "no trains" comes as an error code)', () => {
    const body = fixtureJson<{ data: { trainList: unknown[] } }>('confirmtkt-search-nzm-tvc.json');
    body.data.trainList = [];
    expect(parseSearch(body, q)).toEqual([]);
    expect(parseSearch({ data: { errorCode: 1, errorMessage: 'No trains found' } }, q)).toEqual([]);
  });

  it('derives the route and the train info from the schedule', () => {
    const { route, info } = parseSchedule(fixtureJson('confirmtkt-schedule-12432.json'), '12432');
    expect(route.route).toHaveLength(5);
    expect(route.route[0]).toMatchObject({ arrival: null, departure: '06.16', day: 1, distance_km: 0 });
    expect(route.route[4]).toMatchObject({ arrival: '05.15', departure: null, day: 3, distance_km: 3149 });
    expect(route.route[1].halt_min).toBe(10);
    expect(info).toMatchObject({ from: 'NZM', to: 'TVC', departure: '06.16', arrival: '05.15', duration: '46.59', distance_km: 3149, days_runs: '0110001' });
  });

  it('counts journey days from the clock when a halt has no Day', () => {
    const body = fixtureJson<{ Schedule: { Day?: number }[] }>('confirmtkt-schedule-12432.json');
    for (const stop of body.Schedule) delete stop.Day;
    const { route } = parseSchedule(body, '12432');
    expect(route.route.map((s) => s.day)).toEqual([1, 1, 2, 2, 3]);
  });

  it('reports an unknown train as not_found', () => {
    expect(() => parseSchedule(fixtureJson('confirmtkt-schedule-not-found.json'), '99999')).toThrow(expect.objectContaining({ kind: 'not_found' }));
  });

  it("reads each passenger's booking and current status", () => {
    const p = parsePnr(fixtureJson('confirmtkt-pnr.json'), '4521376890');
    expect(p).toEqual({
      pnr: '4521376890',
      train_number: '12432',
      train_name: 'TVC RAJDHANI',
      date: '2026-11-24',
      class: '3A',
      from: 'NZM',
      to: 'TVC',
      chart_prepared: false,
      passengers: [
        { number: 1, booking_status: 'CNF/B4/33/LB', current_status: 'CNF/B4/33/LB' },
        { number: 2, booking_status: 'GNWL 21/WL 9', current_status: 'RAC 3' },
      ],
    });
  });

  it('reports a flushed PNR as not_found', () => {
    expect(() => parsePnr(fixtureJson('confirmtkt-pnr-flushed.json'), '4521376891')).toThrow(expect.objectContaining({ kind: 'not_found' }));
  });
});
