// Which characters text may carry into a generated XML document (the SVG charts and label
// cards) or an iCalendar file, checked in one place. XML 1.0 (§2.2, Char) allows only
//   #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]
// so U+FFFE and U+FFFF, the C0 controls but tab, line feed and carriage return, and any lone
// surrogate (a JavaScript string can hold one; UTF-8 cannot) make a document no XML parser
// reads: librsvg refuses the SVG (a PNG chart was a 500), and a browser shows an error page. We
// also refuse the C1 controls U+0080 to U+009F, which XML 1.0 allows but advises against
// (§2.2) and XML 1.1 requires escaped: no name or note needs them, and they are most often a
// Windows-1252 text decoded as Latin-1.
//
// A value a user gives is checked (checkXmlText: a 400 naming the parameter and the character);
// text from our own data is written through escapeXml, which puts U+FFFD in place of any such
// character, so a document is well-formed whatever a source held. See docs/decisions/xml-text.md.

import { invalidParam } from '../../core/errors.js';

/** A character text may not carry into a document: where it is and what it is. */
export interface XmlTextFault {
  /** Its position counted in characters (code points), from 1, as a person counts. */
  position: number;
  /** Its code point (a lone surrogate's own value). */
  codePoint: number;
  /** What it is, in words. */
  kind: string;
}

// Everything outside XML 1.0's Char, plus DEL and the C1 controls. With the u flag,
// [\uD800-\uDFFF] matches only a surrogate that is not half of a pair. Written as a string so
// the control characters stay escapes in the source.
const REFUSED_CLASS = '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\uD800-\\uDFFF\\uFFFE\\uFFFF]';
const REFUSED = new RegExp(REFUSED_CLASS, 'u');
const REFUSED_ALL = new RegExp(REFUSED_CLASS, 'gu');

/** What kind of refused character `cp` is. */
function kindOf(cp: number): string {
  if (cp < 0x20 || cp === 0x7f) return 'a control character';
  if (cp <= 0x9f) return 'a C1 control character';
  if (cp >= 0xd800 && cp <= 0xdfff) return 'half of a surrogate pair without its other half';
  return 'a noncharacter';
}

/** U+FFFE, the way Unicode names a code point. */
export const codePointName = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** The first character of `s` that may not go into a document, or undefined when there is none. */
export function xmlTextFault(s: string): XmlTextFault | undefined {
  const m = REFUSED.exec(s);
  if (!m) return undefined;
  // A string's iterator walks code points (a lone surrogate is one), as a person counts characters.
  return { position: [...s.slice(0, m.index)].length + 1, codePoint: m[0].charCodeAt(0), kind: kindOf(m[0].charCodeAt(0)) };
}

/**
 * Throws a 400 naming `param` when its value carries a character that may not go into a
 * document (which one, and where). Absent values pass.
 */
export function checkXmlText(param: string, value: string | undefined): void {
  if (value === undefined) return;
  const fault = xmlTextFault(value);
  if (!fault) return;
  const name = codePointName(fault.codePoint);
  throw invalidParam(
    param,
    `${param} carries ${name} (${fault.kind}) at character ${fault.position}, which cannot be written into the document; ` +
      'remove it (control characters, U+FFFE, U+FFFF and lone surrogates are refused)',
    { character: name, position: fault.position },
  );
}

/** `s` with every character that may not go into a document replaced by U+FFFD. */
export const replaceRefused = (s: string) => (REFUSED.test(s) ? s.replace(REFUSED_ALL, '\uFFFD') : s);

/**
 * Text for an XML element, or an attribute value in double quotes (the only quotes our
 * documents use): refused characters replaced by U+FFFD, then & < > " escaped.
 */
export const escapeXml = (s: string) => replaceRefused(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
