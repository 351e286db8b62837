// A JSON-RPC error as an HTTP answer, for POST /mcp (src/plugins/mcp.ts, post.ts).

import type { FastifyReply } from 'fastify';

/** A JSON-RPC error, as the SDK's transport writes the ones it answers before reading a request (id null). */
export const rpcError = (reply: FastifyReply, status: number, code: number, message: string, id: string | number | null = null) =>
  reply
    .code(status)
    .header('content-type', 'application/json')
    .send(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id }));
