import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeUpstream, type FakeUpstream } from '../../../test/helpers/fake-upstream.js';
import { UpstreamError, parseRetryAfter } from './errors.js';
import { createUpstreamClient } from './http.js';

let up: FakeUpstream;
const client = createUpstreamClient({ userAgent: 'jankari-test/1', timeoutMs: 2000, maxBytes: 10_000 });

beforeAll(async () => {
  up = await fakeUpstream({
    'GET /ok': { body: { hello: 'world' } },
    'GET /hang': { hang: true },
    'GET /big': { body: 'x'.repeat(20_000) },
    'GET /bomb': { headers: { 'content-encoding': 'gzip' }, body: gzipSync(Buffer.alloc(1_000_000)) },
    'GET /gz': { headers: { 'content-encoding': 'gzip', 'content-type': 'text/plain' }, body: gzipSync('compressed hello') },
    'GET /r1': { status: 302, headers: { location: '/r2' } },
    'GET /r2': { status: 301, headers: { location: '/ok' } },
    'GET /loop': { status: 302, headers: { location: '/loop' } },
    'GET /latin1': { headers: { 'content-type': 'text/plain; charset=windows-1252' }, body: Buffer.from([0x63, 0x61, 0x66, 0xe9]) },
  });
  for (const s of [400, 401, 403, 404, 408, 429, 500, 503]) {
    up.set(`GET /status/${s}`, { status: s, headers: s === 429 ? { 'retry-after': '7' } : {}, body: 'upstream says no' });
  }
});
afterAll(() => up.close());

async function failure(path: string, opts: { timeoutMs?: number; maxRedirects?: number } = {}): Promise<UpstreamError> {
  try {
    await client('fake', { url: up.url + path, ...opts });
  } catch (e) {
    return e as UpstreamError;
  }
  throw new Error('expected a failure');
}

