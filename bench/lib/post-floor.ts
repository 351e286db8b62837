// A module for benchmarks only: POST /bench/post-floor takes the JSON-RPC message of a
// numerology tools/call and answers the numerology report for its arguments, serialized by
// the route's own response schema. The same body in, the same answer out, through Fastify's
// POST path (body stream, JSON parse) and nothing of MCP: the floor an MCP tool call, which
// the protocol sends as a POST, cannot go below (bench/mcp.ts).

import type { JankariModule } from '../../src/core/module.js';
import { numerologyReport } from '../../src/modules/numerology/index.js';
import { NumerologyReportSchema } from '../../src/modules/numerology/schemas.js';

type Message = { params: { arguments: Parameters<typeof numerologyReport>[0] } };

export const postFloorModule: JankariModule = {
  name: 'bench-post-floor',
  title: 'Benchmark floor',
  description: 'The numerology report answered to a POST of a tools/call message, without MCP.',
  create: (ctx) => ({
    routes: (app) => {
      app.post('/bench/post-floor', { schema: { hide: true, response: { 200: NumerologyReportSchema } } }, async (req) =>
        numerologyReport((req.body as Message).params.arguments, ctx.now()),
      );
    },
  }),
};
