// Fastify's own options: logging (keys redacted), trusted proxies, request ids, routing, and
// validation (Fastify's Ajv, with finite and bounded numbers: core/http/validator.ts; every
// invalid parameter reported at once, so a client fixes its request in one round).

import { randomUUID } from 'node:crypto';
import { LogController, type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Config } from '../config.js';
import { clientErrorHandler } from '../core/http/client-errors.js';
import { frameworkErrorHandler, MAX_PARAM_LENGTH } from '../core/http/error-handler.js';
import { trustProxyOption } from '../core/http/guards.js';
import { finiteValidatorFactory } from '../core/http/validator.js';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export function serverOptions(config: Config, log: { level?: string; stream?: { write(msg: string): void } }): FastifyServerOptions {
  return {
    logger: {
      level: log.level ?? config.LOG_LEVEL,
      // stdout written asynchronously: lines that arrive while a write is in flight go out in
      // one write, not a system call each (at info that was most of the request log's cost).
      // Pino flushes what is pending when the process exits.
      stream: log.stream ?? pino.destination({ dest: 1, sync: false }),
      // Keys and credentials never reach the log.
      redact: { paths: ['req.headers["x-api-key"]', 'req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    },
    // Fastify accepts a hop count too; its types only list the other forms.
    trustProxy: trustProxyOption(config.TRUST_PROXY) as boolean | string[],
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // A per-request child logger carries the request id, but pino serialises its bindings on
    // creation, and most requests never log through it (the request line is written by the
    // root logger with the id): it is made on first use.
    childLoggerFactory: (logger, bindings, opts) => (logger.level === 'silent' ? logger : lazyChild(logger, bindings, opts)),
    // core/http/request-log.ts writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    ajv: { customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: true } },
    schemaController: { compilersFactory: { buildValidator: finiteValidatorFactory() } },
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
  };
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/** A logger that is `logger.child(bindings, opts)` once any of its methods is called. */
export function lazyChild(logger: FastifyBaseLogger, bindings: Record<string, unknown>, opts: object | undefined): FastifyBaseLogger {
  let child: FastifyBaseLogger | undefined;
  const made = () => (child ??= logger.child(bindings, opts as never));
  const lazy = Object.create(logger) as FastifyBaseLogger & Record<string, unknown>;
  for (const level of LEVELS) lazy[level] = (...args: unknown[]) => (made()[level] as (...a: unknown[]) => void)(...args);
  lazy.child = (b: Record<string, unknown>, o?: object) => made().child(b, o as never);
  lazy.bindings = () => (made() as unknown as { bindings(): Record<string, unknown> }).bindings();
  return lazy;
}
