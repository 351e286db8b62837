/**
 * RailYatri (railyatri.in) — a travel site whose web app searches trains between stations
 * with seat availability and fares through an undocumented JSON API
 * (`trainticketapi.railyatri.in`). No key; no published terms for reuse; may change without
 * notice. Used for trains between stations and, through its fares, for /train/live.
 *
 * Format (from public clients of this endpoint; the fixtures in ../fixtures are constructed to
 * it, and the field names below are the ones those clients read):
 *  - `GET /api/trains-between-station-with-sa.json?from_code&to_code&journey_date=DD-MM-YYYY
 *    &journey_quota=GN` → `{ success: true, train_between_stations: [...] }` (some answers
 *    split the list into `reserved_trains` and `alternate_trains`); `success: false` with
 *    `error_msg` when there is nothing to list.
 *  - Each train: train_number, train_name, from_station_code/from_station_name,
 *    to_station_code/to_station_name, from_std and to_sta (or to_std) "HH:MM", duration
 *    "HH:MM" (or duration_min), distance (km), run_days ["Mon", "Wed", …], class_type
 *    [{ coach_type }] or journey_class ["3A", …], train_type, and sa_data [{ booking_class,
 *    seat_availibility: [{ total_fare }] }] (the upstream's spelling).
 */

import { UpstreamError, upstream, type UpstreamRequest } from '../../../core/upstream/index.js';
import type { Config } from '../../../config.js';
import { clean, clock, dmy, durationFromMinutes, durationText, int, maskFromDayNames } from '../format.js';
import type { BetweenQuery, ProviderTrain } from '../types.js';
import type { TrainUpstream } from './types.js';

const NAME = 'railyatri';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function betweenRequest(cfg: Pick<Config, 'TRAIN_RAILYATRI_URL'>, q: BetweenQuery): UpstreamRequest {
  const qs = new URLSearchParams({ from_code: q.from, to_code: q.to, journey_date: dmy(q.date), journey_quota: 'GN' });
  return { url: `${cfg.TRAIN_RAILYATRI_URL}/api/trains-between-station-with-sa.json?${qs}`, headers: { accept: 'application/json' } };
}

function classesOf(t: Json): string[] {
  const fromTypes = arr(t.class_type)
    .map((c) => clean(obj(c).coach_type))
    .filter(Boolean);
  if (fromTypes.length) return fromTypes;
  return arr(t.journey_class).map(clean).filter(Boolean);
}

function faresOf(t: Json): Record<string, number> {
  const fare: Record<string, number> = {};
  for (const sa of arr(t.sa_data).map(obj)) {
    const cls = clean(sa.booking_class);
    const amount = int(obj(arr(sa.seat_availibility)[0]).total_fare);
    if (cls && amount !== undefined && amount > 0) fare[cls] = amount;
  }
  return fare;
}

export function parseBetween(body: unknown, q: BetweenQuery): ProviderTrain[] {
  const root = obj(body);
  if (root.success !== true) {
    const msg = clean(root.error_msg) || clean(root.message);
    if (/no train|not found|no direct/i.test(msg)) return [];
    throw new UpstreamError(NAME, 'bad_response', `railyatri answered without success${msg ? `: ${msg.slice(0, 80)}` : ''}`);
  }
  const listed = Array.isArray(root.train_between_stations) || Array.isArray(root.reserved_trains) || Array.isArray(root.alternate_trains);
  // "success" with none of its train lists is not "no trains" (that comes as success:false with a message).
  if (!listed) throw new UpstreamError(NAME, 'parse', 'railyatri answered success without a train list');
  const list = Array.isArray(root.train_between_stations) ? root.train_between_stations : [...arr(root.reserved_trains), ...arr(root.alternate_trains)];
  const out: ProviderTrain[] = [];
  const seen = new Set<string>();
  for (const t of list.map(obj)) {
    const number = clean(String(t.train_number ?? ''));
    const from = clean(t.from_station_code).toUpperCase();
    const to = clean(t.to_station_code).toUpperCase();
    if (from !== q.from || to !== q.to || seen.has(number)) continue;
    const departure = clock(t.from_std);
    const arrival = clock(t.to_sta) ?? clock(t.to_std);
    const minutes = int(t.duration_min);
    const duration = durationText(t.duration) ?? (minutes !== undefined ? durationFromMinutes(minutes) : undefined);
    const days = maskFromDayNames(t.run_days);
    if (!/^\d{4,5}$/.test(number) || !departure || !arrival || !duration || !days) {
      throw new UpstreamError(NAME, 'parse', `railyatri answered a malformed record for train ${number}`);
    }
    seen.add(number);
    out.push({
      train_number: number,
      train_name: clean(t.train_name),
      from: { code: from, name: clean(t.from_station_name) },
      to: { code: to, name: clean(t.to_station_name) },
      departure,
      arrival,
      duration,
      days_runs: days,
      classes: classesOf(t),
      train_type: clean(t.train_type),
      distance_km: int(t.distance),
      fare: faresOf(t),
    });
  }
  return out;
}

export const railyatri = (cfg: Pick<Config, 'TRAIN_RAILYATRI_URL'>): TrainUpstream => ({
  name: NAME,
  quotesFares: true,
  available: (op) => op === 'between',
  async between(q, http) {
    return parseBetween((await http(betweenRequest(cfg, q))).json(), q);
  },
});

/** The upstream and the setting it reads. */
export const railyatriUpstream = upstream({ name: NAME, settings: ['TRAIN_RAILYATRI_URL'], build: railyatri });
