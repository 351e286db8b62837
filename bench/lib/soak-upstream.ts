// The soak's one fake upstream: every upstream base URL of the service points here, under a
// path prefix naming its setting (http://127.0.0.1:P/OPEN_METEO_URL/v1/forecast?…), so the
// answer can be chosen per upstream. A share of the calls (SOAK_CHAOS, 20% by default) goes
// wrong in one of four ways: the answer never comes (past any deadline), the connection is
// reset, HTTP 500, or garbage (random bytes as the body, or bytes that are not HTTP at all).
// The rest get something plausible: a fixture the module's own tests use, or a 404. It cannot
// answer every upstream correctly, and need not: the soak is about the service's resilience.

import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { baseFor, plausible } from '../../test/helpers/fixture-upstream.js';

export type Chaos = 'hang' | 'reset' | 'error500' | 'garbage';
const CHAOS: readonly Chaos[] = ['hang', 'reset', 'error500', 'garbage'];

export interface ChaosUpstream {
  origin: string;
  /** Base URL for one upstream setting (the default URL's path kept after the prefix). */
  baseFor(setting: string, defaultUrl: string): string;
  /** Chaos on or off (off while the soak loads data before the run). */
  setChaos(on: boolean): void;
  counts: Record<'plausible' | 'notFound' | Chaos, number>;
  close(): Promise<void>;
}

export async function chaosUpstream(share: number): Promise<ChaosUpstream> {
  let chaosOn = false;
  const counts = { plausible: 0, notFound: 0, hang: 0, reset: 0, error500: 0, garbage: 0 };
  const sockets = new Set<Socket>();
  let origin = '';

  const server = createServer((req, res) => {
    req.resume();
    if (chaosOn && Math.random() < share) return misbehave(CHAOS[randomInt(CHAOS.length)], req, res);
    const answer = plausible(origin, req.url ?? '/');
    counts[answer.status === 200 ? 'plausible' : 'notFound']++;
    res.writeHead(answer.status, { 'content-type': answer.type, 'content-length': answer.body.length });
    res.end(answer.body);
  });

  function misbehave(kind: Chaos, req: IncomingMessage, res: ServerResponse) {
    counts[kind]++;
    const socket = req.socket;
    if (kind === 'hang') {
      // Never answer; the client gives up at its deadline and closes. A cap keeps a client that
      // never does from holding sockets for ever.
      const cap = setTimeout(() => socket.destroy(), 180_000);
      socket.once('close', () => clearTimeout(cap));
    } else if (kind === 'reset') {
      // Half the time before a byte, half the time in the middle of a body.
      if (Math.random() < 0.5) return socket.destroy();
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 5000 });
      res.write('{"partial": [1, 2, 3');
      setTimeout(() => socket.destroy(), 5);
    } else if (kind === 'error500') {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<html><body><h1>500 Internal Server Error</h1></body></html>');
    } else if (Math.random() < 0.5) {
      // Garbage inside a well-formed answer that claims to be what the client expects.
      const body = randomBytes(64 + randomInt(4096));
      res.writeHead(200, { 'content-type': Math.random() < 0.5 ? 'application/json' : 'text/html', 'content-length': body.length });
      res.end(body);
    } else {
      // Garbage instead of HTTP.
      socket.end(randomBytes(16 + randomInt(512)));
    }
  }

  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  // A client's garbage or a reset socket is no concern of the soak's.
  server.on('clientError', (_err, socket) => socket.destroy());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    baseFor: (setting, defaultUrl) => baseFor(origin, setting, defaultUrl),
    setChaos: (on) => (chaosOn = on),
    counts,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
