// A fast TOON encoder for JSON data, byte-identical to `encode(value)` of @toon-format/toon 4.4 with
// default options (indent 2, comma delimiter, no replacer). The library deep-copies the value
// (normalizeValue) and then yields every line through nested generators; on a full chart that costs
// about five times the chart's own computation. This encoder makes one pass, appending to a single
// string, and decides every layout exactly as the library does (see docs/decisions/toon-encoder.md);
// a table is written while its rows are checked, and taken back if a row breaks it.
//
// Precondition: the value is JSON data — plain objects (prototype Object.prototype or null), arrays,
// strings, finite or non-finite numbers, booleans, null, undefined. Non-finite numbers become null
// and -0 becomes 0 as in the library; undefined, functions and symbols are null as in the library.
// Anything else (Date, Map, Set, class instances, objects with toJSON, bigint, strings with lone
// surrogates) makes this encoder hand the whole value to the library, which handles or rejects it.
// Every object is checked when it is written (`plain`, and its keys for `toJSON`), and every object is
// written on some path, so a value outside the precondition always ends in the fallback whatever was
// written before.
// toon.test.ts beside it holds the two to the same bytes (and src/modules/astro/toon.test.ts on real charts).

import { encode as libraryEncode } from '@toon-format/toon';

/** Thrown inside the encoder when the value is outside the precondition; caught by fastEncode. */
const UNSUPPORTED: unique symbol = Symbol('outside the JSON precondition');

type Obj = Record<string, unknown>;

/** A column of a table: a leaf cell, or a nested object whose own columns are flattened into the row. */
interface Column {
  name: string;
  children: Column[] | null;
}
/** A table's columns (taken from its first row) and their header text `a,b{c,d}`. */
interface Shape {
  columns: Column[];
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

/** What the library lays out as an object. Whether it is a plain one is checked when it is written. */
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An object about to be written: anything but a plain object goes to the library. An own `toJSON`
 * key, which the library calls when it holds a function, is caught where keys are read instead of by
 * a property lookup per object: in `members`, and in a table's first row (every later row has its
 * keys). A keyed table's labels need no check: all their values are objects, never functions.
 */
function plain(o: Obj): void {
  const proto: unknown = Object.getPrototypeOf(o);
  if (proto !== Object.prototype && proto !== null) throw UNSUPPORTED;
}

function plainArray(a: unknown[]): void {
  if ((a as { toJSON?: unknown }).toJSON !== undefined) throw UNSUPPORTED;
}

function encodeRoot(v: unknown): void {
  if (Array.isArray(v)) array(null, v, 0);
  else if (isObject(v)) objectValue(null, v, 0);
  // Only at the root does the library quote a string that starts with a byte-order mark.
  else out = '\n' + (typeof v === 'string' && v.charCodeAt(0) === 0xfeff ? `"${escape(v)}"` : prim(v));
}

// ---- objects ---------------------------------------------------------------------------------
// Keys are read with for-in and `obj[k]` of the loop's own key, which V8 compiles to direct field
// loads; Object.keys plus `obj[keys[i]]` allocates an array and goes through a megamorphic lookup.
// for-in sees the same keys in the same order as Object.keys: fastEncode checked that no prototype
// adds enumerable members, and `plain` that every object's prototype is Object.prototype or null.

/** An object under `key` (null at the root): the keyed table when its values are uniform objects. */
function objectValue(key: string | null, obj: Obj, d: number): void {
  plain(obj);
  if (keyedTable(obj, nl(d), key, d + 1)) return;
  if (key === null) members(obj, d, false);
  else {
    out += nl(d) + encodeKey(key) + ':';
    members(obj, d + 1, false);
  }
}

function members(obj: Obj, d: number, skipFirst: boolean): void {
  for (const k in obj) {
    if (k === 'toJSON') throw UNSUPPORTED;
    if (skipFirst) skipFirst = false;
    else member(k, obj[k], d);
  }
}

function member(key: string, v: unknown, d: number): void {
  if (typeof v !== 'object' || v === null) out += keyLine(key, d) + prim(v);
  else if (Array.isArray(v)) array(key, v, d);
  else objectValue(key, v as Obj, d);
}

/**
 * The library's keyed form `key[N:]{fields}:`: at least two entries, each a non-empty object, all
 * tabular alike. Written speculatively (the rows first, the header put in front at the end); on a
 * miss nothing stays written and the answer is false.
 */
function keyedTable(obj: Obj, lead: string, key: string | null, d: number): boolean {
  let first: unknown;
  for (const k in obj) {
    first = obj[k];
    break;
  }
  if (!isObject(first)) return false;
  const shape = shapeOf(first);
  if (!shape) return false;
  const saved = out;
  out = '';
  let n = 0;
  for (const k in obj) {
    out += keyLine(k, d);
    if (!row(obj[k], shape.columns, true)) {
      out = saved;
      return false;
    }
    n++;
  }
  if (n < 2) {
    out = saved;
    return false;
  }
  out = saved + lead + (key === null ? '' : encodeKey(key)) + '[' + n + ':]{' + shape.segment + '}:' + out;
  return true;
}

