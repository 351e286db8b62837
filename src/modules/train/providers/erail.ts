/**
 * erail.in — a long-running Indian Railways enquiry site. We read the plain-text endpoints
 * its own pages call (undocumented; no published terms for reuse, so keep the request rate
 * low — our caches do). No key is needed for train data; the route endpoint wants the
 * `Password` value the site's pages send, which the operator configures (TRAIN_ERAIL_ROUTE_KEY).
 *
 * Format (learnt from public clients of these endpoints and cross-checked between them; the
 * fixtures in ../fixtures are constructed to it):
 *  - `rail/getTrains.aspx?Station_From=…&Station_To=…` and `?TrainNo=…` answer a body of
 *    `~~~~~~~~`-separated segments; each train record begins with `^` and its fields are split
 *    by `~` (a record's run of empty fields is itself a `~~~~~~~~`, so records are found by the
 *    `^`). Fields: 0 number · 1 name · 2/3 origin name/code · 4/5 destination name/code ·
 *    6/7 boarding name/code · 8/9 alighting name/code · 10 departure "HH.MM" · 11 arrival ·
 *    12 duration "HH.MM" · 13 running days at the boarding station · 21 class flags ·
 *    29 running days at the origin · 32 type code · 33 internal train id (route key) ·
 *    39 distance km · 50 type label.
 *  - Running days are seven 0/1 characters, MONDAY first. Checked against a known train:
 *    12432 Rajdhani leaves Hazrat Nizamuddin on Tuesday, Wednesday and Sunday and erail's mask
 *    is "0110001" (a Sunday-first reading would give Mon/Tue/Fri). A Saturday-only train reads
 *    "0000010".
 *  - Class flags: a 0/1 string; positions 0 1A · 1 2A · 2 3A · 3 CC · 5 SL · 6 2S · 7 3E are
 *    the ones public clients agree on; other positions are not reported.
 *  - The pair search also returns legs between nearby stations (NDLS→BCT lists NZM→BDTS);
 *    only exact code matches are kept. It ignores dates: we keep trains that run on the day.
 *  - `data.aspx?Action=TRAINROUTE&Password=…&Data1=<train id>` answers a fare/quota table,
 *    then `^` stop records: 0 sequence · 1 code · 2 name · 3 arrival "HH.MM" or "First" ·
 *    4 departure or "Last" · 5 halt min · 6 km · 7 day · 14 latitude · 15 longitude.
 *  - Records in another shape, or the list header with no record, are `parse` failures (the
 *    format changed); "No direct trains" is the only empty answer.
 *  - A body without records is a message: "~~~~~Train not found", "~~~~~From station not
 *    found", "~~~~~Please try again after some time.", "…No direct trains found<…".
 */

import { UpstreamError, upstream, type UpstreamRequest } from '../../../core/upstream/index.js';
import type { Config } from '../../../config.js';
import { clean, clock, coord, durationText, int, monFirstMask, runsOn } from '../format.js';
import type { BetweenQuery, ProviderTrain, RouteStop, TrainInfo, TrainRoute } from '../types.js';
import type { TrainUpstream } from './types.js';

const NAME = 'erail';
const CLASS_FLAGS: Record<number, string> = { 0: '1A', 1: '2A', 2: '3A', 3: 'CC', 5: 'SL', 6: '2S', 7: '3E' };
const MIN_FIELDS = 34;

const TEXT = { accept: 'text/plain, */*' };

export function betweenRequest(base: string, q: BetweenQuery): UpstreamRequest {
  return {
    url: `${base}/rail/getTrains.aspx?Station_From=${encodeURIComponent(q.from)}&Station_To=${encodeURIComponent(q.to)}&DataSource=0&Language=0&Cache=true`,
    headers: TEXT,
  };
}

export function trainRequest(base: string, number: string): UpstreamRequest {
  return { url: `${base}/rail/getTrains.aspx?TrainNo=${encodeURIComponent(number)}&DataSource=0&Language=0&Cache=true`, headers: TEXT };
}

