import { describe, expect, it } from 'vitest';
import { fitJson, fitText, sizeAnswer, sizingOf } from './sizing.js';
import { parseToolsets, toolsetsIn } from './toolsets.js';

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ i, name: `item ${i}`, pad: 'x'.repeat(80) }));

describe('answers sized for a model', () => {
  it('leaves an answer within its budget as it was, note-free', () => {
    const text = JSON.stringify({ status: 'ok', items: items(3) });
    expect(fitJson(text, 16_000, 0, 'more')).toEqual({ json: text });
  });

  it('pages the longest list of a large answer, whole items only, and names the next cursor', () => {
    const text = JSON.stringify({ status: 'ok', count: 1000, items: items(1000) });
    const { json, note } = fitJson(text, 16_000, 0, 'detail full gives the whole answer.');
    const page = JSON.parse(json) as { status: string; items: { i: number }[] };
    expect(Buffer.byteLength(JSON.stringify(json))).toBeLessThan(16_000);
    expect(page.status).toBe('ok');
    expect(page.items[0].i).toBe(0);
    const shown = page.items.length;
    expect(note).toBe(`Cut to fit 16 KB. items: items 1–${shown} of 1000; cursor ${shown} gives the next page. detail full gives the whole answer.`);
    const next = JSON.parse(fitJson(text, 16_000, shown, '').json) as { items: { i: number }[] };
    expect(next.items[0].i).toBe(shown);
  });

  it('leaves out whole the largest other parts when the paged list alone does not bring it within budget', () => {
    const text = JSON.stringify({ list: items(300), big: { text: 'y'.repeat(30_000) }, small: 1 });
    const { json, note } = fitJson(text, 16_000, 0, '');
    expect(Buffer.byteLength(JSON.stringify(json))).toBeLessThan(16_000);
    expect(JSON.parse(json).small).toBe(1);
    expect(note).toMatch(/left out to fit: big/);
  });

  it('cuts a text answer at its budget from the cursor', () => {
    const { text, note } = fitText('z'.repeat(50_000), 16_000, 0);
    expect(text.length).toBeLessThan(16_000);
    expect(note).toMatch(new RegExp(`characters 1–${text.length} of 50000; cursor ${text.length}`));
  });

  it('passes errors and raster images through, and reads detail and cursor out of the arguments', () => {
    const error = { status: 400, error: { code: 'X' }, message: 'no' };
    expect(sizeAnswer(error, { full: false, cursor: 0 })).toBe(error);
    const png = { status: 200, type: 'image/png', body: Buffer.alloc(100_000) };
    expect(sizeAnswer(png, { full: false, cursor: 0 })).toBe(png);
    expect(sizingOf({ a: 1, detail: 'full', cursor: '40' })).toEqual({ sizing: { full: true, cursor: 40 }, rest: { a: 1 } });
    expect(sizingOf({ detail: 'all' })).toMatchObject({ param: 'detail' });
    expect(sizingOf({ cursor: -1 })).toMatchObject({ param: 'cursor' });
  });
});

describe('toolsets', () => {
  it('reads a list of toolsets, default (all but lab) and all, and names one that is none', () => {
    expect(toolsetsIn('astro, Panchang')).toEqual({ toolsets: new Set(['astro', 'panchang']) });
    const byDefault = parseToolsets([]);
    expect('toolsets' in byDefault && byDefault.toolsets.has('lab')).toBe(false);
    expect('toolsets' in byDefault && byDefault.toolsets.has('web')).toBe(true);
    const all = toolsetsIn('all');
    expect('toolsets' in all && all.toolsets.has('lab')).toBe(true);
    expect(toolsetsIn('astro,astrology')).toEqual({ unknown: 'astrology' });
  });
});
