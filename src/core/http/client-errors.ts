// Errors that happen before a route exists: Node's HTTP parser refusing a request (a request
// line and headers over 16 KiB, a malformed line, a client too slow to send its headers), and
// Fastify's own 4xx (a body too large). They get the documented JSON shape like every other
// error, and a client learns from `Connection: close` that this socket is finished, instead
// of finding out from an ECONNRESET on its next keep-alive request.

import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, errorBody, type ErrorCode } from '../errors.js';
import { headersBeforeRouting } from './response-headers.js';

/** The catalog code of a framework-level 4xx status. */
export function frameworkError(status: number, message: string): ApiError {
  const code: ErrorCode =
    status === 408
      ? 'REQUEST_TIMEOUT'
      : status === 413
        ? 'PAYLOAD_TOO_LARGE'
        : status === 414
          ? 'URI_TOO_LONG'
          : status === 431
            ? 'HEADERS_TOO_LARGE'
            : status === 429
              ? 'RATE_LIMITED'
              : status === 404
                ? 'NOT_FOUND'
                : 'BAD_REQUEST';
  return new ApiError(code, message);
}

function parserError(err: NodeJS.ErrnoException): ApiError {
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return frameworkError(431, 'the request line and headers are larger than 16 KiB; send a shorter URL (query values are limited anyway)');
  }
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return frameworkError(408, 'the request was not received in time');
  return frameworkError(400, 'the HTTP request could not be parsed');
}

// How long a refused client may take to read the answer before the socket is destroyed.
const LINGER_MS = 2000;

/** `x-content-type-options` → `X-Content-Type-Options`, as the rest of the head is written. */
const titleCase = (name: string) => name.replace(/(^|-)[a-z]/g, (c) => c.toUpperCase());

/**
 * Fastify's `clientErrorHandler`: answers on the raw socket, then closes it. The answer carries
 * the headers every routed answer carries (nosniff, CORS), so a browser script can read why it
 * was refused; the Origin header is not known here (the parser failed), so a list of origins
 * only says the answer varies by it.
 */
export function clientErrorHandlerFor(origins: '*' | ReadonlySet<string>): (err: NodeJS.ErrnoException, socket: Socket) => void {
  const extra = Object.entries(headersBeforeRouting(origins, undefined)).map(([k, v]) => `${titleCase(k)}: ${v}`);
  return (err, socket) => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const api = parserError(err);
    if (socket.writable) {
      const body = JSON.stringify(errorBody('standard', api.code, api.message));
      const head = [
        `HTTP/1.1 ${api.statusCode} ${STATUS_CODES[api.statusCode]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        ...extra,
        'Connection: close',
      ];
      // end() sends FIN after the answer; reading on (and discarding) keeps the kernel from
      // answering the unread rest of a huge request with a reset that would destroy the answer.
      socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
      socket.resume();
      setTimeout(() => socket.destroy(), LINGER_MS).unref();
    } else {
      socket.destroy();
    }
  };
}