export function routeRequest(base: string, key: string, trainId: string): UpstreamRequest {
  return {
    url: `${base}/data.aspx?Action=TRAINROUTE&Password=${encodeURIComponent(key)}&Data1=${encodeURIComponent(trainId)}&Data2=0&Cache=true`,
    headers: TEXT,
  };
}

/** The message of a body that carries no records, or undefined for a data body. */
export function messageOf(body: string): string | undefined {
  if (body.includes('^')) return undefined;
  // The message ends where markup starts ("No direct trains found<br>…").
  const msg = body
    .split('<')[0]
    .split('~')
    .map((s) => s.trim())
    .filter(Boolean)[0];
  return msg ?? 'empty answer';
}

/** Throws the failure a message body means; returns normally for "no direct trains". */
function failOnMessage(msg: string, body: string): void {
  if (/captcha|access denied|unusual traffic/i.test(body)) throw new UpstreamError(NAME, 'blocked', 'erail answered a captcha or block page');
  if (/^\s*<(!doctype|html)/i.test(body)) throw new UpstreamError(NAME, 'bad_response', 'erail answered an HTML page, not its text format');
  if (/no direct trains/i.test(msg)) return;
  if (/not found/i.test(msg)) throw new UpstreamError(NAME, 'not_found', `erail: ${msg}`);
  if (/try again/i.test(msg)) throw new UpstreamError(NAME, 'unavailable', `erail: ${msg}`);
  throw new UpstreamError(NAME, 'bad_response', `erail answered an unexpected message: ${msg.slice(0, 80)}`);
}

/** Train records of a getTrains body: field lists, each starting with the train number. */
function trainRecords(body: string): string[][] {
  const recs = body
    .split('^')
    .slice(1)
    .map((r) => r.split('~'));
  for (const f of recs) {
    if (f.length < MIN_FIELDS || !/^\d{4,5}$/.test(f[0].trim())) {
      throw new UpstreamError(NAME, 'parse', 'erail answered a train record in an unexpected format');
    }
  }
  return recs;
}

const field = (f: string[], i: number) => (f[i] ?? '').trim();

function classesOf(flags: string): string[] {
  if (!/^[01]+$/.test(flags)) return [];
  const out: string[] = [];
  for (let i = 0; i < flags.length; i++) if (flags[i] === '1' && CLASS_FLAGS[i]) out.push(CLASS_FLAGS[i]);
  return out;
}

function typeOf(f: string[]): string {
  return clean(field(f, 50)) || field(f, 32);
}

function need<T>(v: T | undefined, what: string, number: string): T {
  if (v === undefined) throw new UpstreamError(NAME, 'parse', `erail answered a malformed ${what} for train ${number}`);
  return v;
}

export function parseBetween(body: string, q: BetweenQuery): ProviderTrain[] {
  const msg = messageOf(body);
  // The list's header segment ("~NZM~TVC~…") with no record after it: the list is there, its
  // rows are not (the format changed), which is not the "No direct trains" message.
  if (msg !== undefined && body.toUpperCase().includes(`~${q.from}~${q.to}~`)) {
    throw new UpstreamError(NAME, 'parse', `erail answered the ${q.from}-${q.to} list header without a train record`);
  }
  if (msg !== undefined) {
    failOnMessage(msg, body);
    return [];
  }
  const out: ProviderTrain[] = [];
  for (const f of trainRecords(body)) {
    if (field(f, 7).toUpperCase() !== q.from || field(f, 9).toUpperCase() !== q.to) continue;
    const number = field(f, 0);
    const days = need(monFirstMask(field(f, 13)), 'running-days mask', number);
    if (!runsOn(days, q.date)) continue;
    out.push({
      train_number: number,
      train_name: clean(field(f, 1)),
      from: { code: field(f, 7).toUpperCase(), name: clean(field(f, 6)) },
      to: { code: field(f, 9).toUpperCase(), name: clean(field(f, 8)) },
      departure: need(clock(field(f, 10)), 'departure', number),
      arrival: need(clock(field(f, 11)), 'arrival', number),
      duration: need(durationText(field(f, 12)), 'duration', number),
      days_runs: days,
      classes: classesOf(field(f, 21)),
      train_type: typeOf(f),
      distance_km: int(field(f, 39)),
    });
  }
  return out;
}

