/**
 * ConfirmTkt (confirmtkt.com) — a ticket-booking site with an undocumented JSON API behind its
 * web app. Not an IRCTC feed; it may change without notice and publishes no terms for reuse.
 * Its web app sends `clientid`/`apikey` headers; the operator configures them
 * (TRAIN_CONFIRMTKT_CLIENT_ID / TRAIN_CONFIRMTKT_API_KEY) and is responsible for permission.
 *
 * Format (from public clients of this API that document verified live answers; the fixtures in
 * ../fixtures are constructed to it):
 *  - `GET /api/v1/trains/search?sourceStationCode&destinationStationCode&dateOfJourney=DD-MM-YYYY`
 *    → `{ data: { errorCode, errorMessage, trainList: [...] } }`, or `{ error: { code, message } }`
 *    (code 4002 "Journey date cannot be in the past"). Each train: trainNumber, trainName,
 *    fromStnCode/Name, toStnCode/Name, departureTime/arrivalTime "HH:MM" at the boarding and
 *    alighting station, duration (minutes), distance (km), runningDays (seven 0/1 characters,
 *    MONDAY first, days the train leaves the boarding station — 12432 at NZM reads "0110001"),
 *    trainType ("R" is Rajdhani; other codes are opaque and passed through), avlClasses, and
 *    availabilityCache { <class>: { fare (INR, string), availability, cacheTime } }.
 *    The search widens codes to city groups (NDLS→MMCT also lists NZM→BDTS): exact matches only.
 *  - `GET /api/v1/trains/schedule?trainNo=` → TrainName, TrainNo, DaysOfRun {Sun..Sat: bool},
 *    ErrorMsg, Schedule[] of halts: StationCode, StationName, ArrivalTime/DepartureTime "HH:MM"
 *    (empty at the terminals), Distance (km, string), Day. It serves the timings in force today.
 *  - `GET {pnr host}/api/pnr/status/<pnr>` → Pnr, TrainNo, TrainName, Doj, From, To, Class,
 *    ChartPrepared, PassengerStatus[] (Number, BookingStatus, CurrentStatus), or
 *    ErrorCode/Error when the PNR is unknown or flushed.
 */

import { UpstreamError, upstream, type UpstreamRequest } from '../../../core/upstream/index.js';
import type { Config } from '../../../config.js';
import { clean, clock, durationFromMinutes, int, isoFromLooseDate, maskFromDayFlags, minutesOf, monFirstMask, dmy } from '../format.js';
import type { BetweenQuery, PnrPassenger, PnrStatus, ProviderTrain, RouteStop, TrainInfo, TrainRoute } from '../types.js';
import type { TrainUpstream } from './types.js';

const NAME = 'confirmtkt';
const TYPE_CODES: Record<string, string> = { R: 'Rajdhani' };

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

/** The settings ConfirmTkt reads. */
type Settings = Pick<Config, 'TRAIN_CONFIRMTKT_URL' | 'TRAIN_CONFIRMTKT_PNR_URL' | 'TRAIN_CONFIRMTKT_CLIENT_ID' | 'TRAIN_CONFIRMTKT_API_KEY'>;

function headers(cfg: Settings): Record<string, string> {
  const h: Record<string, string> = { accept: 'application/json' };
  if (cfg.TRAIN_CONFIRMTKT_CLIENT_ID) h.clientid = cfg.TRAIN_CONFIRMTKT_CLIENT_ID;
  if (cfg.TRAIN_CONFIRMTKT_API_KEY) h.apikey = cfg.TRAIN_CONFIRMTKT_API_KEY;
  return h;
}

export function searchRequest(cfg: Settings, q: BetweenQuery): UpstreamRequest {
  const qs = new URLSearchParams({ sourceStationCode: q.from, destinationStationCode: q.to, dateOfJourney: dmy(q.date) });
  return { url: `${cfg.TRAIN_CONFIRMTKT_URL}/api/v1/trains/search?${qs}`, headers: headers(cfg) };
}

export function scheduleRequest(cfg: Settings, number: string): UpstreamRequest {
  return { url: `${cfg.TRAIN_CONFIRMTKT_URL}/api/v1/trains/schedule?trainNo=${encodeURIComponent(number)}`, headers: headers(cfg) };
}

