// What is wrong with Redis, in this service's words, for /health: an operator reads where Redis
// is expected and what the socket said, never ioredis's own messages (which talk about its
// options, "maxRetriesPerRequest", and are not ours to publish on a public endpoint).

import type { Redis } from 'ioredis';

/** Where the connection goes: host:port (or the socket path), never the URL (it may carry a password). */
export function redisWhere(redis: Pick<Redis, 'options'>): string {
  const o = redis.options;
  return o.path ? o.path : `${o.host ?? '127.0.0.1'}:${o.port ?? 6379}`;
}

/** A connection or command error as a few words: what the network or Redis said. */
export function troubleOf(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ETIMEDOUT' || /timed? ?out/i.test(message)) return 'no answer in time';
  if (code === 'ECONNRESET' || code === 'EPIPE' || /connection (is )?closed/i.test(message)) return 'connection lost';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'host unreachable';
  if (/^(NOAUTH|WRONGPASS)/.test(message)) return 'authentication refused';
  if (/^OOM/.test(message)) return 'Redis is out of memory';
  if (/^READONLY/.test(message)) return 'Redis is a read-only replica';
  if (/^LOADING/.test(message)) return 'Redis is still loading its data';
  // ioredis gives up on a command after its retries while the connection is down.
  if (/max retries per request/i.test(message)) return 'connection lost';
  return 'it answered with an error';
}
