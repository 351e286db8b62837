// Answers already serialized. A large cached answer (a price list, a liquor category) is kept as
// its JSON text and sent as is: serializing 20 KB on every request cost more than the rest of
// the request. The route's response schema still documents the shape.

import type { FastifyReply } from 'fastify';
import { strongEtag } from './conditional.js';

/** A JSON answer already serialized (routes send it as is). */
export class RawJson {
  constructor(
    readonly body: string,
    /** Its ETag, when the answer is kept and sent many times (else the onSend hook hashes it). */
    readonly etag?: string,
  ) {}

  static withEtag(body: string): RawJson {
    return new RawJson(body, strongEtag(body));
  }
}

/** A cached object's JSON text with `"cached": …` added as its last key. */
export const withCached = (json: string, cached: boolean) => new RawJson(`${json.slice(0, -1)},"cached":${cached}}`);

/** Sends a pre-serialized answer. */
export const sendRaw = (reply: FastifyReply, raw: RawJson) => {
  if (raw.etag !== undefined) reply.header('etag', raw.etag);
  return reply.type('application/json; charset=utf-8').send(raw.body);
};
