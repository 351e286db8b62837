// The per-request logger: made only when a handler logs, and then carrying the request id.

import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChild, lazyChildren } from './server-options.js';

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

describe('lazy children of the root logger', () => {
  it('gives a handler that logs a line with its request id, through Fastify', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify({
      logger: { level: 'info', stream: { write: (m: string) => void lines.push(JSON.parse(m) as Record<string, unknown>) } },
      genReqId: () => 'req-9',
    });
    lazyChildren(app.log);
    app.get('/logs', async (req) => {
      req.log.warn({ step: 1 }, 'from the handler');
      return { ok: true };
    });
    await app.inject('/logs');
    expect(lines.find((l) => l.msg === 'from the handler')).toMatchObject({ level: 40, reqId: 'req-9', step: 1 });
    await app.close();
  });

  it("keeps every binding of a made child's own children, and makes none until one logs", () => {
    const { root, lines } = capture();
    let made = 0;
    // Unbound, as pino's own child() is: a child's children are made from that child.
    const child = root.child as unknown as (this: unknown, b: pino.Bindings, o?: pino.ChildLoggerOptions) => pino.Logger;
    root.child = function (this: unknown, b: pino.Bindings, o?: pino.ChildLoggerOptions) {
      made++;
      return child.call(this, b, o);
    } as unknown as typeof root.child;
    lazyChildren(root);
    const reqLog = root.child({ reqId: 'r-3' }, {});
    expect(made).toBe(0);
    reqLog.child({ part: 1 }).child({ step: 2 }).warn('deep');
    expect(made).toBe(3);
    expect(lines).toMatchObject([{ level: 40, reqId: 'r-3', part: 1, step: 2, msg: 'deep' }]);
  });
});
