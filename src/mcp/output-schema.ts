// A route's 200 answer schema cut down to what a model reads before it calls the tool. The full
// schemas (written for /openapi.json, where a person looks a field up) made tools/list 141 KB,
// three times the list without them, and one tool (astro_match) 20 KB. A model needs the
// answer's fields, their types and what the top-level ones mean; it reads the answer itself
// afterwards. So:
// - two levels of fields: the answer's own fields and their fields (an array's items count at
//   the level of the array); deeper objects and arrays keep only their type;
// - descriptions only on the answer's own fields, and not where they repeat the description of
//   the input parameter of the same name;
// - no `required`, examples, titles, defaults; below the top no numeric bounds, patterns,
//   formats, nor enums longer than ENUM_MAX;
// - `anyOf` of plain types written as one type list (`["string", "null"]`), single-value enums
//   merged into one enum.
// Every answer valid against the full schema is valid against the cut one (only constraints are
// dropped), so a client that checks structured content against it accepts the same answers.

/** A JSON Schema node, as the API document writes it. */
type Node = Record<string, unknown>;

/** Levels of fields kept: the answer's own (1) and theirs (2). */
const DEPTH = 2;
/** Longest enum kept below the answer's own fields (a closed list of a few words tells a model something; 27 nakshatras do not). */
const ENUM_MAX = 8;
/** Keys never sent: they document the API for a person or constrain nothing a model decides on. */
const DROPPED = new Set(['examples', 'example', 'title', '$id', 'default', 'required']);
/** Constraints kept only on the answer's own fields. */
const DEEP_DROPPED = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
]);

/** Whether a schema is a plain type, perhaps with an enum: what `anyOf` can fold into one type list. */
const isPlain = (node: Node) => typeof node.type === 'string' && Object.keys(node).every((k) => k === 'type' || k === 'enum');

/**
 * The cut schema of an answer. `inputDescriptions` are the tool's parameters' descriptions by
 * name: a top-level field that echoes a parameter (`query`, `city`) says no more than it.
 */
export function compactOutputSchema(schema: Node, inputDescriptions: Record<string, string | undefined> = {}): Node {
  return cut(schema, 0, undefined);

  function cut(node: Node, depth: number, echoes: string | undefined): Node {
    const out: Node = {};
    for (const [key, value] of Object.entries(node)) {
      if (DROPPED.has(key) || (depth > 1 && DEEP_DROPPED.has(key))) continue;
      // A closed object whose fields are no longer listed would refuse every field.
      if (key === 'additionalProperties' && value === false && depth >= DEPTH) continue;
      if (key === 'description') {
        if (depth <= 1 && value !== echoes) out.description = value;
      } else if (key === 'enum') {
        if (depth <= 1 || (value as unknown[]).length <= ENUM_MAX) out.enum = value;
      } else if (key === 'properties') {
        if (depth >= DEPTH) continue;
        const fields = Object.entries(value as Record<string, Node>);
        out.properties = Object.fromEntries(fields.map(([name, field]) => [name, cut(field, depth + 1, depth === 0 ? inputDescriptions[name] : undefined)]));
      } else if ((key === 'items' || key === 'additionalProperties') && typeof value === 'object' && value !== null) {
        out[key] = depth >= DEPTH ? typeOnly(value as Node) : cut(value as Node, depth, undefined);
      } else if (key === 'anyOf' || key === 'oneOf') {
        const choices = (value as Node[]).map((choice) => cut(choice, depth, undefined));
        if (choices.every(isPlain)) Object.assign(out, oneType(choices, depth));
        else out[key] = choices;
      } else if (key === 'allOf') {
        out.allOf = (value as Node[]).map((part) => cut(part, depth, undefined));
      } else {
        out[key] = value;
      }
    }
    return out;
  }
}

/** A choice of plain types as one: `{type: ["string", "null"]}`; single-value enums (and null) as one enum. */
function oneType(choices: Node[], depth: number): Node {
  const types = [...new Set(choices.map((c) => c.type as string))];
  const out: Node = { type: types.length === 1 ? types[0] : types };
  if (choices.some((c) => c.enum) && choices.every((c) => c.enum || c.type === 'null')) {
    const values = choices.flatMap((c) => (c.enum as unknown[] | undefined) ?? [null]);
    if (depth <= 1 || values.length <= ENUM_MAX) out.enum = values;
  }
  return out;
}

/** A schema below the kept levels: its type alone (any value, when it has a choice of types). */
function typeOnly(node: Node): Node {
  return node.type === undefined ? {} : { type: node.type };
}
