import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/errors.js';
import { checkXmlText, escapeXml, replaceRefused, xmlTextFault } from './index.js';

describe("text into documents (XML 1.0's characters, less the C1 controls)", () => {
  it('lets through every character XML 1.0 allows but the C1 controls, pairs of surrogates included', () => {
    for (const s of ['plain', 'tab\tline\nreturn\r', '\u0020\u007e\u00a0\ud7ff', '\ue000\ufffd', '😀 𝄞 \u{10ffff}', 'आशा', '']) {
      expect(xmlTextFault(s), JSON.stringify(s)).toBeUndefined();
    }
  });

  it.each([
    ['\u0000', 0x0, 'a control character'],
    ['\u0008', 0x8, 'a control character'],
    ['\u000b', 0xb, 'a control character'],
    ['\u001f', 0x1f, 'a control character'],
    ['\u007f', 0x7f, 'a control character'],
    ['\u0080', 0x80, 'a C1 control character'],
    ['\u009f', 0x9f, 'a C1 control character'],
    ['\ud800', 0xd800, 'half of a surrogate pair without its other half'],
    ['\udfff', 0xdfff, 'half of a surrogate pair without its other half'],
    ['\ufffe', 0xfffe, 'a noncharacter'],
    ['\uffff', 0xffff, 'a noncharacter'],
  ])('refuses %j and says what it is', (ch, codePoint, kind) => {
    expect(xmlTextFault(`ab${ch}`)).toEqual({ position: 3, codePoint, kind });
  });

  it('counts the position in characters, an emoji as one', () => {
    expect(xmlTextFault('😀😀\ufffe')?.position).toBe(3);
    // A low surrogate with no high one before it is refused, not taken for half of the emoji.
    expect(xmlTextFault('😀\udc00')).toMatchObject({ position: 2, codePoint: 0xdc00 });
  });

  it('answers a value with a refused character with a 400 naming the parameter, the character and where', () => {
    const err = (() => {
      try {
        checkXmlText('name', 'Asha\uffffRao');
      } catch (e) {
        return e;
      }
    })() as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.statusCode).toBe(400);
    expect(err.extra).toEqual({ param: 'name', character: 'U+FFFF', position: 5 });
    expect(err.message).toMatch(/^name carries U\+FFFF \(a noncharacter\) at character 5/);
    expect(() => checkXmlText('name', undefined)).not.toThrow();
    expect(() => checkXmlText('name', 'Asha Rao')).not.toThrow();
  });

  it('escapes text for a document, with U+FFFD in place of each refused character', () => {
    expect(escapeXml('a<b>&"c"\ufffe\u0001\ud800😀')).toBe('a&lt;b&gt;&amp;&quot;c&quot;\ufffd\ufffd\ufffd😀');
    expect(replaceRefused('fine')).toBe('fine');
    expect(xmlTextFault(escapeXml('\u0085\uffff\udbff'))).toBeUndefined();
  });
});
