// Answers sized for a model's context (issue 45). A route answers everything it knows; a model
// pays for every byte of a tool result, and clients warn above ~10,000 tokens and cut at
// ~25,000. So every tool takes `detail`: brief (the default) answers within a small budget,
// full within a large one, and `cursor` pages the answer's longest list or text. What is cut is
// said in a note after the JSON: which list, how many items were shown of how many, the cursor
// of the next page, and which parts were left out. docs/decisions/mcp-sizing.md has the figures.

import type { Answer } from './run.js';

/** Bytes of a brief answer, and of any answer (a page of detail full). */
export const BRIEF_BYTES = 16_000;
export const FULL_BYTES = 96_000;

/**
 * Tools whose brief answer is a narrower question to the route rather than a cut of its whole
 * answer: a birth chart's placements, lagna, dasha and birth panchanga (about 8 KB) instead of
 * every module (150 KB). The arguments apply only when the caller gave none of the same name.
 */
export interface Brief {
  args: Record<string, string>;
  bytes?: number;
  /** How to reach what the brief answer leaves out. */
  hint: string;
}
export const BRIEF_ARGUMENTS: Record<string, Brief> = {
  astro: {
    args: { needs: 'graha,lagna,panchanga,dasha' },
    bytes: 8_000,
    hint: 'This brief chart has the placements, lagna, dasha and birth panchanga; needs names other modules (bhava, varga, d9, ashtakavarga, upagrahas, yogas, strengths), detail full gives every one.',
  },
};

/** The two parameters every tool takes, as tools/list shows them. */
export const SIZING_PARAMETERS: Record<string, Record<string, unknown>> = {
  // No descriptions: 56 tools carry them, so the server's instructions say once what they do,
  // and a cut answer's note names the cursor of its next page.
  detail: { enum: ['brief', 'full'] },
  cursor: { type: 'integer' },
};

export interface Sizing {
  full: boolean;
  cursor: number;
}

/** The sizing arguments of a call, taken out of the arguments the route sees. */
export function sizingOf(args: Record<string, unknown>): { sizing: Sizing; rest: Record<string, unknown> } | { error: string; param: string } {
  const { detail, cursor, ...rest } = args;
  if (detail !== undefined && detail !== 'brief' && detail !== 'full') return { error: 'detail must be brief or full', param: 'detail' };
  const at = cursor === undefined ? 0 : Number(cursor);
  if (!Number.isSafeInteger(at) || at < 0) return { error: 'cursor must be a whole number from 0, as an answer gave it', param: 'cursor' };
  return { sizing: { full: detail === 'full', cursor: at }, rest };
}

type Json = unknown;
type Path = (string | number)[];
const size = (v: Json) => Buffer.byteLength(JSON.stringify(v) ?? '');
/** Bytes of a text as it travels inside a result: a JSON string. */
const escapedSize = (text: string) => Buffer.byteLength(JSON.stringify(text));

/** The longest list or text of a value: what a cursor pages. */
function longestPart(value: Json): { path: Path; bytes: number } | undefined {
  let best: { path: Path; bytes: number } | undefined;
  const walk = (v: Json, path: Path, depth: number) => {
    if (typeof v === 'string' && v.length > 2_000) {
      if (!best || v.length > best.bytes) best = { path, bytes: Buffer.byteLength(v) };
    } else if (Array.isArray(v)) {
      const bytes = size(v);
      if (v.length > 1 && (!best || bytes > best.bytes)) best = { path, bytes };
      if (depth < 4) v.forEach((x, i) => walk(x, [...path, i], depth + 1));
    } else if (v && typeof v === 'object' && depth < 4) {
      for (const [k, x] of Object.entries(v)) walk(x, [...path, k], depth + 1);
    }
  };
  walk(value, [], 0);
  return best;
}

const get = (v: Json, path: Path): Json => path.reduce<Json>((x, k) => (x as Record<string | number, Json>)[k], v);
function set(v: Json, path: Path, part: Json): Json {
  if (path.length === 0) return part;
  const parent = get(v, path.slice(0, -1)) as Record<string | number, Json>;
  parent[path[path.length - 1]] = part;
  return v;
}
const named = (path: Path) => (path.length === 0 ? 'the answer' : path.join('.'));

/** One page of a list or text: from `from`, as much as fits in `room` bytes (at least one item). */
function pageOf(part: Json, from: number, room: number): { page: Json; shown: number; total: number } {
  if (typeof part === 'string') {
    const chars = Math.max(200, Math.floor(room * 0.9));
    return { page: part.slice(from, from + chars), shown: Math.min(chars, Math.max(0, part.length - from)), total: part.length };
  }
  const items = part as Json[];
  const page: Json[] = [];
  let used = 2;
  for (let i = from; i < items.length; i++) {
    const bytes = size(items[i]) + 1;
    if (page.length > 0 && used + bytes > room) break;
    page.push(items[i]);
    used += bytes;
  }
  return { page, shown: page.length, total: items.length };
}

