// A fast TOON encoder for JSON data, byte-identical to `encode(value)` of @toon-format/toon 4.4 with
// default options (indent 2, comma delimiter, no replacer). The library deep-copies the value
// (normalizeValue) and then yields every line through nested generators; on a full chart that costs
// about five times the chart's own computation. This encoder makes one pass, appending to a single
// string, and decides every layout exactly as the library does (see docs/decisions/toon-encoder.md).
//
// Precondition: the value is JSON data — plain objects (prototype Object.prototype or null), arrays,
// strings, finite or non-finite numbers, booleans, null, undefined. Non-finite numbers become null
// and -0 becomes 0 as in the library; undefined, functions and symbols are null as in the library.
// Anything else (Date, Map, Set, class instances, objects with toJSON, bigint, strings with lone
// surrogates) makes this encoder hand the whole value to the library, which handles or rejects it.
// src/modules/astro/toon.test.ts holds the two to the same bytes.

import { encode as libraryEncode } from '@toon-format/toon';

/** Thrown inside the encoder when the value is outside the precondition; caught by fastEncode. */
const UNSUPPORTED: unique symbol = Symbol('outside the JSON precondition');

const PRIM = 0;
const ARR = 1;
const OBJ = 2;
type Kind = typeof PRIM | typeof ARR | typeof OBJ;

type Obj = Record<string, unknown>;

/** A column of a tabular header; `children` when the column is a nested object flattened into it. */
interface Field {
  name: string;
  children?: Field[];
}
/** Field list plus its header text `{a,b{c,d}}`, computed once. */
interface Fields {
  list: Field[];
  segment: string;
}

let out = '';
/** '\n' plus the indentation of each depth (indent size 2). Every line is written with its newline first. */
const NL: string[] = [];
const nl = (d: number): string => NL[d] ?? (NL[d] = '\n' + '  '.repeat(d));

export function fastEncode(value: unknown): string {
  if (prototypesTouched()) return libraryEncode(value);
  out = '';
  try {
    encodeRoot(value);
    return out.slice(1);
  } catch (e) {
    if (e === UNSUPPORTED) return libraryEncode(value);
    throw e;
  } finally {
    out = '';
  }
}

/** Enumerable or toJSON members added to Object.prototype or Array.prototype would change what counts as JSON. */
function prototypesTouched(): boolean {
  for (const _ in Object.prototype) return true;
  for (const _ in Array.prototype) return true;
  return 'toJSON' in Object.prototype || 'toJSON' in Array.prototype;
}

function kindOf(v: unknown): Kind {
  if (typeof v !== 'object' || v === null) return PRIM;
  if (Array.isArray(v)) {
    if ((v as { toJSON?: unknown }).toJSON !== undefined) throw UNSUPPORTED;
    return ARR;
  }
  const proto: unknown = Object.getPrototypeOf(v);
  if ((proto !== Object.prototype && proto !== null) || (v as { toJSON?: unknown }).toJSON !== undefined) throw UNSUPPORTED;
  return OBJ;
}

function encodeRoot(v: unknown): void {
  const k = kindOf(v);
  if (k === PRIM) {
    const s = prim(v);
    // Only at the root does the library quote a string that starts with a byte-order mark.
    out = '\n' + (typeof v === 'string' && v.charCodeAt(0) === 0xfeff ? `"${escape(v)}"` : s);
  } else if (k === ARR) array(null, v as unknown[], 0);
  else objectValue(null, v as Obj, 0);
}

// ---- objects ---------------------------------------------------------------------------------

/** An object under `key` (null at the root): the keyed table when its values are uniform objects. */
function objectValue(key: string | null, obj: Obj, d: number): void {
  const keys = Object.keys(obj);
  const fields = keyedFields(obj, keys);
  if (fields) {
    out += nl(d) + header(key, keys.length, fields, true);
    keyedRows(obj, keys, fields.list, d + 1);
    return;
  }
  if (key !== null) out += nl(d) + encodeKey(key) + ':';
  members(obj, keys, 0, key === null ? d : d + 1);
}

function members(obj: Obj, keys: string[], from: number, d: number): void {
  for (let i = from; i < keys.length; i++) member(keys[i]!, obj[keys[i]!], d);
}

function member(key: string, v: unknown, d: number): void {
  const k = kindOf(v);
  if (k === PRIM) out += nl(d) + encodeKey(key) + ': ' + prim(v);
  else if (k === ARR) array(key, v as unknown[], d);
  else objectValue(key, v as Obj, d);
}

/** The library's keyed form: at least two entries, each a non-empty object, all tabular alike. */
function keyedFields(obj: Obj, keys: string[]): Fields | undefined {
  if (keys.length < 2) return undefined;
  const values: Obj[] = new Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const v = obj[keys[i]!];
    if (kindOf(v) !== OBJ || isEmpty(v as Obj)) return undefined;
    values[i] = v as Obj;
  }
  return tabularFields(values);
}

