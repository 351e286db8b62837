// A fake upstream on 127.0.0.1 that serves fixture responses, so no test reaches the
// internet. Routes are "METHOD /path" (query ignored) or a function of the request.

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeResponse {
  status?: number;
  headers?: Record<string, string>;
  /** string, Buffer, or an object sent as JSON. */
  body?: unknown;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Never answer (until the server closes). */
  hang?: boolean;
}

export interface RecordedRequest {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export type FakeHandler = (req: RecordedRequest) => FakeResponse | Promise<FakeResponse>;

export interface FakeUpstream {
  /** Base URL, e.g. http://127.0.0.1:40123 (no trailing slash). */
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** Replace or add routes while running. */
  set(route: string, res: FakeResponse | FakeHandler): void;
  close(): Promise<void>;
}

export async function fakeUpstream(routes: Record<string, FakeResponse | FakeHandler> | FakeHandler = {}): Promise<FakeUpstream> {
  const table = new Map<string, FakeResponse | FakeHandler>(typeof routes === 'function' ? [] : Object.entries(routes));
  const fallback = typeof routes === 'function' ? routes : undefined;
  const requests: RecordedRequest[] = [];
  const hanging = new Set<() => void>();

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const u = new URL(req.url ?? '/', 'http://x');
    const rec: RecordedRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      path: u.pathname,
      query: u.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    };
    requests.push(rec);
    const entry = table.get(`${rec.method} ${rec.path}`) ?? table.get(`* ${rec.path}`) ?? fallback;
    const r: FakeResponse = !entry ? { status: 404, body: 'not found' } : typeof entry === 'function' ? await entry(rec) : entry;
    if (r.hang) {
      await new Promise<void>((resolve) => hanging.add(resolve));
      res.destroy();
      return;
    }
    if (r.delayMs) await new Promise((x) => setTimeout(x, r.delayMs));
    let body: string | Buffer = '';
    const headers = { ...r.headers };
    if (Buffer.isBuffer(r.body) || typeof r.body === 'string') body = r.body;
    else if (r.body !== undefined) {
      body = JSON.stringify(r.body);
      headers['content-type'] ??= 'application/json';
    }
    res.writeHead(r.status ?? 200, headers);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    set: (route, res) => table.set(route, res),
    close: async () => {
      for (const h of hanging) h();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
