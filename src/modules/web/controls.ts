// The reader controls of /fetch and /crawl (include, exclude, wait_for, formats, max_age,
// no_cache, mobile, lang), from the values a client sent to checked ReadOptions fields, or a
// 400 naming the parameter. Checked before anything is fetched: a typo costs no fetch.
// Other entry points (request headers of /r/<url>, a Firecrawl body) hand their values here
// under the same names. See docs/decisions/web-reader-controls.md.

import { invalidParam } from '../../core/errors.js';
import { checkedQuery } from './extract/query.js';
import { SelectorError } from './extract/selector-shape.js';
import { OUTPUT_FORMATS, type OutputFormat, type RawControls, type ReadOptions, type WaitFor } from './types.js';

export const MAX_SELECTORS = 20;
export const MAX_SELECTOR_CHARS = 300;
/** The longest wait_for delay, in ms: a rendered page has BROWSER_TIMEOUT_MS (15 s by default) in all. */
export const MAX_WAIT_MS = 10_000;

type Controls = Pick<ReadOptions, 'include' | 'exclude' | 'waitFor' | 'formats' | 'maxAgeS' | 'noCache' | 'mobile' | 'lang'>;

export function readerControls(q: RawControls): Controls {
  const render = q.render === '1';
  const out: Controls = {};
  const include = selectorList('include', q.include);
  if (include) out.include = include;
  const exclude = selectorList('exclude', q.exclude);
  if (exclude) out.exclude = exclude;
  const waitFor = parseWaitFor(q.wait_for, render);
  if (waitFor) out.waitFor = waitFor;
  const formats = parseFormats(q.formats, render);
  if (formats) out.formats = formats;
  if (q.max_age !== undefined) out.maxAgeS = q.max_age;
  if (q.no_cache === '1') out.noCache = true;
  if (q.mobile === '1') {
    if (!render) throw invalidParam('mobile', 'mobile=1 sets a phone viewport and user agent in the browser: add render=1');
    out.mobile = true;
  }
  const lang = parseLang(q.lang);
  if (lang) out.lang = lang;
  return out;
}

/**
 * One or more selectors from repeated or comma-separated values: split at top-level commas
 * only (a comma inside :is(a, b) or [title="a,b"] stays), each compiled once to prove it valid
 * and its shape checked against SELECTOR_LIMITS (extract/selector-shape.ts): a selector whose
 * matching would cost more than the page's size is a 400 naming the part refused.
 */
export function selectorList(param: string, values: readonly string[] | undefined): string[] | undefined {
  if (!values?.length) return undefined;
  const out: string[] = [];
  for (const v of values) for (const s of splitTopLevel(v)) if (s && !out.includes(s)) out.push(s);
  if (!out.length) return undefined;
  if (out.length > MAX_SELECTORS) throw invalidParam(param, `${param} takes at most ${MAX_SELECTORS} selectors; ${out.length} were given`);
  for (const s of out) {
    if (s.length > MAX_SELECTOR_CHARS)
      throw invalidParam(param, `${param}: a selector is at most ${MAX_SELECTOR_CHARS} characters`, { selector: s.slice(0, 80) });
    try {
      checkedQuery(s);
    } catch (err) {
      if (!(err instanceof SelectorError)) throw err;
      if (err.kind === 'invalid') throw invalidParam(param, `${param}: "${s}" is not a valid CSS selector (${err.message})`, { selector: s });
      throw invalidParam(param, `${param}: "${s}" is refused: ${err.message}`, { selector: s, ...(err.part ? { part: err.part } : {}) });
    }
  }
  return out;
}

/** Splits a selector list at the commas outside quotes, brackets and parentheses. */
export function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '\\') i++;
    else if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(list.slice(start).trim());
  return parts.filter(Boolean);
}

/** A number of milliseconds (0 to MAX_WAIT_MS), or a selector to wait for; render=1 only. */
export function parseWaitFor(raw: string | undefined, render: boolean): WaitFor | undefined {
  const v = raw?.trim();
  if (!v) return undefined;
  if (!render) throw invalidParam('wait_for', 'wait_for waits in the browser: add render=1 (a plain fetch reads the page as the server sent it)');
  if (/^\d+$/.test(v)) {
    const ms = Number(v);
    if (ms > MAX_WAIT_MS) throw invalidParam('wait_for', `wait_for is at most ${MAX_WAIT_MS} ms (or a CSS selector); ${ms} was given`);
    return { ms };
  }
  const [selector, more] = selectorList('wait_for', [v]) ?? [];
  if (more !== undefined) throw invalidParam('wait_for', 'wait_for takes one selector (or a number of milliseconds)');
  return { selector };
}

/** formats as a list of outputs; screenshot needs render=1. */
export function parseFormats(values: readonly string[] | undefined, render: boolean): OutputFormat[] | undefined {
  if (!values?.length) return undefined;
  const out: OutputFormat[] = [];
  for (const v of values) {
    for (const raw of v.split(',')) {
      const f = raw.trim().toLowerCase();
      if (!f) continue;
      if (!(OUTPUT_FORMATS as readonly string[]).includes(f)) {
        throw invalidParam('formats', `formats: "${raw.trim()}" is not an output; use a comma-separated list of ${OUTPUT_FORMATS.join(', ')}`, {
          valid_values: OUTPUT_FORMATS,
        });
      }
      if (!out.includes(f as OutputFormat)) out.push(f as OutputFormat);
    }
  }
  if (out.includes('screenshot') && !render) throw invalidParam('formats', 'formats=screenshot is taken by the browser: add render=1');
  return out.length ? out : undefined;
}

// An Accept-Language value: language ranges with optional weights, e.g. "de-DE,de;q=0.9,en;q=0.5".
const LANG_RANGE = /^(\*|[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)(\s*;\s*q=(0(\.\d{0,3})?|1(\.0{0,3})?))?$/;

export function parseLang(raw: string | undefined): string | undefined {
  const v = raw?.trim();
  if (!v) return undefined;
  const ranges = v.split(',').map((r) => r.trim());
  if (v.length > 200 || ranges.length > 10 || !ranges.every((r) => LANG_RANGE.test(r))) {
    throw invalidParam('lang', 'lang is an Accept-Language value: language tags with optional weights, e.g. "hi-IN,hi;q=0.9,en;q=0.5"');
  }
  return ranges.join(',');
}