/**
 * A JSON answer cut to `budget` bytes: its longest list (or text) paged from `cursor`, then, while
 * it is still too large, its largest other parts left out. Returns the JSON and a note for the
 * model, or the text as it was when it fits and no cursor was asked.
 */
export function fitJson(text: string, budget: number, cursor: number, hint: string): { json: string; note?: string } {
  if (cursor === 0 && escapedSize(text) <= budget) return { json: text };
  // The answer travels as a JSON string inside the result (quotes escaped) with a note after it.
  const room = Math.floor(budget * 0.85) - 500;
  let value = JSON.parse(text) as Json;
  const notes: string[] = [];
  const main = longestPart(value);
  if (main) {
    const part = get(value, main.path);
    const others = size(set(value, main.path, Array.isArray(part) ? [] : ''));
    const pageRoom = Math.max(room - others - 400, Math.floor(room / 3));
    const { page, shown, total } = pageOf(part, cursor, pageRoom);
    value = set(value, main.path, page);
    const unit = typeof part === 'string' ? 'characters' : 'items';
    const next = cursor + shown < total ? `; cursor ${cursor + shown} gives the next page` : '';
    if (cursor > 0 || shown < total) notes.push(`${named(main.path)}: ${unit} ${cursor + 1}–${cursor + shown} of ${total}${next}`);
  }
  // Whatever else is too large: the largest part not holding the paged list, left out whole.
  const onMain = (path: Path) => main !== undefined && path.every((k, i) => main.path[i] === k);
  const left: string[] = [];
  while (size(value) > room) {
    let path: Path = [];
    let node = value;
    for (;;) {
      if (!node || typeof node !== 'object') break;
      const children = Object.entries(node as Record<string, Json>).map(([k, x]) => ({ k: Array.isArray(node) ? Number(k) : k, x, bytes: size(x) }));
      const largest = children.sort((a, b) => b.bytes - a.bytes)[0];
      if (!largest || largest.bytes < 200) break;
      path = [...path, largest.k];
      node = largest.x;
      if (!onMain(path)) break;
    }
    if (path.length === 0 || onMain(path)) break;
    left.push(`${named(path)} (${Math.round(size(node) / 1000)} KB)`);
    value = set(value, path, '(left out; see the note)');
  }
  if (left.length) notes.push(`left out to fit: ${left.join(', ')}`);
  return { json: JSON.stringify(value), note: `Cut to fit ${Math.round(budget / 1000)} KB. ${notes.join('. ')}. ${hint}` };
}

/** A text answer (TOON, SVG markup, plain text) cut at `budget` bytes from `cursor`. */
export function fitText(text: string, budget: number, cursor: number): { text: string; note?: string } {
  if (cursor === 0 && escapedSize(text) <= budget) return { text };
  const { page, shown, total } = pageOf(text, cursor, Math.floor(budget * 0.8) - 500);
  const next = cursor + shown < total ? `; cursor ${cursor + shown} gives the next page` : '';
  return { text: page as string, note: `Cut to fit ${Math.round(budget / 1000)} KB: characters ${cursor + 1}–${cursor + shown} of ${total}${next}.` };
}

const mediaType = (type: string) => type.split(';')[0].trim().toLowerCase();

/** An answer sized for a model: a JSON or text success cut to its budget with a note; errors and images as they are. */
export function sizeAnswer(answer: Answer, sizing: Sizing, brief?: Brief): Answer {
  if ('error' in answer || answer.status >= 400) return answer;
  const type = mediaType(answer.type);
  if (type.startsWith('image/') && type !== 'image/svg+xml') return answer;
  const budget = sizing.full ? FULL_BYTES : (brief?.bytes ?? BRIEF_BYTES);
  const text = typeof answer.body === 'string' ? answer.body : answer.body.toString('utf8');
  const more = sizing.full ? 'cursor pages the rest.' : 'detail full gives the whole answer; cursor pages it.';
  const lead = brief && !sizing.full ? brief.hint : undefined;
  if (type === 'application/json') {
    const { json, note } = fitJson(text, budget, sizing.cursor, more);
    const said = [lead, note].filter(Boolean).join(' ');
    return { ...answer, body: json, ...(said ? { note: said } : {}) };
  }
  const { text: page, note } = fitText(text, budget, sizing.cursor);
  return { ...answer, body: page, ...(note ? { note: `${note} ${more}` } : {}) };
}