function keyedRows(obj: Obj, keys: string[], fields: Field[], d: number): void {
  for (const key of keys) {
    out += nl(d) + encodeKey(key) + ': ';
    cells(obj[key] as Obj, fields, true);
  }
}

function isEmpty(o: Obj): boolean {
  for (const k in o) if (Object.hasOwn(o, k)) return false;
  return true;
}

// ---- tables ----------------------------------------------------------------------------------

/** The columns shared by every row (first row's key order), or undefined when the rows are not a table. */
function tabularFields(rows: Obj[]): Fields | undefined {
  const list = fieldList(rows);
  return list && { list, segment: segment(list) };
}

function fieldList(rows: Obj[]): Field[] | undefined {
  if (rows.length === 0) return undefined;
  const first = Object.keys(rows[0]!);
  const m = first.length;
  if (m === 0) return undefined;
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r]!;
    // for-in allocates nothing (fastEncode checked that no prototype adds enumerable keys). Same count,
    // so a key in the same place is present; otherwise ask.
    let j = 0;
    for (const k in row) {
      if (j === m || (k !== first[j] && !Object.hasOwn(row, first[j]!))) return undefined;
      j++;
    }
    if (j !== m) return undefined;
  }
  const list: Field[] = [];
  for (const name of first) {
    const field = column(name, rows);
    if (!field) return undefined;
    list.push(field);
  }
  return list;
}

/** A column is a leaf when every cell is a primitive, or a nested table of non-empty objects. */
function column(name: string, rows: Obj[]): Field | undefined {
  let allPrim = true;
  for (const row of rows) {
    if (kindOf(row[name]) !== PRIM) {
      allPrim = false;
      break;
    }
  }
  if (allPrim) return { name };
  const values: Obj[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const v = rows[i]![name];
    if (kindOf(v) !== OBJ || isEmpty(v as Obj)) return undefined;
    values[i] = v as Obj;
  }
  const children = fieldList(values);
  return children && { name, children };
}

function segment(list: Field[]): string {
  let s = '';
  for (let i = 0; i < list.length; i++) {
    const f = list[i]!;
    s += (i ? ',' : '') + encodeKey(f.name) + (f.children ? `{${segment(f.children)}}` : '');
  }
  return s;
}

/** One row's leaf cells, comma-separated, in field order. Returns whether the next cell is the first. */
function cells(row: Obj, fields: Field[], first: boolean): boolean {
  for (const f of fields) {
    const v = row[f.name];
    if (f.children) first = cells(v as Obj, f.children, first);
    else {
      out += first ? prim(v) : ',' + prim(v);
      first = false;
    }
  }
  return first;
}

function header(key: string | null, n: number, fields: Fields | null, keyed: boolean): string {
  return (key === null ? '' : encodeKey(key)) + '[' + n + (keyed ? ':]' : ']') + (fields ? `{${fields.segment}}:` : ':');
}

// ---- arrays ----------------------------------------------------------------------------------

function array(key: string | null, arr: unknown[], d: number): void {
  const n = arr.length;
  if (n === 0) {
    out += nl(d) + (key === null ? '[]' : encodeKey(key) + ': []');
    return;
  }
  let allPrim = true;
  let allObj = true;
  for (let i = 0; i < n; i++) {
    const k = kindOf(arr[i]);
    if (k !== PRIM) allPrim = false;
    if (k !== OBJ) allObj = false;
  }
  if (allPrim) {
    out += nl(d) + header(key, n, null, false) + ' ';
    joined(arr);
    return;
  }
  // An array of arrays of primitives comes out the same as a mixed list, so it needs no branch.
  const fields = allObj ? tabularFields(arr as Obj[]) : undefined;
  out += nl(d) + header(key, n, fields ?? null, false);
  if (fields) for (const row of arr) {
    out += nl(d + 1);
    cells(row as Obj, fields.list, true);
  }
  else for (const item of arr) listItem(item, d + 1);
}

function joined(arr: unknown[]): void {
  out += prim(arr[0]);
  for (let i = 1; i < arr.length; i++) out += ',' + prim(arr[i]);
}

function allPrimitive(arr: unknown[]): boolean {
  for (let i = 0; i < arr.length; i++) if (kindOf(arr[i]) !== PRIM) return false;
  return true;
}

/** `[n]: a,b` or `[0]:`, the inline form of a primitive array without a key. */
function inline(arr: unknown[]): void {
  out += '[' + arr.length + ']:';
  if (arr.length) {
    out += ' ';
    joined(arr);
  }
}

function listItem(v: unknown, d: number): void {
  const k = kindOf(v);
  if (k === PRIM) out += nl(d) + '- ' + prim(v);
  else if (k === OBJ) objectItem(v as Obj, d);
  else {
    const arr = v as unknown[];
    out += nl(d) + '- ';
    if (allPrimitive(arr)) inline(arr);
    else {
      out += '[' + arr.length + ']:';
      for (const item of arr) listItem(item, d + 1);
    }
  }
}

