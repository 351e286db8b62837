// How the reader controls' raw values become ReadOptions fields: selector lists split at
// top-level commas only, waits, formats and Accept-Language values checked, 400s naming the parameter.

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/errors.js';
import { parseFormats, parseLang, parseWaitFor, readerControls, selectorList, splitTopLevel } from './controls.js';

const paramOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return `${err.statusCode} ${err.extra.param}`;
    throw err;
  }
  return undefined;
};

describe('reader controls', () => {
  it('splits selector lists at top-level commas only', () => {
    expect(splitTopLevel('h1, .a ,:is(b, i)')).toEqual(['h1', '.a', ':is(b, i)']);
    expect(splitTopLevel('[title="a,b"], p')).toEqual(['[title="a,b"]', 'p']);
    expect(splitTopLevel("a[href*='x,y'],\\,odd")).toEqual(["a[href*='x,y']", '\\,odd']);
    expect(selectorList('include', ['h1,p', 'p', ' '])).toEqual(['h1', 'p']);
    expect(selectorList('include', [])).toBeUndefined();
  });

  it('refuses invalid, too many and too long selectors naming the parameter', () => {
    expect(paramOf(() => selectorList('exclude', ['p:no-such-pseudo']))).toBe('400 exclude');
    expect(paramOf(() => selectorList('include', [Array.from({ length: 21 }, (_, i) => `.c${i}`).join(',')]))).toBe('400 include');
    expect(paramOf(() => selectorList('include', [`.${'x'.repeat(400)}`]))).toBe('400 include');
  });

  it('reads wait_for as milliseconds or one selector, with render=1 only', () => {
    expect(parseWaitFor('2500', true)).toEqual({ ms: 2500 });
    expect(parseWaitFor('#late .item', true)).toEqual({ selector: '#late .item' });
    expect(paramOf(() => parseWaitFor('#a, #b', true))).toBe('400 wait_for');
    expect(paramOf(() => parseWaitFor('10001', true))).toBe('400 wait_for');
    expect(paramOf(() => parseWaitFor('#late', false))).toBe('400 wait_for');
  });

  it('reads formats from comma-separated or repeated values, without repeats', () => {
    expect(parseFormats(['markdown, LINKS', 'links,images'], false)).toEqual(['markdown', 'links', 'images']);
    expect(paramOf(() => parseFormats(['markdown,rawHtml'], false))).toBe('400 formats');
    expect(parseFormats(['screenshot'], true)).toEqual(['screenshot']);
  });

  it('takes an Accept-Language value and refuses anything else', () => {
    expect(parseLang('hi-IN, hi;q=0.9 ,*;q=0.1')).toBe('hi-IN,hi;q=0.9,*;q=0.1');
    expect(paramOf(() => parseLang('en\r\nX-Evil: 1'))).toBe('400 lang');
    expect(paramOf(() => parseLang('en;q=2'))).toBe('400 lang');
  });

  it('gathers the checked controls, and refuses mobile without render', () => {
    expect(readerControls({ include: ['main'], max_age: 60, no_cache: '0', render: '1', mobile: '1', lang: 'de' })).toEqual({
      include: ['main'],
      maxAgeS: 60,
      mobile: true,
      lang: 'de',
    });
    expect(readerControls({})).toEqual({});
    expect(paramOf(() => readerControls({ mobile: '1' }))).toBe('400 mobile');
  });
});