export function pnrRequest(cfg: Settings, pnr: string): UpstreamRequest {
  return { url: `${cfg.TRAIN_CONFIRMTKT_PNR_URL}/api/pnr/status/${encodeURIComponent(pnr)}`, headers: { accept: 'application/json' } };
}

export function parseSearch(body: unknown, q: BetweenQuery): ProviderTrain[] {
  const root = obj(body);
  const err = obj(root.error);
  if (root.error) {
    const msg = clean(err.message) || 'error';
    // A past date is a question this upstream will not answer, not a fault: no suspension.
    if (err.code === 4002 || /past/i.test(msg)) throw new UpstreamError(NAME, 'not_found', `confirmtkt: ${msg}`);
    throw new UpstreamError(NAME, 'bad_response', `confirmtkt answered an error: ${msg.slice(0, 80)}`);
  }
  const data = obj(root.data);
  if (!Array.isArray(data.trainList)) {
    if (data.errorCode !== undefined && data.errorCode !== 0) return []; // "no trains" comes as an error code
    throw new UpstreamError(NAME, 'parse', 'confirmtkt answered without a train list');
  }
  const out: ProviderTrain[] = [];
  for (const raw of data.trainList) {
    const t = obj(raw);
    const from = clean(t.fromStnCode).toUpperCase();
    const to = clean(t.toStnCode).toUpperCase();
    if (from !== q.from || to !== q.to) continue;
    const departure = clock(t.departureTime);
    const arrival = clock(t.arrivalTime);
    const minutes = int(t.duration);
    const days = monFirstMask(t.runningDays);
    if (!departure || !arrival || minutes === undefined || !days || !/^\d{4,5}$/.test(clean(t.trainNumber))) {
      throw new UpstreamError(NAME, 'parse', `confirmtkt answered a malformed record for train ${clean(t.trainNumber)}`);
    }
    const cache = obj(t.availabilityCache);
    const classes = Array.isArray(t.avlClasses) ? t.avlClasses.filter((c): c is string => typeof c === 'string') : Object.keys(cache);
    const fare: Record<string, number> = {};
    for (const [cls, entry] of Object.entries(cache)) {
      const amount = int(obj(entry).fare);
      if (amount !== undefined && amount > 0) fare[cls] = amount;
    }
    const type = clean(t.trainType);
    out.push({
      train_number: clean(t.trainNumber),
      train_name: clean(t.trainName),
      from: { code: from, name: clean(t.fromStnName) },
      to: { code: to, name: clean(t.toStnName) },
      departure,
      arrival,
      duration: durationFromMinutes(minutes),
      days_runs: days,
      classes,
      train_type: TYPE_CODES[type] ?? type,
      distance_km: int(t.distance),
      fare,
    });
  }
  return out;
}

/** The halts of a schedule, with days counted the way erail counts them. */
function scheduleStops(stops: Record<string, unknown>[], bad: (what: string) => UpstreamError): RouteStop[] {
  // Day is given per halt; when it is missing, a clock that goes backwards means the next day.
  let day = 1;
  let lastClock = -1;
  return stops.map((s, i) => {
    const first = i === 0;
    const last = i === stops.length - 1;
    const arrival = first ? null : clock(s.ArrivalTime);
    const departure = last ? null : clock(s.DepartureTime);
    if ((!first && !arrival) || (!last && !departure)) throw bad('schedule time');
    const code = clean(s.StationCode).toUpperCase();
    if (!code) throw bad('station code');
    const at = minutesOf((arrival ?? departure)!);
    day = int(s.Day) ?? (lastClock >= 0 && at < lastClock ? day + 1 : day);
    const stopDay = day; // the day of arrival (of departure at the origin), as erail counts
    lastClock = minutesOf((departure ?? arrival)!);
    if (arrival && departure && minutesOf(departure) < minutesOf(arrival)) day += 1; // a halt across midnight
    return {
      sequence: i + 1,
      station: { code, name: clean(s.StationName) },
      arrival: arrival ?? null,
      departure: departure ?? null,
      halt_min: arrival && departure ? (minutesOf(departure) - minutesOf(arrival) + 1440) % 1440 : null,
      day: stopDay,
      distance_km: int(s.Distance) ?? null,
      lat: null,
      lon: null,
    };
  });
}

