// How deep and how large the JSON a client sends over MCP may be, checked before anything walks
// it. JSON.parse builds any depth the body limit lets through (a 50 KB body nests 25,000 deep),
// but the recursive walks that come after it (JSON.stringify of an argument that is an object,
// a schema library, a logger) overflow the stack somewhere past a few thousand levels. The check
// is a loop over an explicit stack, so no input can overflow it.

/** Deepest nesting of a whole JSON-RPC message (or batch): a message and its params need a few levels; this leaves room for any `_meta`. */
export const MESSAGE_MAX_DEPTH = 32;
/**
 * Deepest nesting of a tool call's arguments: the arguments object is level 1, a list of values
 * level 2 (every tool's parameters are values or lists of values, as a GET's query carries them);
 * the rest is room for a value that is itself JSON, which the route then judges as text.
 */
export const ARGUMENTS_MAX_DEPTH = 8;
/** Most values (objects, lists and leaves together) in a tool call's arguments: a GET's URL carries a few hundred at most. */
export const ARGUMENTS_MAX_VALUES = 1000;

/** What is over a limit: the nesting, or the number of values. */
export type Excess = { kind: 'depth'; limit: number } | { kind: 'values'; limit: number };

/**
 * Whether `value` nests deeper than `maxDepth` (a scalar is level 0, an object or list with only
 * scalars in it level 1) or holds more than `maxValues` values, found without recursion and
 * stopping at the first excess. undefined when it is within both.
 */
export function excessOf(value: unknown, maxDepth: number, maxValues = Infinity): Excess | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const stack: unknown[] = [value];
  const depths: number[] = [1];
  let values = 1;
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown> | unknown[];
    const depth = depths.pop()!;
    if (depth > maxDepth) return { kind: 'depth', limit: maxDepth };
    const children = Array.isArray(node) ? node : Object.values(node);
    values += children.length;
    if (values > maxValues) return { kind: 'values', limit: maxValues };
    for (const child of children) {
      if (child !== null && typeof child === 'object') {
        stack.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return undefined;
}
