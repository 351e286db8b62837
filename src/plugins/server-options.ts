// Fastify's own options: logging (keys redacted), trusted proxies, request ids, routing, and
// validation (Fastify's Ajv, with finite and bounded numbers: core/http/validator.ts; every
// invalid parameter reported at once, so a client fixes its request in one round).

import { randomUUID } from 'node:crypto';
import { LogController, type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import { clientErrorHandlerFor } from '../core/http/client-errors.js';
import { frameworkErrorHandlerFor, MAX_PARAM_LENGTH } from '../core/http/error-handler.js';
import { corsOrigins } from '../core/http/response-headers.js';
import { trustProxyOption } from '../core/http/guards.js';
import { finiteValidatorFactory } from '../core/http/validator.js';
import { prettySink, wantsPretty } from '../core/log-pretty.js';
import { stdoutLines } from '../core/log-stream.js';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export function serverOptions(config: Config, log: { level?: string; stream?: { write(msg: string): void } }): FastifyServerOptions {
  return {
    logger: {
      level: log.level ?? config.LOG_LEVEL,
      // stdout, the lines of each event-loop turn in one write (core/log-stream.ts); readable
      // lines when a person watches a terminal (core/log-pretty.ts).
      stream: log.stream ?? (wantsPretty(config.LOG_FORMAT, process.stdout.isTTY) ? prettySink(stdoutLines()) : stdoutLines()),
      // Keys and credentials never reach the log.
      redact: { paths: ['req.headers["x-api-key"]', 'req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    },
    // Fastify accepts a hop count too; its types only list the other forms.
    trustProxy: trustProxyOption(config.TRUST_PROXY) as boolean | string[],
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // core/http/request-log.ts writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // No fixed limit on how long a plugin takes to register (its routes' schemas compiled): on a
    // busy host the default 10 s killed the process at start (FST_ERR_HOOK_TIMEOUT, issue 31).
    // No plugin or hook of this app waits on I/O without a bound of its own; data loads run
    // after listen (docs/decisions/start-after-listen.md).
    pluginTimeout: 0,
    ajv: { customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: true } },
    schemaController: { compilersFactory: { buildValidator: finiteValidatorFactory() } },
    // Refused before routing, where the response-headers hook does not run: the same headers anyway.
    // Fastify answers every request that arrives while it closes with a 503 of its own shape
    // (no Retry-After, no catalog code, none of the headers every answer carries). The app is
    // whole until the server has closed (modules and the database close after it), so such a
    // request is served, with Connection: close (plugins/lifecycle.ts) telling its client to go.
    return503OnClosing: false,
    clientErrorHandler: clientErrorHandlerFor(corsOrigins(config.CORS_ORIGIN)),
    frameworkErrors: frameworkErrorHandlerFor(corsOrigins(config.CORS_ORIGIN)),
  };
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

type ChildFn = FastifyBaseLogger['child'];

/** A request's logger before its child exists: what makes the child, and the child once made. */
interface Lazy {
  /** The root and its own child(), both from the shared methods (see methodsOf). */
  lazyRoot: FastifyBaseLogger;
  lazyMake: ChildFn;
  lazyBindings: Record<string, unknown>;
  lazyOpts: object | undefined;
  lazyChild?: FastifyBaseLogger;
}
const made = (l: Lazy) => (l.lazyChild ??= l.lazyMake.call(l.lazyRoot, l.lazyBindings, l.lazyOpts as never));

/**
 * The methods of the lazy loggers of one root, made once per root (a request then costs one
 * object, not a closure per method), inheriting the root's level and everything else.
 */
const lazyMethods = new WeakMap<FastifyBaseLogger, object>();
function methodsOf(root: FastifyBaseLogger): object {
  let proto = lazyMethods.get(root);
  if (!proto) {
    const m = Object.create(root) as Record<string, unknown>;
    m.lazyRoot = root;
    // The child() the root had before lazyChildren replaced it: what really makes a child.
    m.lazyMake = root.child;
    for (const level of LEVELS)
      m[level] = function (this: Lazy, ...args: unknown[]) {
        return (made(this)[level] as (...a: unknown[]) => void)(...args);
      };
    m.child = function (this: Lazy, b: Record<string, unknown>, o?: object) {
      return made(this).child(b, o as never);
    };
    m.bindings = function (this: Lazy) {
      return (made(this) as unknown as { bindings(): Record<string, unknown> }).bindings();
    };
    lazyMethods.set(root, (proto = m));
  }
  return proto;
}

/** A logger that is `logger.child(bindings, opts)` once any of its methods is called. */
export function lazyChild(logger: FastifyBaseLogger, bindings: Record<string, unknown>, opts: object | undefined): FastifyBaseLogger {
  const lazy = Object.create(methodsOf(logger)) as Lazy;
  lazy.lazyBindings = bindings;
  lazy.lazyOpts = opts;
  return lazy as unknown as FastifyBaseLogger;
}

/**
 * Makes the children the root logger makes itself lazy: Fastify asks for one per request to
 * carry the request id, but pino serialises a child's bindings when it is made, and most requests
 * never log through theirs (the request line is written by the root logger with the id). Done
 * on the root's own child(), not with Fastify's childLoggerFactory option: with a factory of its
 * own, Fastify checks the logger it returns on every request (seven method lookups on it), the
 * default factory is not checked. A real child inherits this method from the root; its own
 * children are made at once, with every binding.
 */
export function lazyChildren(root: FastifyBaseLogger): void {
  const real = (methodsOf(root) as Lazy).lazyMake;
  root.child = function (this: FastifyBaseLogger, bindings, opts) {
    return this === root ? lazyChild(root, bindings, opts) : real.call(this, bindings, opts);
  } as ChildFn;
}