/** An object as a list item: its first member on the dash line, the rest indented under it. */
function objectItem(obj: Obj, d: number): void {
  const keys = Object.keys(obj);
  if (keys.length === 0) {
    out += nl(d) + '-';
    return;
  }
  const k0 = keys[0]!;
  const v0 = obj[k0];
  const kind = kindOf(v0);
  if (kind === ARR && (v0 as unknown[]).every((x) => kindOf(x) === OBJ)) {
    const rows = v0 as Obj[];
    const fields = tabularFields(rows);
    if (fields) {
      out += nl(d) + '- ' + header(k0, rows.length, fields, false);
      for (const row of rows) {
        out += nl(d + 2);
        cells(row, fields.list, true);
      }
      members(obj, keys, 1, d + 1);
      return;
    }
  }
  if (kind === OBJ) {
    const inner = v0 as Obj;
    const innerKeys = Object.keys(inner);
    const fields = keyedFields(inner, innerKeys);
    if (fields) {
      out += nl(d) + '- ' + header(k0, innerKeys.length, fields, true);
      keyedRows(inner, innerKeys, fields.list, d + 2);
      members(obj, keys, 1, d + 1);
      return;
    }
    out += nl(d) + '- ' + encodeKey(k0) + ':';
    members(inner, innerKeys, 0, d + 2);
  } else if (kind === PRIM) out += nl(d) + '- ' + encodeKey(k0) + ': ' + prim(v0);
  else firstArrayMember(k0, v0 as unknown[], d);
  members(obj, keys, 1, d + 1);
}

function firstArrayMember(key: string, arr: unknown[], d: number): void {
  out += nl(d) + '- ' + encodeKey(key);
  if (arr.length === 0) out += ': []';
  else if (allPrimitive(arr)) inline(arr);
  else {
    out += '[' + arr.length + ']:';
    for (const item of arr) listItem(item, d + 2);
  }
}

// ---- primitives and keys -----------------------------------------------------------------------

function prim(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return str(v);
    case 'number':
      // String(-0) is "0", as the library's normalisation gives.
      return v - v === 0 ? '' + v : 'null';
    case 'boolean':
      return v ? 'true' : 'false';
    case 'object': // null: kindOf sent only primitives here
    case 'undefined':
    case 'function':
    case 'symbol':
      return 'null';
    default:
      throw UNSUPPORTED; // bigint
  }
}

/** ASCII characters that force quotes anywhere in a string: controls, " , : [ \\ ] { }. */
const FORCES_QUOTES = new Uint8Array(128);
for (let c = 0; c < 32; c++) FORCES_QUOTES[c] = 1;
for (const ch of '",:[\\]{}') FORCES_QUOTES[ch.charCodeAt(0)] = 1;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The library's isSafeUnquoted, as one scan of the characters (regexes cost more on short text). */
function str(s: string): string {
  const n = s.length;
  if (n === 0) return '""';
  let safe = true;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) {
      if (FORCES_QUOTES[c] === 1) safe = false;
    } else if (c >= 0xd800 && c <= 0xdfff && LONE_SURROGATE.test(s)) throw UNSUPPORTED; // the library refuses these
  }
  if (safe) {
    const c0 = s.charCodeAt(0);
    const cn = s.charCodeAt(n - 1);
    if (c0 === 32 || c0 === 9 || c0 === 45 || c0 === 35 || cn === 32 || cn === 9) safe = false; // space, tab, '-', '#'
    else if ((c0 >= 48 && c0 <= 57) || c0 === 43) safe = !numericLike(s);
    else if (s === 'true' || s === 'false' || s === 'null') safe = false;
  }
  return safe ? s : `"${escape(s)}"`;
}

/** The library's /^[+-]?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i, without the regex. */
function numericLike(s: string): boolean {
  const n = s.length;
  let i = s.charCodeAt(0) === 43 || s.charCodeAt(0) === 45 ? 1 : 0;
  let from = i;
  while (i < n && isDigit(s.charCodeAt(i))) i++;
  if (i === from) return false;
  if (i < n && s.charCodeAt(i) === 46) {
    from = ++i;
    while (i < n && isDigit(s.charCodeAt(i))) i++;
    if (i === from) return false;
  }
  if (i < n && (s.charCodeAt(i) | 32) === 101) {
    i++;
    if (s.charCodeAt(i) === 43 || s.charCodeAt(i) === 45) i++;
    from = i;
    while (i < n && isDigit(s.charCodeAt(i))) i++;
    if (i === from) return false;
  }
  return i === n;
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

const ESCAPES: Record<string, string> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escape(s: string): string {
  return s.replace(/[\\"\u0000-\u001f]/g, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Encoded keys, remembered: a chart repeats a few dozen keys thousands of times. Bounded for odd input. */
const KEYS = new Map<string, string>();

function encodeKey(key: string): string {
  const hit = KEYS.get(key);
  if (hit !== undefined) return hit;
  if (LONE_SURROGATE.test(key)) throw UNSUPPORTED;
  const enc = /^[A-Z_][\w.]*$/i.test(key) ? key : `"${escape(key)}"`;
  if (KEYS.size < 4096) KEYS.set(key, enc);
  return enc;
}
