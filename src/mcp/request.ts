// What a route's handler and rules see of a tool call: a request carrying the call's arguments
// as its GET would carry them, with the caller's id, address, headers and logger, and a reply
// that keeps what the handler sends (src/mcp/run.ts makes the answer of it). Only what
// handlers, the key rule and the limiter use of Fastify's request and reply is here.

import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

/** Who is calling: what the route's rules and handler read of a request. A Fastify request is one (the MCP request's). */
export interface Caller {
  /** The MCP request's id: the tool call's log lines carry it. */
  readonly id: string;
  /** The client address as the app decided it (req.ip, proxies already accounted for). */
  readonly ip: string;
  /** The MCP request's headers: the key rule reads x-api-key and Authorization. */
  readonly headers: FastifyRequest['headers'];
  readonly log: FastifyBaseLogger;
  /** How the client reached the server (routes that link back to it read them). */
  readonly protocol: 'http' | 'https';
  readonly host: string;
}

/** What a route's handler and rules read of a request: the tool call's arguments as its GET would carry them. */
export class ToolRequest {
  readonly method = 'GET';
  private fullUrl: string | undefined;

  constructor(
    private readonly caller: Caller,
    readonly routeOptions: FastifyRequest['routeOptions'],
    readonly query: Record<string, unknown>,
    readonly params: Record<string, string>,
    private readonly urlOf: () => string,
  ) {}

  get id() {
    return this.caller.id;
  }
  get ip() {
    return this.caller.ip;
  }
  get headers() {
    return this.caller.headers;
  }
  get log() {
    return this.caller.log;
  }
  get protocol() {
    return this.caller.protocol;
  }
  get host() {
    return this.caller.host;
  }
  /** The GET's URL, made only when something reads it (the key rule for unkeyed routes, an error's envelope). */
  get url() {
    return (this.fullUrl ??= this.urlOf());
  }
}

/** What handlers and the limiter do with a reply: headers, a status, a type and one payload. */
export class ToolReply {
  statusCode = 200;
  sent = false;
  payload: unknown;
  private readonly fields: Record<string, unknown> = {};

  code(status: number): this {
    this.statusCode = status;
    return this;
  }
  status(status: number): this {
    return this.code(status);
  }
  header(name: string, value: unknown): this {
    this.fields[name.toLowerCase()] = value;
    return this;
  }
  headers(values: Record<string, unknown>): this {
    for (const [k, v] of Object.entries(values)) this.header(k, v);
    return this;
  }
  getHeader(name: string): unknown {
    return this.fields[name.toLowerCase()];
  }
  getHeaders(): Record<string, unknown> {
    return { ...this.fields };
  }
  hasHeader(name: string): boolean {
    return this.fields[name.toLowerCase()] !== undefined;
  }
  removeHeader(name: string): this {
    delete this.fields[name.toLowerCase()];
    return this;
  }
  type(contentType: string): this {
    return this.header('content-type', contentType);
  }
  send(payload?: unknown): this {
    if (!this.sent) {
      this.sent = true;
      this.payload = payload;
    }
    return this;
  }
}