/** The train record for `number`, with erail's internal id (the route key). */
export function parseTrain(body: string, number: string): { info: TrainInfo; trainId: string } {
  const msg = messageOf(body);
  if (msg !== undefined) {
    failOnMessage(msg, body);
    throw new UpstreamError(NAME, 'not_found', `erail has no train ${number}`);
  }
  const f = trainRecords(body).find((r) => field(r, 0) === number);
  if (!f) throw new UpstreamError(NAME, 'not_found', `erail has no train ${number}`);
  const info: TrainInfo = {
    train_number: number,
    train_name: clean(field(f, 1)),
    type: typeOf(f),
    from: field(f, 3).toUpperCase(),
    to: field(f, 5).toUpperCase(),
    from_name: clean(field(f, 2)),
    to_name: clean(field(f, 4)),
    departure: need(clock(field(f, 10)), 'departure', number),
    arrival: need(clock(field(f, 11)), 'arrival', number),
    duration: need(durationText(field(f, 12)), 'duration', number),
    distance_km: need(int(field(f, 39)), 'distance', number),
    days_runs: need(monFirstMask(field(f, 29)) ?? monFirstMask(field(f, 13)), 'running-days mask', number),
  };
  return { info, trainId: field(f, 33) };
}

export function parseRoute(body: string, number: string, name: string): TrainRoute {
  const recs = body
    .split('^')
    .slice(1)
    .map((r) => r.split('~'))
    .filter((f) => /^\d+$/.test(field(f, 0)) && /^[A-Z]{1,5}$/i.test(field(f, 1)));
  if (recs.length < 2) throw new UpstreamError(NAME, 'not_found', `erail has no route for train ${number}`);
  const route: RouteStop[] = recs.map((f, i) => {
    const arrRaw = field(f, 3);
    const depRaw = field(f, 4);
    const arrival = /^first$/i.test(arrRaw) || i === 0 ? null : need(clock(arrRaw), 'route arrival', number);
    const departure = /^last$/i.test(depRaw) || i === recs.length - 1 ? null : need(clock(depRaw), 'route departure', number);
    return {
      sequence: i + 1,
      station: { code: field(f, 1).toUpperCase(), name: clean(field(f, 2)) },
      arrival,
      departure,
      halt_min: arrival && departure ? (int(field(f, 5)) ?? null) : null,
      day: need(int(field(f, 7)), 'route day', number),
      distance_km: int(field(f, 6)) ?? null,
      ...coord(field(f, 14), field(f, 15)),
    };
  });
  return { train_number: number, train_name: name, route };
}

export const erail = (cfg: Pick<Config, 'TRAIN_ERAIL_URL' | 'TRAIN_ERAIL_ROUTE_KEY'>): TrainUpstream => ({
  name: NAME,
  available: (op) => op !== 'pnr' && (op !== 'route' || Boolean(cfg.TRAIN_ERAIL_ROUTE_KEY)),
  async between(q, http) {
    return parseBetween((await http(betweenRequest(cfg.TRAIN_ERAIL_URL, q))).text(), q);
  },
  async info(number, http) {
    return parseTrain((await http(trainRequest(cfg.TRAIN_ERAIL_URL, number))).text(), number).info;
  },
  async route(number, http) {
    // Two calls: the route is keyed by erail's internal id, which the train record gives.
    const { info, trainId } = parseTrain((await http(trainRequest(cfg.TRAIN_ERAIL_URL, number))).text(), number);
    if (!/^\d+$/.test(trainId)) throw new UpstreamError(NAME, 'bad_response', `erail gave no route id for train ${number}`);
    const res = await http(routeRequest(cfg.TRAIN_ERAIL_URL, cfg.TRAIN_ERAIL_ROUTE_KEY ?? '', trainId));
    return parseRoute(res.text(), number, info.train_name);
  },
});

/** The upstream and the settings it reads. */
export const erailUpstream = upstream({ name: NAME, settings: ['TRAIN_ERAIL_URL', 'TRAIN_ERAIL_ROUTE_KEY'], build: erail });