describe('upstream client', () => {
  it('returns status, headers, body and parses JSON', async () => {
    const r = await client('fake', { url: `${up.url}/ok` });
    expect(r.status).toBe(200);
    expect(r.json()).toEqual({ hello: 'world' });
    expect(r.headers['content-type']).toContain('application/json');
  });

  it('sends the identifiable User-Agent', async () => {
    await client('fake', { url: `${up.url}/ok` });
    expect(up.requests.at(-1)!.headers['user-agent']).toBe('jankari-test/1');
  });

  it('stops at the deadline with kind timeout', async () => {
    // /hang never answers and this client's own default is ten minutes: only the call's 200 ms
    // deadline can end it (a client that ignored it would hang until the suite's timeout).
    const patient = createUpstreamClient({ userAgent: 'jankari-test/1', timeoutMs: 600_000, maxBytes: 10_000 });
    const e = await patient('fake', { url: `${up.url}/hang`, timeoutMs: 200 }).then(
      () => undefined,
      (err: UpstreamError) => err,
    );
    expect(e?.kind).toBe('timeout');
    expect(e?.message).toMatch(/did not answer within 200 ms/);
  });

  it('refuses a body larger than the cap', async () => {
    const e = await failure('/big');
    expect(e.kind).toBe('bad_response');
    expect(e.message).toMatch(/larger than 10000 bytes/);
  });

  it('refuses a small gzip body that decompresses past the cap', async () => {
    const e = await failure('/bomb');
    expect(e.kind).toBe('bad_response');
  });

  it('decompresses gzip bodies', async () => {
    expect((await client('fake', { url: `${up.url}/gz` })).text()).toBe('compressed hello');
  });

  it('writes a body to a file as it arrives, decompressed and within the same cap', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'upstream-file-'));
    try {
      const file = join(dir, 'body');
      const r = await client('fake', { url: `${up.url}/gz`, toFile: file });
      expect(r.status).toBe(200);
      expect(r.body.length).toBe(0);
      expect(readFileSync(file, 'utf8')).toBe('compressed hello');
      await expect(client('fake', { url: `${up.url}/bomb`, toFile: join(dir, 'bomb') })).rejects.toMatchObject({ kind: 'bad_response' });
      await expect(client('fake', { url: `${up.url}/big`, toFile: join(dir, 'big') })).rejects.toThrow(/larger than 10000 bytes/);
      // A refused body leaves no partial file, and nothing still writing one (the directory's
      // removal below once raced a file that was still being opened).
      expect(readdirSync(dir)).toEqual(['body']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('decodes the charset the server declares', async () => {
    expect((await client('fake', { url: `${up.url}/latin1` })).text()).toBe('café');
  });

  it('follows redirects and records every hop', async () => {
    const r = await client('fake', { url: `${up.url}/r1` });
    expect(r.url).toBe(`${up.url}/ok`);
    expect(r.hops).toEqual([`${up.url}/r1`, `${up.url}/r2`, `${up.url}/ok`]);
  });

  it('gives up after the redirect limit', async () => {
    const e = await failure('/loop', { maxRedirects: 3 });
    expect(e.message).toMatch(/more than 3 redirects/);
  });

  it('lets beforeHop refuse a hop', async () => {
    await expect(
      client('fake', {
        url: `${up.url}/r1`,
        beforeHop: (u) => {
          if (u.pathname === '/ok') throw new Error('refused /ok');
        },
      }),
    ).rejects.toThrow(/refused \/ok/);
  });

  it.each([
    [400, 'bad_response'],
    [401, 'blocked'],
    [403, 'blocked'],
    [404, 'not_found'],
    [408, 'unavailable'],
    [429, 'rate_limited'],
    [500, 'unavailable'],
    [503, 'unavailable'],
  ])('classifies HTTP %i as %s', async (status, kind) => {
    const e = await failure(`/status/${status}`);
    expect(e.kind).toBe(kind);
    expect(e.message).not.toContain('upstream says no');
  });

  it('keeps Retry-After of a 429', async () => {
    const e = await failure('/status/429');
    expect(e.details.retryAfterMs).toBe(7000);
  });

  it('returns non-2xx answers as is when asked to', async () => {
    const r = await client('fake', { url: `${up.url}/status/404`, throwOnStatus: false });
    expect(r.status).toBe(404);
  });

  it('classifies a refused connection as network', async () => {
    const e = await (async () => {
      try {
        await client('fake', { url: 'http://127.0.0.1:1/' });
      } catch (err) {
        return err as UpstreamError;
      }
    })();
    expect(e?.kind).toBe('network');
  });

  // A pool whose lookup fails as a resolver would, so every resolver error code can be tried
  // without asking one.
  it.each([
    ['getaddrinfo', 'EINVAL'],
    ['getaddrinfo', 'ENOTFOUND'],
    ['getaddrinfo', 'EAI_AGAIN'],
    ['getaddrinfo', 'EAI_FAIL'],
    ['queryA', 'ENODATA'],
    ['queryA', 'ESERVFAIL'],
    ['queryAaaa', 'EREFUSED'],
  ])('classifies a %s %s as network, naming the code', async (syscall, code) => {
    const failing = new Agent({
      connect: {
        lookup: ((_h: string, _o: unknown, cb: (e: Error) => void) => cb(Object.assign(new Error(`${syscall} ${code}`), { code, syscall }))) as never,
      },
    });
    try {
      const e = await client('fake', { url: 'http://unresolvable.test/', dispatcher: failing }).catch((err) => err);
      expect(e).toBeInstanceOf(UpstreamError);
      expect(e.kind).toBe('network');
      // The host asked, not the provider id: a person checks a host name.
      expect(e.message).toBe(`unresolvable.test could not be resolved (${code})`);
      expect(e.details.host).toBe('unresolvable.test');
    } finally {
      await failing.close();
    }
  });

  it('classifies a peer that answers with bytes that are not HTTP as bad_response, not a bug', async () => {
    const raw = createServer((socket) => {
      socket.on('error', () => undefined);
      // Once asked, answer as a non-HTTP service would.
      socket.once('data', () => socket.end('SSH-2.0-OpenSSH_9.2\r\n\x00\x01garbage that is not a status line\r\n\r\n'));
    });
    await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
    try {
      const e = await client('fake', { url: `http://127.0.0.1:${(raw.address() as AddressInfo).port}/` }).catch((err) => err);
      expect(e).toBeInstanceOf(UpstreamError);
      expect(e.kind).toBe('bad_response');
      expect(e.message).toMatch(/^127\.0\.0\.1:\d+ answered with something that is not HTTP/);
    } finally {
      await new Promise((r) => raw.close(r));
    }
  });

  it('refuses non-http schemes', async () => {
    await expect(client('fake', { url: 'file:///etc/passwd' })).rejects.toThrow(/refusing file:/);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('120')).toBe(120_000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(10_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});
