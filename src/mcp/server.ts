// An MCP server over the app's tools. The tools carry JSON Schemas taken from the routes, so
// this is the SDK's protocol-level Server with its own tools/list and tools/call handlers:
// McpServer (which the SDK marks as the usual choice) registers tools with Zod schemas, which
// would be a second copy of every route's parameters, and installs handlers of its own.

import type { FastifyInstance } from 'fastify';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { VERSION } from '../core/version.js';
import { callTool, type Caller } from './call.js';
import { toolsFromDocument, type ApiDocument, type RouteTool } from './tools.js';

const INSTRUCTIONS =
  'jankari: read-only facts about India and the web (prices, trains, weather, astrology, registries, web search and pages). ' +
  'Each tool is one GET endpoint of the HTTP API, with the same parameters, answers and error messages.';

/** What every server of one app shares: its tools, found once, and how tools/list shows them. */
export class ToolSet {
  readonly byName: ReadonlyMap<string, RouteTool>;
  readonly listed: Tool[];

  constructor(
    readonly app: FastifyInstance,
    tools: readonly RouteTool[],
    /** One validator for every server (the SDK makes an Ajv instance per server otherwise). */
    readonly validator: jsonSchemaValidator,
  ) {
    this.byName = new Map(tools.map((t) => [t.name, t]));
    this.listed = tools.map((t) => ({
      name: t.name,
      title: `${t.group}: GET ${t.path}`,
      description: t.description,
      inputSchema: t.inputSchema,
      // Every endpoint only reads; the same call gives the same answer until the data changes.
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
    }));
  }
}

/** A server whose tool calls run as `caller` (one per HTTP request, or one for stdio). */
export function createMcpServer(set: ToolSet, caller: Caller): Server {
  const mcp = new Server({ name: 'jankari', version: VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: set.validator });
  mcp.setRequestHandler(ListToolsRequestSchema, () => ({ tools: set.listed }));
  mcp.setRequestHandler(CallToolRequestSchema, async (req) => {
    const tool = set.byName.get(req.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `no tool named ${req.params.name}; tools/list lists them`);
    return callTool(set.app, tool, req.params.arguments ?? {}, caller);
  });
  return mcp;
}

/** The tool set of a ready app: its GET routes, read from the API document it generates. */
export function toolSetOf(app: FastifyInstance): ToolSet {
  return new ToolSet(app, toolsFromDocument(app.swagger() as ApiDocument), new AjvJsonSchemaValidator());
}
