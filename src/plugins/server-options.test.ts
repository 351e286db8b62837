// The per-request logger: made only when a handler logs, and then carrying the request id.

import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChild } from './server-options.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const root = pino({ level: 'info' }, { write: (m: string) => void lines.push(JSON.parse(m) as Record<string, unknown>) });
  return { root, lines };
}

describe('per-request logger', () => {
  it('writes through a child carrying the request id when a handler logs', () => {
    const { root, lines } = capture();
    const log = lazyChild(root, { reqId: 'r-1' }, undefined);
    log.warn({ upstream: 'x' }, 'slow');
    log.info('again');
    expect((log as unknown as { bindings(): object }).bindings()).toEqual({ reqId: 'r-1' });
    expect(lines).toMatchObject([
      { level: 40, reqId: 'r-1', upstream: 'x', msg: 'slow' },
      { level: 30, reqId: 'r-1', msg: 'again' },
    ]);
  });

  it('makes no child for a request that never logs, and keeps the root level', () => {
    const { root } = capture();
    let made = 0;
    const child = root.child.bind(root);
    root.child = ((b: pino.Bindings, o?: pino.ChildLoggerOptions) => {
      made++;
      return child(b, o);
    }) as unknown as typeof root.child;
    const log = lazyChild(root, { reqId: 'r-2' }, undefined);
    expect(log.level).toBe('info');
    expect(made).toBe(0);
    log.child({ part: 1 }).error('inner');
    // The request's child, then the one asked for (pino's children inherit the counting child()).
    expect(made).toBe(2);
  });
});