/** The schedule as a route and as train info (terminals, times, distance, days). */
export function parseSchedule(body: unknown, number: string): { route: TrainRoute; info: TrainInfo } {
  const root = obj(body);
  const stops = Array.isArray(root.Schedule) ? root.Schedule.map(obj) : [];
  if (stops.length < 2) {
    const msg = clean(root.ErrorMsg);
    throw new UpstreamError(NAME, 'not_found', `confirmtkt has no schedule for train ${number}${msg ? ` (${msg})` : ''}`);
  }
  const bad = (what: string) => new UpstreamError(NAME, 'bad_response', `confirmtkt answered a malformed ${what} for train ${number}`);
  const route = scheduleStops(stops, bad);
  const first = route[0];
  const last = route[route.length - 1];
  const days = maskFromDayFlags(root.DaysOfRun);
  const distance = last.distance_km;
  if (!days || distance === null) throw bad('schedule summary');
  const name = clean(root.TrainName);
  const dep = first.departure!;
  const arr = last.arrival!;
  const total = (last.day - first.day) * 1440 + minutesOf(arr) - minutesOf(dep);
  if (total <= 0) throw bad('schedule day count');
  return {
    route: { train_number: number, train_name: name, route },
    info: {
      train_number: number,
      train_name: name,
      type: clean(root.TrainType),
      from: first.station.code,
      to: last.station.code,
      from_name: first.station.name,
      to_name: last.station.name,
      departure: dep,
      arrival: arr,
      duration: durationFromMinutes(total),
      distance_km: distance,
      days_runs: days,
    },
  };
}

export function parsePnr(body: unknown, pnr: string): PnrStatus {
  const root = obj(body);
  const code = root.ErrorCode;
  if ((code !== undefined && code !== null && code !== 0 && code !== 200) || !clean(String(root.TrainNo ?? ''))) {
    const msg = clean(root.Error) || clean(root.InformationMessage) || 'no such PNR';
    throw new UpstreamError(NAME, 'not_found', `confirmtkt: PNR ${pnr}: ${msg}`);
  }
  const list = Array.isArray(root.PassengerStatus) ? root.PassengerStatus : Array.isArray(root.Passengers) ? root.Passengers : [];
  const passengers: PnrPassenger[] = list.map(obj).map((p, i) => ({
    number: int(p.Number) ?? i + 1,
    booking_status: clean(p.BookingStatus),
    current_status: clean(p.CurrentStatus),
  }));
  if (passengers.length === 0) throw new UpstreamError(NAME, 'bad_response', `confirmtkt answered PNR ${pnr} without passengers`);
  const doj = clean(root.Doj);
  return {
    pnr,
    train_number: clean(String(root.TrainNo)),
    train_name: clean(root.TrainName),
    date: isoFromLooseDate(doj) ?? doj,
    class: clean(root.Class),
    from: clean(root.From).toUpperCase(),
    to: clean(root.To).toUpperCase(),
    chart_prepared: root.ChartPrepared === true || root.ChartPrepared === 'true',
    passengers,
  };
}

export const confirmtkt = (cfg: Settings): TrainUpstream => ({
  name: NAME,
  quotesFares: true,
  async between(q, http) {
    return parseSearch((await http(searchRequest(cfg, q))).json(), q);
  },
  async info(number, http) {
    return parseSchedule((await http(scheduleRequest(cfg, number))).json(), number).info;
  },
  async route(number, http) {
    return parseSchedule((await http(scheduleRequest(cfg, number))).json(), number).route;
  },
  async pnr(pnr, http) {
    return parsePnr((await http(pnrRequest(cfg, pnr))).json(), pnr);
  },
});

/** The upstream and the settings it reads. */
export const confirmtktUpstream = upstream({
  name: NAME,
  settings: ['TRAIN_CONFIRMTKT_URL', 'TRAIN_CONFIRMTKT_PNR_URL', 'TRAIN_CONFIRMTKT_CLIENT_ID', 'TRAIN_CONFIRMTKT_API_KEY'],
  build: confirmtkt,
});
