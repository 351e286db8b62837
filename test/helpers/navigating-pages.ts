// Constructed pages that navigate on their own once loaded, as issue 31's attacker used them:
// by a meta refresh, by a Refresh header, by a script's location.replace a moment after load,
// to a refused address, and for ever. Served by a fake upstream on 127.0.0.1 (allowed in the
// tests with FETCH_ALLOW_HOSTS); the refused target is another loopback address that is not.
// The arrival page is green and the pages left behind are red, so a screenshot says which it shows.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeResponse, FakeHandler } from './fake-upstream.js';

export const ARRIVED = 'This page is where the redirecting page sends its readers. ';
const page = (title: string, colour: string, body: string, head = '') => ({
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: `<!doctype html><html><head><title>${title}</title>${head}<style>body{margin:0;background:${colour}}</style></head><body>${body}</body></html>`,
});
const leaving = (title: string, head = '', script = '') => page(title, '#f00', `<main><h1>${title}</h1><p>Leaving.</p></main>${script}`, head);

/** Routes under /nav/ for fakeUpstream; `refused` is a URL the guard refuses (e.g. on 127.0.0.2). */
export function navigatingPages(refused: { http: string; https: string }): Record<string, FakeResponse | FakeHandler> {
  return {
    'GET /nav/arrived': page('Arrived', '#0f0', `<main><article><h1>Arrived</h1><p>${ARRIVED.repeat(6)}</p></article></main>`),
    'GET /nav/meta': leaving('Meta refresh', '<meta http-equiv="refresh" content="0; url=/nav/arrived">'),
    'GET /nav/header': { ...leaving('Refresh header'), headers: { 'content-type': 'text/html; charset=utf-8', refresh: '0; url=/nav/arrived' } },
    // 100 ms: well inside the half second of quiet a page must keep to count as settled, so a
    // busy machine's late timers do not make the page left behind the one read.
    'GET /nav/replace': leaving('Script', '', `<script>setTimeout(() => location.replace('/nav/arrived'), 100)</script>`),
    'GET /nav/to-loopback': leaving('To loopback', '', `<script>setTimeout(() => location.replace('${refused.http}/'), 100)</script>`),
    'GET /nav/to-loopback-tls': leaving('To loopback over TLS', '', `<script>location.replace('${refused.https}/')</script>`),
    'GET /nav/to-metadata': leaving('To metadata', '<meta http-equiv="refresh" content="0; url=http://169.254.169.254/latest/meta-data/">'),
    // For ever: at once, and on a timer a little longer than the time a page needs to settle.
    'GET /nav/loop': (req) => {
      const n = Number(req.query.get('n') ?? 0);
      return page(
        `Loop ${n}`,
        '#00f',
        `<main><article><h1>Loop ${n}</h1><p>${'Round and round the page goes. '.repeat(6)}</p></article></main><script>location.replace('/nav/loop?n=${n + 1}')</script>`,
      );
    },
    'GET /nav/slow-loop': (req) => {
      const n = Number(req.query.get('n') ?? 0);
      return page(
        `Slow loop ${n}`,
        '#00f',
        `<main><article><h1>Slow loop ${n}</h1><p>${'Round and round the page goes. '.repeat(6)}</p></article></main><script>setTimeout(() => location.replace('/nav/slow-loop?n=${n + 1}'), 550)</script>`,
      );
    },
  };
}

/** A server on 127.0.0.2 that counts connections: were the guard to let a page through, it would see one. */
export async function refusedServer(): Promise<{ http: string; https: string; connections(): number; close(): Promise<void> }> {
  let connections = 0;
  const server: Server = createServer((_req, res) => res.end('<h1>inside</h1>'));
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    http: `http://127.0.0.2:${port}`,
    https: `https://127.0.0.2:${port}`,
    connections: () => connections,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
