// Fastify's own options: logging (keys redacted), trusted proxies, request ids, routing, and
// validation (Fastify's Ajv, with finite and bounded numbers: core/http/validator.ts; every
// invalid parameter reported at once, so a client fixes its request in one round).

import { randomUUID } from 'node:crypto';
import { LogController, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import { clientErrorHandler } from '../core/http/client-errors.js';
import { frameworkErrorHandler } from '../core/http/error-handler.js';
import { trustProxyOption } from '../core/http/guards.js';
import { finiteValidatorFactory } from '../core/http/validator.js';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export function serverOptions(config: Config, log: { level?: string; stream?: { write(msg: string): void } }): FastifyServerOptions {
  return {
    logger: {
      level: log.level ?? config.LOG_LEVEL,
      ...(log.stream ? { stream: log.stream } : {}),
      // Keys and credentials never reach the log.
      redact: { paths: ['req.headers["x-api-key"]', 'req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    },
    // Fastify accepts a hop count too; its types only list the other forms.
    trustProxy: trustProxyOption(config.TRUST_PROXY) as boolean | string[],
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // A per-request child logger carries the request id; when nothing can be logged it is
    // only garbage (pino serialises its bindings on creation), so the root logger serves.
    childLoggerFactory: (logger, bindings, opts) => (logger.level === 'silent' ? logger : logger.child(bindings, opts)),
    // core/http/request-log.ts writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    ajv: { customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: true } },
    schemaController: { compilersFactory: { buildValidator: finiteValidatorFactory() } },
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
  };
}
