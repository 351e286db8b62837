import { describe, expect, it } from 'vitest';
import { htmlToText, parseEngineDate, splitDatePrefix } from './text.js';

const now = new Date('2026-11-21T12:00:00Z');

describe('engine text helpers', () => {
  it('reads relative and absolute dates as engines print them', () => {
    expect(parseEngineDate('3 hours ago', now)).toBe('2026-11-21T09:00:00.000Z');
    expect(parseEngineDate('an hour ago', now)).toBe('2026-11-21T11:00:00.000Z');
    expect(parseEngineDate('Yesterday', now)).toBe('2026-11-20T12:00:00.000Z');
    expect(parseEngineDate('2 weeks ago', now)).toBe('2026-11-07T12:00:00.000Z');
    expect(parseEngineDate('2022-03-08', now)).toBe(new Date('2022-03-08').toISOString());
    expect(parseEngineDate('18 Jun 2023', now)).toBe(new Date('18 Jun 2023').toISOString());
  });

  it('does not take numbers, words or future dates for dates', () => {
    expect(parseEngineDate('42', now)).toBeUndefined();
    expect(parseEngineDate('Apache', now)).toBeUndefined();
    expect(parseEngineDate('Mar 8, 2031', now)).toBeUndefined();
  });

  it('splits a leading date off a snippet and leaves other dashes alone', () => {
    expect(splitDatePrefix('February 9, 2022 - The official home page', now)).toEqual({
      text: 'The official home page',
      published: new Date('February 9, 2022').toISOString(),
    });
    expect(splitDatePrefix('5 days ago ... Example', now)).toEqual({ text: 'Example', published: '2026-11-16T12:00:00.000Z' });
    expect(splitDatePrefix('Join the OpenOffice - revolution', now)).toEqual({ text: 'Join the OpenOffice - revolution' });
  });

  it('turns HTML fragments into plain text with entities decoded', () => {
    expect(htmlToText('Tom &amp; <b>Jerry</b>&nbsp;&#8217;s  <i>show</i>')).toBe('Tom & Jerry ’s show');
    expect(htmlToText(undefined)).toBe('');
  });
});