// ---- tables ----------------------------------------------------------------------------------
// The library's rule: every row has the first row's keys (any order); a column is a leaf when every
// cell is a primitive, or a nested table when every cell is a non-empty object, recursively. So the
// first row fixes every column's kind, and each later row only has to agree with it while it is written.

/** `head[N]{fields}:` and the rows at depth d, or false (nothing written) when the rows are not a table. */
function table(rows: unknown[], head: string, d: number): boolean {
  if (rows.length === 0 || !isObject(rows[0])) return false;
  const shape = shapeOf(rows[0]);
  if (!shape) return false;
  const saved = out;
  out += head + '[' + rows.length + ']{' + shape.segment + '}:';
  const lead = nl(d);
  for (let i = 0; i < rows.length; i++) {
    out += lead;
    if (!row(rows[i], shape.columns, true)) {
      out = saved;
      return false;
    }
  }
  return true;
}

function shapeOf(first: Obj): Shape | undefined {
  const columns = columnsOf(first);
  return columns && { columns, segment: segment(columns) };
}

/** The first row's columns; undefined when it has none, or a cell that is an array or an empty object. */
function columnsOf(o: Obj): Column[] | undefined {
  const columns: Column[] = [];
  for (const k in o) {
    if (k === 'toJSON') throw UNSUPPORTED;
    const v = o[k];
    if (typeof v !== 'object' || v === null) columns.push({ name: k, children: null });
    else if (Array.isArray(v)) return undefined;
    else {
      const children = columnsOf(v as Obj);
      if (!children) return undefined;
      columns.push({ name: k, children });
    }
  }
  return columns.length ? columns : undefined;
}

function segment(columns: Column[]): string {
  let s = '';
  for (let i = 0; i < columns.length; i++) {
    const c = columns[i]!;
    s += (i ? ',' : '') + encodeKey(c.name) + (c.children ? `{${segment(c.children)}}` : '');
  }
  return s;
}

/**
 * Writes one row's leaf cells, comma-separated, in column order; false when the row does not fit
 * the columns (the caller then discards what was written). `first`: no cell written yet on this line.
 */
function row(v: unknown, columns: Column[], first: boolean): boolean {
  if (!isObject(v)) return false;
  plain(v);
  const mark = out;
  const m = columns.length;
  let j = 0;
  for (const k in v) {
    if (j === m) return false;
    const c = columns[j]!;
    if (k !== c.name) {
      // Keys in another order than the first row's: write it by name.
      out = mark;
      return rowByName(v, columns, first);
    }
    if (!cell(v[k], c, first)) return false;
    first = false;
    j++;
  }
  return j === m;
}

function rowByName(v: Obj, columns: Column[], first: boolean): boolean {
  let n = 0;
  for (const _ in v) n++;
  if (n !== columns.length) return false;
  for (const c of columns) if (!Object.hasOwn(v, c.name)) return false;
  for (const c of columns) {
    if (!cell(v[c.name], c, first)) return false;
    first = false;
  }
  return true;
}

function cell(x: unknown, c: Column, first: boolean): boolean {
  if (c.children !== null) return row(x, c.children, first);
  if (typeof x === 'object' && x !== null) return false;
  out += first ? prim(x) : ',' + prim(x);
  return true;
}

// ---- arrays ----------------------------------------------------------------------------------

function array(key: string | null, arr: unknown[], d: number): void {
  plainArray(arr);
  const n = arr.length;
  const head = key === null ? nl(d) : nl(d) + encodeKey(key);
  if (n === 0) {
    out += key === null ? head + '[]' : head + ': []';
    return;
  }
  let allPrim = true;
  let allObj = true;
  for (let i = 0; i < n && (allPrim || allObj); i++) {
    const v = arr[i];
    if (typeof v !== 'object' || v === null) allObj = false;
    else {
      allPrim = false;
      if (Array.isArray(v)) allObj = false;
    }
  }
  if (allPrim) {
    out += head + '[' + n + ']: ';
    joined(arr);
    return;
  }
  // An array of arrays of primitives comes out the same as a mixed list, so it needs no branch.
  if (allObj && table(arr, head, d + 1)) return;
  out += head + '[' + n + ']:';
  for (let i = 0; i < n; i++) listItem(arr[i], d + 1);
}

function joined(arr: unknown[]): void {
  out += prim(arr[0]);
  for (let i = 1; i < arr.length; i++) out += ',' + prim(arr[i]);
}

