// The readings' long ephemeris searches as work-pool tasks (calc/in-thread.ts): Saturn's stays
// over a life (about 0.5 s for a century) and a range's ingresses and stations (about 130 ms for a
// year) would hold the event loop for every other request.

import { workTask, type WorkPool } from '../../../core/work/index.js';
import type { Ayanamsa, NodeType } from './ephemeris.js';
import { ephemerisRun, useEphemeris } from './in-thread.js';
import { saturnStays, type Stay } from './sade-sati.js';
import { transitEvents, type TransitEvent } from './transits.js';

interface Span {
  ephePath: string | undefined;
  fromJd: number;
  toJd: number;
  ayanamsa: Ayanamsa;
}

/** Runs in the worker thread. */
export function saturnStaysTask(s: Span): Stay[] {
  useEphemeris(s.ephePath);
  return saturnStays(s.fromJd, s.toJd, s.ayanamsa);
}

/** Runs in the worker thread. */
export function transitEventsTask(s: Span & { node: NodeType }): TransitEvent[] {
  useEphemeris(s.ephePath);
  return transitEvents(s.fromJd, s.toJd, s.node, s.ayanamsa);
}

const STAYS = workTask<Span, Stay[]>(new URL('./task.js', import.meta.url), 'saturnStaysTask');
const EVENTS = workTask<Span & { node: NodeType }, TransitEvent[]>(new URL('./task.js', import.meta.url), 'transitEventsTask');

export const computeSaturnStays = (pool: WorkPool, s: Span) => pool.run(STAYS, s, ephemerisRun("Saturn's stays"));
export const computeTransitEvents = (pool: WorkPool, s: Span & { node: NodeType }) => pool.run(EVENTS, s, ephemerisRun('the transits of the range'));
