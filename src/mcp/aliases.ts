// One name per parameter in a tool's input schema. Several routes take a parameter under two or
// more names (latitude and lat; lon, lan and lng; name, domain and q), which HTTP keeps for its
// clients; a model reading the tool list pays for each copy and gains nothing. The route
// schemas say which is the alias in their descriptions, so this reads those words: an alias is
// left out of the tool, and the kept name's description loses its "(lat is the same)". The call
// sends the kept name, which the route reads as it always did.

type Props = Record<string, Record<string, unknown>>;

/**
 * astro_match takes its two charts as boy_ and girl_, or as a_ and b_ with a_role and b_role
 * (for callers whose data come as partner A and B). Over MCP the boy_ and girl_ names are the
 * one naming: the a_/b_ set is 26 more parameters saying the same.
 */
const SECOND_NAMING = /^(a|b)_/;
const secondNaming = (name: string, properties: Props) => SECOND_NAMING.test(name) && 'boy_year' in properties;

/**
 * A daylight-saving shift (dst_hour, dst_min, boy_dst_hour …) beside an offset of the same birth
 * (tz, boy_tz): the offset in force, daylight saving included, says the same in one parameter
 * (the route adds the shift to tz; without tz the place's historical offset already includes it).
 */
function shiftOf(name: string, properties: Props): string | undefined {
  const m = /^(\w*?)dst_(hour|min)$/.exec(name);
  return m && `${m[1]}tz` in properties ? `${m[1]}tz` : undefined;
}

/** The parameter a name is an alias of, read from its description; undefined for a parameter of its own. */
export function aliasOf(name: string, description: string, properties: Props): string | undefined {
  const shift = shiftOf(name, properties);
  if (shift) return shift;
  if (secondNaming(name, properties)) return name.endsWith('_role') ? 'boy_ and girl_' : name.replace(/^a_/, 'boy_').replace(/^b_/, 'girl_');
  const of = /\balias of (\w+)/.exec(description)?.[1] ?? /\(the same as (\w+)\)/.exec(description)?.[1];
  if (of && of !== name && of in properties) return of;
  // "(lan; lon, lan and lng are the same parameter)": the first name of the list is kept.
  const group = /\((\w+); ([\w, ]+) are the same parameter\)/.exec(description);
  if (group) {
    const first = group[2].split(/,\s*|\s+and\s+/)[0];
    if (first !== name && first in properties) return first;
  }
  return undefined;
}

/** The description without the words that named its aliases. */
const withoutAliasWords = (text: string) =>
  text
    .replace(/ \(\w+ is the same\)/, '')
    .replace(/ \(\w+; [\w, ]+ are the same parameter\)/, '')
    .trim();

/** An object schema with one name per parameter, and the aliases it left out (alias → kept name). */
export function withoutAliases<S extends { properties: Props; required?: string[] }>(schema: S): { schema: S; aliases: Record<string, string> } {
  const aliases: Record<string, string> = {};
  const properties: Props = {};
  for (const [name, p] of Object.entries(schema.properties)) {
    const description = typeof p.description === 'string' ? p.description : '';
    const of = aliasOf(name, description, schema.properties);
    if (of) {
      aliases[name] = of;
      continue;
    }
    properties[name] = description ? { ...p, description: withoutAliasWords(description) } : p;
  }
  const required = schema.required?.map((n) => aliases[n] ?? n).filter((n, i, all) => all.indexOf(n) === i);
  return { schema: { ...schema, properties, ...(required ? { required } : {}) }, aliases };
}

/**
 * A choice of one-value string enums (TypeBox's Union of Literals) as one enum: the same values
 * in a fifth of the bytes. An enum needs no type beside it, and a description that only lists
 * its values ("svg or png") none either; one that names them after a label keeps the label
 * ("lunar node: mean or true" → "lunar node").
 */
export function compactChoice(schema: Record<string, unknown>): Record<string, unknown> {
  const one = compactEnum(schema);
  if (!Array.isArray(one.enum)) return one;
  const { type: _, description, ...rest } = one;
  if (typeof description !== 'string') return rest;
  const values = one.enum.map(String);
  const list = /^(?:([^:]+): )?([\w ,]+)$/.exec(description);
  const parts = list?.[2].split(/,? or |, /);
  if (!list || !parts || parts.length !== values.length || !parts.every((v) => values.includes(v.trim()))) return { ...rest, description };
  return list[1] ? { ...rest, description: list[1] } : rest;
}

function compactEnum(schema: Record<string, unknown>): Record<string, unknown> {
  const choices = schema.anyOf;
  if (!Array.isArray(choices) || choices.length === 0) return schema;
  const values: unknown[] = [];
  for (const c of choices as Record<string, unknown>[]) {
    if (c.type !== 'string' || !Array.isArray(c.enum) || c.enum.length !== 1 || Object.keys(c).length !== 2) return schema;
    values.push(c.enum[0]);
  }
  const { anyOf: _, ...rest } = schema;
  return { type: 'string', enum: values, ...rest };
}

/**
 * Rules a model need not read before its first call: the route checks them and its 400 names the
 * parameter and the rule, which a model reads and corrects (the spec counts input validation as
 * a tool error for that reason); the descriptions give the shape of a code or an offset in
 * words and an example. Kept: type, enum, default, items, description.
 */
const BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern', 'title'];
export function withoutBounds(schema: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) if (!BOUNDS.includes(k)) out[k] = v;
  if (Array.isArray(out.anyOf)) out.anyOf = (out.anyOf as Record<string, unknown>[]).map(withoutBounds);
  if (out.items && typeof out.items === 'object') out.items = withoutBounds(out.items as Record<string, unknown>);
  return out;
}