function allPrimitive(arr: unknown[]): boolean {
  for (let i = 0; i < arr.length; i++) {
    const v = arr[i];
    if (typeof v === 'object' && v !== null) return false;
  }
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
  if (typeof v !== 'object' || v === null) out += nl(d) + '- ' + prim(v);
  else if (!Array.isArray(v)) objectItem(v as Obj, d);
  else {
    plainArray(v);
    out += nl(d) + '- ';
    if (allPrimitive(v)) inline(v);
    else {
      out += '[' + v.length + ']:';
      for (let i = 0; i < v.length; i++) listItem(v[i], d + 1);
    }
  }
}

/** An object as a list item: its first member on the dash line, the rest indented under it. */
function objectItem(obj: Obj, d: number): void {
  plain(obj);
  let k0: string | undefined;
  for (const k in obj) {
    k0 = k;
    break;
  }
  if (k0 === undefined) {
    out += nl(d) + '-';
    return;
  }
  const v0 = obj[k0];
  const lead = nl(d) + '- ';
  if (typeof v0 !== 'object' || v0 === null) out += lead + encodeKey(k0) + ': ' + prim(v0);
  else if (Array.isArray(v0)) {
    plainArray(v0);
    if (!(v0.every(isObject) && table(v0, lead + encodeKey(k0), d + 2))) firstArrayMember(lead + encodeKey(k0), v0, d);
  } else {
    plain(v0 as Obj);
    if (!keyedTable(v0 as Obj, lead, k0, d + 2)) {
      out += lead + encodeKey(k0) + ':';
      members(v0 as Obj, d + 2, false);
    }
  }
  members(obj, d + 1, true);
}

function firstArrayMember(head: string, arr: unknown[], d: number): void {
  out += head;
  if (arr.length === 0) out += ': []';
  else if (allPrimitive(arr)) inline(arr);
  else {
    out += '[' + arr.length + ']:';
    for (let i = 0; i < arr.length; i++) listItem(arr[i], d + 2);
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
    case 'object': // null: objects and arrays never reach here
    case 'undefined':
    case 'function':
    case 'symbol':
      return 'null';
    default:
      throw UNSUPPORTED; // bigint
  }
}

/**
 * `s.charCodeAt(i)` through a held reference. Once any object inherits from String.prototype (ioredis 6
 * declares `class VerbatimString extends String`), V8 no longer inlines the method looked up on a
 * string, and each call costs about seven times more; called this way it stays inlined. The app now
 * holds ioredis at 5.x and test/string-builtins.test.ts guards the whole process, but the encoder,
 * whose time is mostly string scanning, keeps its speed whatever a dependency does.
 */
const charCodeAt = String.prototype.charCodeAt;
const code = (s: string, i: number): number => charCodeAt.call(s, i);

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
    const c = code(s, i);
    if (c < 128) {
      if (FORCES_QUOTES[c] === 1) safe = false;
    } else if (c >= 0xd800 && c <= 0xdfff && LONE_SURROGATE.test(s)) throw UNSUPPORTED; // the library refuses these
  }
  if (safe) {
    const c0 = code(s, 0);
    const cn = code(s, n - 1);
    if (c0 === 32 || c0 === 9 || c0 === 45 || c0 === 35 || cn === 32 || cn === 9)
      safe = false; // space, tab, '-', '#'
    else if ((c0 >= 48 && c0 <= 57) || c0 === 43) safe = !numericLike(s);
    else if (s === 'true' || s === 'false' || s === 'null') safe = false;
  }
  return safe ? s : `"${escape(s)}"`;
}

/** The library's /^[+-]?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i, without the regex. */
function numericLike(s: string): boolean {
  const n = s.length;
  let i = code(s, 0) === 43 || code(s, 0) === 45 ? 1 : 0;
  let from = i;
  while (i < n && isDigit(code(s, i))) i++;
  if (i === from) return false;
  if (i < n && code(s, i) === 46) {
    from = ++i;
    while (i < n && isDigit(code(s, i))) i++;
    if (i === from) return false;
  }
  if (i < n && (code(s, i) | 32) === 101) {
    i++;
    if (code(s, i) === 43 || code(s, i) === 45) i++;
    from = i;
    while (i < n && isDigit(code(s, i))) i++;
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

/** `\n<indent>key: `, remembered per depth: the lead of a member line and of a keyed table's row. */
const KEY_LINES: Map<string, string>[] = [];

function keyLine(key: string, d: number): string {
  if (d >= 32) return nl(d) + encodeKey(key) + ': ';
  const lines = KEY_LINES[d] ?? (KEY_LINES[d] = new Map());
  let line = lines.get(key);
  if (line === undefined) {
    line = nl(d) + encodeKey(key) + ': ';
    if (lines.size < 4096) lines.set(key, line);
  }
  return line;
}
