// An MCP server over the app's tools (server.ts). The tools carry JSON Schemas taken from the
// routes, so this is the SDK's protocol-level Server with its own tools/list and tools/call
// handlers: McpServer (which the SDK marks as the usual choice) registers tools with Zod schemas,
// which would be a second copy of every route's parameters, and installs handlers of its own.
// The one file of the server that loads the SDK: imported when a session starts.

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { VERSION } from '../core/version.js';
import { type BatchBudget, BudgetExceeded } from './budget.js';
import { callTool } from './call.js';
import type { Caller } from './request.js';
import { Resources } from './resources.js';
import { resultJson, toResult } from './result.js';
import type { ToolSet } from './server.js';

const INSTRUCTIONS =
  'jankari: read-only facts about India and the web (prices, trains, weather, astrology, registries, web search and pages). ' +
  'Each tool answers briefly by default and says what it cut: detail full gives the whole answer, and cursor its next page. ' +
  'Resources hold what is long and stable, read whole: the API document, the toolsets, reference lists (banks, price locations), a month of panchang, a chart drawing.';

/** Each set's resources (src/mcp/resources.ts), made with its first server: the SDK they use is not loaded at start. */
const RESOURCES = new WeakMap<ToolSet, Resources>();
function resourcesOf(set: ToolSet): Resources {
  let r = RESOURCES.get(set);
  if (!r) {
    r = new Resources(set.runner, set.byName, set.document);
    RESOURCES.set(set, r);
  }
  return r;
}

/**
 * A server whose tool calls run as the caller `callerOf` gives (the HTTP request's; a local one
 * for stdio), under `budget` when given (one POST's: src/mcp/budget.ts). `tools` may be how to
 * make the set (stdio): it is then made by the first tools/list or tools/call, so that reading the
 * tools from the API document (a tenth of a second of CPU, more on a busy host) does not delay the
 * handshake (docs/decisions/start-up.md).
 */
export function createMcpServer(tools: ToolSet | (() => ToolSet), callerOf: () => Caller, budget?: BatchBudget): Server {
  const setOf = typeof tools === 'function' ? tools : () => tools;
  // One validator per set, shared by its servers (one per POST); the stdio server is the only one of its process.
  const validator = typeof tools === 'function' ? new AjvJsonSchemaValidator() : (tools.shared.validator ??= new AjvJsonSchemaValidator());
  const mcp = new Server(
    { name: 'jankari', version: VERSION },
    { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: validator },
  );
  mcp.setRequestHandler(ListToolsRequestSchema, () => ({ tools: setOf().listed }));
  // A few resources, listed whole: no cursor.
  mcp.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: resourcesOf(setOf()).list() }));
  mcp.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: resourcesOf(setOf()).templates() }));
  mcp.setRequestHandler(ReadResourceRequestSchema, async (req) => {
    const read = () => resourcesOf(setOf()).read(req.params.uri, callerOf());
    if (!budget) return read();
    // A read counts against its POST's budget as a call does (a batch of reads of every bank is as large).
    return budget.run(async () => {
      const value = await read();
      return { value, bytes: Buffer.byteLength(JSON.stringify(value)) };
    });
  });
  mcp.setRequestHandler(CallToolRequestSchema, async (req) => {
    const set = setOf();
    const tool = set.byName.get(req.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `no tool named ${req.params.name}; tools/list lists them`);
    const caller = callerOf();
    const call = () => callTool(set.runner, tool, req.params.arguments ?? {}, caller);
    try {
      if (!budget) return toResult(await call());
      return await budget.run(async () => {
        const answer = await call();
        // Counted as the direct path would write the result (the SDK's own serialization of it is the same JSON).
        return { value: toResult(answer), bytes: Buffer.byteLength(resultJson(answer)) };
      });
    } catch (err) {
      // A call its POST's budget refused: the SDK answers the error's code, message and data.
      if (err instanceof BudgetExceeded) throw err;
      // The route's own failures are tool results already (src/mcp/run.ts); this is a bug of the
      // MCP layer, and the SDK would put its text (a stack overflow's, say) in the answer.
      caller.log.error({ err }, 'MCP tool call failed');
      throw new McpError(ErrorCode.InternalError, `internal error; the request id is ${caller.id}`);
    }
  });
  return mcp;
}
